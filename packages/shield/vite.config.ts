import { defineConfig } from 'vite';

/**
 * The standalone page script: one IIFE file, no React, no schema library. ES2022, so class fields
 * and private names ship as written (ES2020 wrapped them in half a kilobyte of helpers); every
 * browser with the platform `<dialog>` the script's popups use runs it.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: 'src/standalone.ts', formats: ['iife'], name: 'WaymarkShieldBundle', fileName: () => 'shield.js' },
  },
});
