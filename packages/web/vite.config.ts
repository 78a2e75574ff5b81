import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
  ssr: {
    // The server bundle runs in Node next to node_modules; only our own packages are bundled.
    noExternal: [/^@waymark\//],
  },
});
