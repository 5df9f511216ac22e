import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One declaration of each thing (docs/architecture.md "One of each"): a copy drifts from its
 * original the first time only one of them is changed. Each check names the one place the thing
 * lives and fails on a second.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = /\.(?:ts|tsx|mts|mjs)$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* sourceFiles(full);
    else if (entry.isFile() && SOURCE.test(entry.name)) yield full;
  }
}

/** Files (relative) whose text matches `pattern`, over electron/, renderer/, sandbox/, shared/ and test/. */
function filesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const folder of ['electron', 'renderer', 'sandbox', 'shared', 'test'])
    for (const file of sourceFiles(path.join(root, folder)))
      if (pattern.test(readFileSync(file, 'utf8'))) found.push(path.relative(root, file));
  return found.sort();
}

describe('one of each thing', () => {
  it('uses each product file name once, unless its folder says its role', () => {
    // Same role in each program, or a folder that names the role: entries (index, main, cli), the
    // record schemas and IPC contract parts named after their API area, the stand-in's files named
    // after the Electron module they stand in for, test helpers.
    const SAME_ROLE = new Set(['index.ts', 'main.ts', 'main.tsx', 'cli.ts']);
    const ROLE_FOLDERS = ['shared/openapi/records/', 'shared/ipc/', 'electron/standin/', '/testing/'];
    const byName = new Map<string, string[]>();
    for (const folder of ['electron', 'renderer', 'sandbox', 'shared'])
      for (const file of sourceFiles(path.join(root, folder))) {
        const rel = path.relative(root, file).split(path.sep).join('/');
        const name = path.basename(rel);
        if (/\.(test|spec)\.tsx?$|\.d\.mts$/.test(name) || SAME_ROLE.has(name)) continue;
        if (ROLE_FOLDERS.some((f) => rel.startsWith(f) || rel.includes(f))) continue;
        byName.set(name, [...(byName.get(name) ?? []), rel]);
      }
    expect([...byName].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it('declares the instrument category once (shared/openapi/wire-constants.ts, zod-free)', () => {
    const spelled = /'US_STOCK'\s*\|\s*'US_ETF'|'US_ETF'\s*\|\s*'US_STOCK'|\[\s*'US_STOCK',\s*'US_ETF'\s*\]/;
    expect(filesMatching(spelled).filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'))).toEqual(
      ['shared/openapi/wire-constants.ts'],
    );
  });

  it('ties a label to its control in one place, the kit FormField (renderer/ui/FormField.tsx)', () => {
    // The palette's search box is a combobox with its own label, not a form field.
    const handWritten = filesMatching(new RegExp('<label ' + 'htmlFor=')).filter(
      (f) => !f.endsWith('.test.tsx'),
    );
    expect(handWritten).toEqual(['renderer/shell/palette/CommandPalette.tsx', 'renderer/ui/FormField.tsx']);
  });

  it('has no polling until() helper beside vi.waitFor', () => {
    expect(filesMatching(/function until\s*\(/)).toEqual([]);
  });

  it('formats New York time in two places only: the market calendar and the UI time helpers', () => {
    expect(filesMatching(/timeZone:\s*'America\/New_York'/)).toEqual([
      'renderer/lib/time.ts',
      'shared/market/calendar.ts',
    ]);
  });

  // The app and the sandbox are two programs (docs/sandbox.md); what both need is declared once, in
  // shared/, and each binds it to Node (docs/architecture.md "Shared by the app and the sandbox").
  it('declares the gRPC event service once (shared/proto/event-service.ts)', () => {
    expect(filesMatching(/responseStream:\s*true/)).toEqual(['shared/proto/event-service.ts']);
  });

  it('writes files atomically in one place (shared/files/atomic-file.ts)', () => {
    expect(filesMatching(/\.tmp`/).filter((f) => !f.endsWith('.test.ts'))).toEqual([
      'shared/files/atomic-file.ts',
    ]);
  });

  it('signs requests in one place (shared/signing.ts, with @noble/hashes)', () => {
    expect(filesMatching(/\bhmac\(|createHmac\(/).filter((f) => !f.endsWith('.test.ts'))).toEqual([
      'shared/signing.ts',
    ]);
  });
});
