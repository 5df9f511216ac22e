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
const FOLDERS = ['electron', 'sandbox', 'shared', 'renderer', 'test'];
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

/**
 * Comments say the fact or point at docs/: a reader of the code has no issue tracker text and no
 * numbered sections of documents kept elsewhere.
 */
const OUTSIDE_CITATION = /\b(?:issue|README) ?(?:#|\u00a7)?\s?\d+\b|\u00a7/gi;
/**
 * Nor headings of the broker's API document, cited as the spec with a quoted heading, its examples
 * or a bare parenthesised mention: the fact is written where it is used, and docs/
 * (openapi-client.md, sandbox.md, streaming.md) states the API's rules. The lookbehinds spare
 * `app.spec.ts` file names and a variable called spec; this file, which spells the pattern out, is
 * not scanned for it.
 */
const API_DOCUMENT_CITATION =
  /(?<![\w.])spec(?:'s)?[\s,:(]*["\u201c]|(?<![\w.])spec's\b|\b(?:the|published|API) spec\b|\(spec(?:\)(?!\s*=>)|[\s:,])/gi;

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

  it('cites no issue numbers or numbered sections of documents outside the repository', () => {
    const citations: string[] = [];
    for (const folder of [...FOLDERS, 'eslint-rules'])
      for (const file of sourceFiles(path.join(root, folder)))
        for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries())
          for (const m of line.matchAll(OUTSIDE_CITATION))
            citations.push(`${path.relative(root, file)}:${i + 1}: ${m[0]}`);
    expect(citations).toEqual([]);
  });

  it("cites no headings of the broker's API document: the fact, or the docs/ file that states it", () => {
    const citations: string[] = [];
    for (const folder of [...FOLDERS, 'eslint-rules'])
      for (const file of sourceFiles(path.join(root, folder))) {
        if (file === fileURLToPath(import.meta.url)) continue;
        for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries())
          for (const m of line.matchAll(API_DOCUMENT_CITATION))
            citations.push(`${path.relative(root, file)}:${i + 1}: ${m[0]} in ${line.trim()}`);
      }
    expect(citations).toEqual([]);
  });
});
