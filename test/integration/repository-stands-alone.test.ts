import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone must run its own tests: no code or test may read a file outside the repository
 * (data it needs is copied in as a fixture, e.g. test/fixtures/signing-examples.json). This checks
 * every file-relative path the code builds (`new URL('…', import.meta.url)`, `join(__dirname, '…')`).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['electron', 'shared', 'renderer', 'test'];
const SOURCE = /\.(?:ts|tsx|mts|mjs|cjs|js)$/;
const RELATIVE_URL = /new URL\(\s*'(\.{1,2}\/[^']*)'\s*,\s*import\.meta\.url\s*\)/g;
const DIRNAME_JOIN = /(?:join|resolve)\(\s*__dirname\s*,\s*'([^']+)'/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* sourceFiles(full);
    else if (entry.isFile() && SOURCE.test(entry.name)) yield full;
  }
}

describe('the repository stands alone', () => {
  it('builds no file path that leaves the repository', () => {
    const escapes: string[] = [];
    for (const folder of FOLDERS)
      for (const file of sourceFiles(path.join(root, folder))) {
        const text = readFileSync(file, 'utf8');
        for (const pattern of [RELATIVE_URL, DIRNAME_JOIN])
          for (const m of text.matchAll(pattern)) {
            const target = path.resolve(path.dirname(file), m[1] ?? '');
            if (path.relative(root, target).startsWith('..'))
              escapes.push(`${path.relative(root, file)}: ${m[1]}`);
          }
      }
    expect(escapes).toEqual([]);
  });
});
