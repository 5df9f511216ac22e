import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { withCspMeta } from './shared/csp';
import { keepOneTheme } from './build/dockview-css';

const root = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes shared/csp.ts's policy into the built index.html as a <meta>: the loaded file:// page has
 * no response headers, so the meta is what Chromium enforces there. Not in dev: the dev server's
 * pages are http responses and get main's header, which allows HMR.
 */
function packageVersion(): string {
  return (JSON.parse(readFileSync(root('./package.json'), 'utf8')) as { version: string }).version;
}

export const cspMeta: Plugin = {
  name: 'bullpen-csp-meta',
  apply: 'build',
  transformIndexHtml: (html) => withCspMeta(html),
};

/** dockview's stylesheet with only the theme the dock uses (build/dockview-css.ts). */
export const dockviewOneTheme: Plugin = {
  name: 'bullpen-dockview-one-theme',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]dockview-react[\\/]dist[\\/]styles[\\/]dockview\.css$/.test(id.split('?')[0] ?? ''))
      return undefined;
    return { code: keepOneTheme(code, 'dockview-theme-dark'), map: null };
  },
};

/** The mode of a packaged build: `electron-vite build --mode package` (the `dist` script). */
export const PACKAGE_MODE = 'package';

/**
 * `__BULLPEN_BENCH_HOOKS__` in main's code: false in a packaged build, so `npm run bench`'s hooks
 * (electron/services/bench-hooks.ts), reached only behind it, are left out of that bundle; true in
 * every other build (the tests' and the benchmark's `out/`).
 */
export const benchHooksFlag: Plugin = {
  name: 'bullpen-bench-hooks-flag',
  config: (_config, { mode }) => ({
    define: { __BULLPEN_BENCH_HOOKS__: JSON.stringify(mode !== PACKAGE_MODE) },
  }),
};

/**
 * Packages bundled into main's output instead of required from node_modules at run time. Main and
 * the sandbox's worker both load these as they start, and each one's require walked dozens of
 * files (zod alone about 65 ms on an idle machine); bundled, they are compiled with the chunk the
 * two share (docs/architecture.md "Startup order"). Pure JavaScript only (build/main-bundle.test.ts);
 * packages only one of the two uses stay external, or the shared chunk would carry them to both.
 */
export const BUNDLED_IN_MAIN = ['zod', 'decimal.js', 'protobufjs'];

/**
 * One build for the three parts (the electron-vite template split: docs/architecture.md "Layers"):
 * - main    electron/main/index.ts    → out/main/index.js     CJS, node_modules external but
 *           BUNDLED_IN_MAIN; the entry
 *           requires its body (main-body.ts) after starting the sandbox's worker ("Startup order")
 *           sandbox/worker/sandbox-worker.ts → out/main/sandbox-worker.js (and its body), the embedded
 *           sandbox's worker thread (docs/architecture.md "Where the sandbox runs")
 *           electron/openapi/reply-reader-worker.ts → out/main/reply-reader-worker.js, the thread
 *           large Open API replies are read in (docs/openapi-client.md "Reading replies")
 * - preload electron/preload/index.ts → out/preload/index.js  CJS, self-contained: a sandboxed preload
 *                                                             may only require('electron')
 * - renderer renderer/index.html      → out/renderer
 */
export default defineConfig({
  main: {
    plugins: [benchHooksFlag],
    build: {
      outDir: 'out/main',
      externalizeDeps: { exclude: BUNDLED_IN_MAIN },
      lib: {
        entry: {
          index: root('./electron/main/index.ts'),
          // Required by the entry at run time, after it started the sandbox's worker.
          'main-body': root('./electron/main/main-body.ts'),
          'sandbox-worker': root('./sandbox/worker/sandbox-worker.ts'),
          // Required by the entry at run time, after the thread lowered its priority.
          'sandbox-worker-body': root('./sandbox/worker/sandbox-worker-body.ts'),
          // The Open API client's reply reader thread (electron/openapi/reply-reader.ts).
          'reply-reader-worker': root('./electron/openapi/reply-reader-worker.ts'),
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
    plugins: [react(), cspMeta, dockviewOneTheme],
    // Settings' About shows the version the build was made from.
    define: { 'import.meta.env.BULLPEN_VERSION': JSON.stringify(packageVersion()) },
    build: {
      outDir: root('./out/renderer'),
      emptyOutDir: true,
      // Smaller and faster to parse at start-up; main and preload stay readable for stack traces.
      minify: true,
      rolldownOptions: { input: root('./renderer/index.html') },
    },
  },
});
