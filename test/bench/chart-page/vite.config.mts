import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the chart benchmark page (test/bench/chart-page) into the folder the benchmark passes. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: { emptyOutDir: true, reportCompressedSize: false },
});
