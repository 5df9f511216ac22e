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
  ['renderer/features/__probe__.ts', '../../electron/main/ipc', /may import only renderer, shared/],
  ['renderer/features/__probe__.ts', '../../electron/services/vault', /may import only renderer, shared/],
  [
    'renderer/features/__probe__.ts',
    '../../test/integration/helpers/stub-market',
    /may import only renderer, shared/,
  ],
  ['renderer/__probe__.tsx', 'node:fs', /Node built-in/],
  ['renderer/__probe__.tsx', 'path', /Node built-in/],
  ['renderer/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  // shared: nothing outside itself.
  ['shared/__probe__.ts', '../renderer/lib/format', /may import only shared/],
  ['shared/ipc/__probe__.ts', '../../electron/common/signing', /may import only shared/],
  ['shared/__probe__.ts', 'node:crypto', /Node built-in/],
  ['shared/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  // The client and the streaming clients: not services, main or the sandbox.
  ['electron/openapi/__probe__.ts', '../services/vault', /resolves to electron\/services\/vault/],
  ['electron/openapi/__probe__.ts', '../main/ipc', /resolves to electron\/main\/ipc/],
  ['electron/openapi/__probe__.ts', '../sandbox/server', /resolves to electron\/sandbox\/server/],
  ['electron/streaming/__probe__.ts', '../services/stream-hub', /resolves to electron\/services\/stream-hub/],
  ['electron/streaming/__probe__.ts', '../main/ipc', /resolves to electron\/main\/ipc/],
  ['electron/streaming/__probe__.ts', '../sandbox/server', /resolves to electron\/sandbox\/server/],
  // ...and not each other: what both need is in electron/common/.
  ['electron/streaming/__probe__.ts', '../openapi/client', /resolves to electron\/openapi\/client/],
  [
    'electron/openapi/__probe__.ts',
    '../streaming/quote-stream',
    /resolves to electron\/streaming\/quote-stream/,
  ],
  // The sandbox: not services or main.
  ['electron/sandbox/market/__probe__.ts', '../../services/vault', /resolves to electron\/services\/vault/],
  ['electron/sandbox/__probe__.ts', '../main/ipc', /resolves to electron\/main\/ipc/],
  ['electron/sandbox/__probe__.ts', '../openapi/client', /resolves to electron\/openapi\/client/],
  // electron/common: shared by client and sandbox, so it depends on neither.
  ['electron/common/__probe__.ts', '../sandbox/server', /may import only electron\/common, shared/],
  // Only electron/main and electron/preload import `electron`.
  ['electron/services/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
  ['electron/sandbox/__probe__.ts', 'electron', /only electron\/main and electron\/preload/],
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
  ['shared/ipc/__probe__.ts', '../decimal'],
  ['electron/openapi/__probe__.ts', '../common/signing'],
  ['electron/streaming/__probe__.ts', '../common/listeners'],
  ['electron/sandbox/__probe__.ts', '../common/signing'],
  ['electron/sandbox/__probe__.ts', '../../shared/market/calendar'],
  ['electron/services/__probe__.ts', '../sandbox/server'],
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
      "export type T = typeof import('../electron/sandbox/server');",
    ].join('\n');
    expect(await layerErrors('renderer/__probe__.ts', code)).toHaveLength(5);
  });
});
