import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One build for the three parts (STYLE.md: the electron-vite template split):
 * - main    electron/main/index.ts    → out/main/index.js     CJS, node_modules external
 *           electron/sandbox/worker/sandbox-worker.ts → out/main/sandbox-worker.js, the embedded
 *           sandbox's worker thread (docs/architecture.md "Where the sandbox runs")
 * - preload electron/preload/index.ts → out/preload/index.js  CJS, self-contained: a sandboxed preload
 *                                                             may only require('electron')
 * - renderer renderer/index.html      → out/renderer
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      lib: {
        entry: {
          index: root('./electron/main/index.ts'),
          'sandbox-worker': root('./electron/sandbox/worker/sandbox-worker.ts'),
        },
        formats: ['cjs'],
        fileName: (_format, entryName) => `${entryName}.js`,
      },
      sourcemap: true,
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Bundle everything: in a sandboxed preload only `require('electron')` works.
      externalizeDeps: false,
      lib: { entry: root('./electron/preload/index.ts'), formats: ['cjs'], fileName: () => 'index.js' },
      rolldownOptions: { external: ['electron'] },
    },
  },
  renderer: {
    root: root('./renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: root('./out/renderer'),
      emptyOutDir: true,
      // Smaller and faster to parse at start-up; main and preload stay readable for stack traces.
      minify: true,
      rolldownOptions: { input: root('./renderer/index.html') },
    },
  },
});
