import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** React and react-dom (and its scheduler): one chunk every page shares, named so tools can tell. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * A feature's face (`src/features/<feature>/index.ts`, the only file of a feature the app may
 * import): it only re-exports (lint keeps it so), so it has no side effects of its own. Said to
 * the bundler, a route that takes one part of a face leaves the face's other parts out of its
 * chunk: without it, each page a face names, which imports its style sheet, would be kept in
 * every chunk that imports the face (one chunk for all the back office's pages, the search page
 * in the main bundle).
 */
const FEATURE_FACE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

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
      treeshake: { moduleSideEffects: (id: string) => !FEATURE_FACE.test(id) },
      // The server bundle leaves React in node_modules.
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'react', test: REACT, priority: 1 }] } },
    },
  },
  ssr: {
    // The server bundle runs in Node next to node_modules; only our own packages are bundled.
    noExternal: [/^@waymark\//],
  },
}));
