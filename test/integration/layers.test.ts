import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.mjs (docs/architecture.md, "Layers"), each shown failing on a
 * probe: source text linted as if it were a file inside the layer (nothing is written to disk),
 * next to an allowed import that must stay clean, so a rule that matched nothing would fail here.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/imports').map((m) => m.message);
}

/** One import statement of `source`, in the form the probe asks for. */
const importOf = (source: string) => `import * as probe from '${source}';\nexport const used = probe;\n`;

type Probe = [layerFile: string, source: string, expected: RegExp];

const FORBIDDEN: Probe[] = [
  // renderer: only shared/ and its own files, no Node, no Electron.
  ['renderer/shell/__probe__.ts', '../../electron/main/ipc', /may import only renderer, shared/],
  ['renderer/shell/__probe__.ts', '../../electron/services/vault', /may import only renderer, shared/],
  [
    'renderer/shell/__probe__.ts',
    '../../test/integration/helpers/stub-market',
    /may import only renderer, shared/,
  ],
  ['renderer/__probe__.tsx', 'node:fs', /Node built-in/],
  ['renderer/__probe__.tsx', 'path', /Node built-in/],
  ['renderer/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  // Inside the renderer: lib < ui < features < shell, each only downwards.
  ['renderer/lib/__probe__.ts', '../ui/Panel', /may import only renderer\/lib, shared/],
  ['renderer/lib/__probe__.ts', '../features/quotes', /may import only renderer\/lib, shared/],
  ['renderer/lib/__probe__.ts', '../shell/workspace/dock-control', /may import only renderer\/lib, shared/],
  ['renderer/ui/__probe__.tsx', '../features/quotes', /may import only renderer\/lib, renderer\/ui, shared/],
  [
    'renderer/ui/__probe__.tsx',
    '../shell/link-groups/LinkGroupSelect',
    /may import only renderer\/lib, renderer\/ui, shared/,
  ],
  [
    'renderer/features/alerts/__probe__.ts',
    '../../shell/workspace/dock-control',
    /may import only renderer\/lib, renderer\/ui, renderer\/features, shared/,
  ],
  ['renderer/features/alerts/__probe__.ts', '../../main', /resolves to renderer\/main/],
  ['renderer/lib/__probe__.ts', 'node:fs', /Node built-in/],
  ['renderer/ui/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  ['renderer/features/chart/__probe__.ts', '../../../electron/main/ipc', /resolves to electron\/main\/ipc/],
  // Another feature only through its index.ts.
  [
    'renderer/features/chart/__probe__.ts',
    '../quotes/quote-store',
    /reaches inside renderer\/features\/quotes; .*'\.\.\/quotes'/,
  ],
  [
    'renderer/features/chart/parts/__probe__.ts',
    '../../alerts/request-alert',
    /reaches inside renderer\/features\/alerts/,
  ],
  // shared: nothing outside itself.
  ['shared/__probe__.ts', '../renderer/lib/format', /may import only shared/],
  ['shared/ipc/__probe__.ts', '../../electron/common/redact', /may import only shared/],
  ['shared/__probe__.ts', 'node:crypto', /Node built-in/],
  ['shared/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  // shared/'s tests read fixtures, still without Node.
  ['shared/__probe__.test.ts', 'node:fs', /Node built-in/],
  [
    'shared/__probe__.test.ts',
    '../test/integration/helpers/signed-fetch',
    /may import only shared, test\/fixtures/,
  ],
  // The client and the streaming clients: not services, main or the sandbox.
  ['electron/openapi/__probe__.ts', '../services/vault', /resolves to electron\/services\/vault/],
  ['electron/openapi/__probe__.ts', '../main/ipc', /resolves to electron\/main\/ipc/],
  ['electron/openapi/__probe__.ts', '../../sandbox/server', /resolves to sandbox\/server/],
  ['electron/streaming/__probe__.ts', '../services/stream-hub', /resolves to electron\/services\/stream-hub/],
  ['electron/streaming/__probe__.ts', '../main/ipc', /resolves to electron\/main\/ipc/],
  ['electron/streaming/__probe__.ts', '../../sandbox/server', /resolves to sandbox\/server/],
  // ...and not each other: what both need is in electron/common/.
  ['electron/streaming/__probe__.ts', '../openapi/client', /resolves to electron\/openapi\/client/],
  [
    'electron/openapi/__probe__.ts',
    '../streaming/quote-stream',
    /resolves to electron\/streaming\/quote-stream/,
  ],
  // The sandbox, a program of its own: itself and shared/, nothing of the app, its tests included.
  ['sandbox/market/__probe__.ts', '../../electron/services/vault', /may import only sandbox, shared/],
  ['sandbox/__probe__.ts', '../electron/main/ipc', /resolves to electron\/main\/ipc/],
  ['sandbox/__probe__.ts', '../electron/openapi/client', /resolves to electron\/openapi\/client/],
  ['sandbox/store/__probe__.ts', '../../electron/common/atomic-file-node', /may import only sandbox, shared/],
  ['sandbox/__probe__.test.ts', '../electron/testing/temp-dir', /may import only sandbox, shared/],
  ['sandbox/bin/__probe__.mjs', '../../electron/cli.ts', /may import only sandbox, shared/],
  // The app reaches the sandbox only through its public entry (then over the network).
  ['electron/services/__probe__.ts', '../../sandbox/server', /resolves to sandbox\/server/],
  ['electron/main/__probe__.ts', '../../sandbox/market/simulator', /resolves to sandbox\/market\/simulator/],
  ['electron/__probe__.test.ts', '../sandbox/testing', /resolves to sandbox\/testing/],
  ['electron/cli.ts', '../sandbox/cli', /resolves to sandbox\/cli/],
  // The suites: only the sandbox's public entries.
  ['test/integration/__probe__.test.ts', '../../sandbox/server', /resolves to sandbox\/server/],
  // electron/common: the app's Node helpers; not the sandbox at all.
  ['electron/common/__probe__.ts', '../../sandbox/index', /may import only electron\/common, shared/],
  // Only electron/main and electron/preload import `electron`.
  ['electron/services/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  ['sandbox/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  ['electron/openapi/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  ['electron/streaming/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  ['electron/common/__probe__.ts', 'electron/renderer', /only electron\/main and electron\/preload/],
  ['electron/__probe__.test.ts', 'electron', /only electron\/main and electron\/preload/],
  ['test/integration/__probe__.test.ts', 'electron', /only electron\/main and electron\/preload/],
  // The preload is sandboxed: no Node built-ins.
  ['electron/preload/__probe__.ts', 'node:fs', /Node built-in/],
  // Nothing reaches outside the repository.
  ['test/integration/__probe__.test.ts', '../../../beside-the-repo/notes.md', /outside the repository/],
];

const ALLOWED: [layerFile: string, source: string][] = [
  ['renderer/features/__probe__.ts', '../../shared/decimal'],
  ['renderer/features/__probe__.ts', 'react'],
  ['renderer/ui/__probe__.tsx', '../lib/bridge'],
  ['renderer/features/chart/__probe__.ts', '../../ui/Panel'],
  ['renderer/features/chart/__probe__.ts', '../../lib/show-panel'],
  ['renderer/features/chart/__probe__.ts', './chart-controller'],
  ['renderer/features/chart/__probe__.ts', '../quotes'],
  ['renderer/features/chart/__probe__.ts', '../quotes/index'],
  ['renderer/shell/panels/__probe__.ts', '../../features/chart/ChartPanel'],
  ['renderer/__probe__.tsx', './shell/App'],
  // Tests beside the code set up any part of the renderer as a double.
  ['renderer/features/chart/__probe__.test.tsx', '../../shell/panels/PanelInstanceProvider'],
  ['renderer/features/watchlist/__probe__.test.tsx', '../alerts/alert-draft'],
  ['shared/ipc/__probe__.ts', '../decimal'],
  ['shared/__probe__.test.ts', '../test/fixtures/signing-examples.json'],
  ['electron/openapi/__probe__.ts', '../../shared/signing'],
  ['electron/streaming/__probe__.ts', '../common/listeners'],
  ['sandbox/__probe__.ts', '../shared/signing'],
  ['sandbox/market/__probe__.ts', '../../shared/market/calendar'],
  ['sandbox/__probe__.test.ts', './testing/temp-dir'],
  ['sandbox/bin/__probe__.mjs', '../index.ts'],
  ['electron/services/__probe__.ts', '../../sandbox/index'],
  ['electron/__probe__.test.ts', '../sandbox/index'],
  ['electron/cli.ts', '../sandbox/index'],
  ['test/integration/__probe__.test.ts', '../../sandbox/index'],
  ['test/bench/lib/__probe__.ts', '../../../sandbox/testing'],
  ['electron/main/__probe__.ts', 'electron'],
  ['electron/preload/__probe__.ts', 'electron'],
  // The stand-in is what `electron` resolves to; it may use Node and playwright-core.
  ['electron/standin/__probe__.ts', 'node:module'],
];

describe('layer import rules', () => {
  it.each(FORBIDDEN)('%s may not import %s', async (file, source, expected) => {
    const errors = await layerErrors(file, importOf(source));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(expected);
  });

  it.each(ALLOWED)('%s may import %s', async (file, source) => {
    expect(await layerErrors(file, importOf(source))).toEqual([]);
  });

  it('checks re-exports, dynamic imports, require and import types, not only import statements', async () => {
    const code = [
      "export { x } from '../electron/main/ipc';",
      "export * from '../electron/main/windows';",
      "export const later = () => import('../electron/services/vault');",
      "export const old = require('node:fs');",
      "export type T = typeof import('../sandbox/server');",
    ].join('\n');
    expect(await layerErrors('renderer/__probe__.ts', code)).toHaveLength(5);
  });
});
