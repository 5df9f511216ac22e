import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint-rules/layer-imports.mjs';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    // electron-builder loads its hooks with require(): CommonJS by necessity.
    files: ['build/**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layerRules(),
);

/**
 * The layers (docs/architecture.md, "Layers"), one block each, naming the folders a layer may
 * import from. npm packages are allowed unless listed in `forbidden`. A file matched by two blocks
 * takes the later one, so tests beside the code come after the code's own block.
 * test/integration/layers.test.ts shows every rule failing on a probe file.
 */
function layerRules() {
  const TS = '**/*.{ts,tsx,mts}';
  const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**'];
  const noElectron = ['electron'];
  const layer = (files, options, extra = {}) => ({
    files,
    ...extra,
    plugins: { layers },
    rules: { 'layers/imports': ['error', options] },
  });
  return [
    // The renderer: a web page. Its own files and shared/; no Node, no Electron (the preload bridge is
    // its only way out). This block holds for the shell (renderer/shell/, the entry main.tsx) and the
    // tests beside the code; the layers below narrow it: lib < ui < features < shell.
    layer([`renderer/${TS}`], {
      mayImport: ['renderer', 'shared'],
      nodeBuiltins: false,
      forbidden: noElectron,
    }),
    // renderer/lib/: the bridge, queries, formats, general hooks and the ports the shell fills in.
    layer(
      [`renderer/lib/${TS}`],
      { mayImport: ['renderer/lib', 'shared'], nodeBuiltins: false, forbidden: noElectron },
      { ignores: TESTS },
    ),
    // renderer/ui/: the kit (panel frame, dialog, form field, state bodies), on lib/ only.
    layer(
      [`renderer/ui/${TS}`],
      { mayImport: ['renderer/lib', 'renderer/ui', 'shared'], nodeBuiltins: false, forbidden: noElectron },
      { ignores: TESTS },
    ),
    // renderer/features/: one folder a feature, on the kit and lib/; another feature only through
    // its index.ts. Never the shell, which imports them (the shell reaches back through lib/ ports).
    layer(
      [`renderer/features/${TS}`],
      {
        mayImport: ['renderer/lib', 'renderer/ui', 'renderer/features', 'shared'],
        nodeBuiltins: false,
        forbidden: noElectron,
        modules: ['renderer/features'],
      },
      { ignores: TESTS },
    ),
    // shared/: types, schemas and pure functions every side uses; nothing outside itself, no Node, no Electron.
    layer([`shared/${TS}`], { mayImport: ['shared'], nodeBuiltins: false, forbidden: noElectron }),
    // ...whose tests may read the fixtures (the SDK's signing examples) as JSON imports.
    layer([`shared/**/*.test.ts`, 'shared/**/testing/**'], {
      mayImport: ['shared', 'test/fixtures'],
      nodeBuiltins: false,
      forbidden: noElectron,
    }),
    // Node helpers of the app (stores on disk, the event service on gRPC's Buffers, backoff, redaction).
    layer(
      [`electron/common/${TS}`],
      { mayImport: ['electron/common', 'shared'], forbidden: noElectron },
      { ignores: TESTS },
    ),
    // The Open API client and the streaming clients: side by side, neither imports the other (what
    // both need, such as the listener set and the trusted CAs, is in electron/common/); no services,
    // no main, no sandbox.
    layer(
      [`electron/openapi/${TS}`],
      { mayImport: ['electron/openapi', 'electron/common', 'shared'], forbidden: noElectron },
      { ignores: TESTS },
    ),
    layer(
      [`electron/streaming/${TS}`],
      { mayImport: ['electron/streaming', 'electron/common', 'shared'], forbidden: noElectron },
      { ignores: TESTS },
    ),
    // The sandbox: a program of its own (docs/sandbox.md "The package"), a fake broker that talks to
    // the app only over the network. Its files and its tests: itself and shared/, nothing of the app.
    layer([`sandbox/${TS}`, 'sandbox/bin/**/*.mjs'], {
      mayImport: ['sandbox', 'shared'],
      forbidden: noElectron,
    }),
    // The services: main's logic without Electron (tested in plain Node), through ports main fills in.
    layer(
      [`electron/services/${TS}`],
      {
        mayImport: [
          'electron/services',
          'electron/openapi',
          'electron/streaming',
          'sandbox/index',
          'electron/common',
          'shared',
        ],
        forbidden: noElectron,
      },
      { ignores: TESTS },
    ),
    // Main: the only layer besides preload that imports Electron; anything in electron/ but the stand-in.
    layer(
      [`electron/main/${TS}`],
      {
        mayImport: [
          'electron/main',
          'electron/services',
          'electron/openapi',
          'electron/streaming',
          'sandbox/index',
          'electron/common',
          'shared',
        ],
      },
      { ignores: TESTS },
    ),
    // Preload: sandboxed, so it can require only `electron`; no Node built-ins.
    layer([`electron/preload/${TS}`], { mayImport: ['electron/preload', 'shared'], nodeBuiltins: false }),
    // The CLI and its launchers.
    layer(['electron/cli.ts', 'electron/bin/**/*.mjs'], {
      mayImport: ['electron', 'sandbox/index', 'shared'],
      forbidden: noElectron,
    }),
    // The stand-in implements the `electron` module for Chromium (docs/testing.md). It is exempt from
    // the Electron rule because it is what `electron` resolves to; it never imports the product.
    layer([`electron/standin/${TS}`], { mayImport: ['electron/standin'] }),
    // Tests and test helpers beside the code may use any product code as a double, not Electron...
    layer([`electron/**/*.test.{ts,tsx}`, 'electron/**/testing/**'], {
      mayImport: ['electron', 'sandbox/index', 'shared'],
      forbidden: noElectron,
    }),
    // ...except main's tests, which test the Electron-facing code (Vitest maps `electron` to the stand-in).
    layer([`electron/main/**/*.test.{ts,tsx}`], { mayImport: ['electron', 'sandbox/index', 'shared'] }),
    // The integration and browser suites: any of the app and the build config, not Electron itself;
    // of the sandbox only its public entries (the start/stop API and the parts a suite drives alone).
    layer([`test/**/*.{ts,tsx,mts,mjs}`], {
      mayImport: [
        'test',
        'electron',
        'renderer',
        'shared',
        'sandbox/index',
        'sandbox/testing',
        'electron.vite.config.mts',
      ],
      forbidden: noElectron,
    }),
  ];
}
