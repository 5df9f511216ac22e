import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the chart benchmark page (test/bench/chart-page) into the folder the benchmark passes. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  // No modulepreload polyfill: Chromium has modulepreload, and the polyfill's import does not resolve
  // when Vite runs inside the benchmark's process (tsx).
  build: { emptyOutDir: true, reportCompressedSize: false, modulePreload: { polyfill: false } },
});
