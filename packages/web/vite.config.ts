import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** React and react-dom (and its scheduler): one chunk every page shares, named so tools can tell. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    // Every browser the site supports knows modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Each page type's route is a dynamic entry of its own (src/app/routes.ts); the server
      // reads the manifest to name a page's chunks and styles in its document.
      input: 'src/entry-client.tsx',
      // The server bundle leaves React in node_modules.
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'react', test: REACT, priority: 1 }] } },
    },
  },
  ssr: {
    // The server bundle runs in Node next to node_modules; only our own packages are bundled.
    noExternal: [/^@waymark\//],
  },
}));
