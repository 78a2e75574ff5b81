import { defineConfig } from 'vite';

/** The standalone page script: one IIFE file, no React, no schema library. */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    lib: { entry: 'src/standalone.ts', formats: ['iife'], name: 'WaymarkShieldBundle', fileName: () => 'shield.js' },
  },
});
