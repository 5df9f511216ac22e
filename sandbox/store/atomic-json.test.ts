import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openJsonFile } from './atomic-json';
import { testTempDir } from '../testing/temp-dir';

const schema = z.object({ n: z.number() });
const dir = () => testTempDir('atomic-json-');

describe('openJsonFile', () => {
  it('writes the seed on first open and reads it back on the next', async () => {
    const d = dir();
    const a = await openJsonFile({ dataDir: d, name: 's.json', schema, initial: () => ({ n: 1 }) });
    expect(JSON.parse(readFileSync(a.path, 'utf8'))).toEqual({ n: 1 });
    const b = await openJsonFile({ dataDir: d, name: 's.json', schema, initial: () => ({ n: 99 }) });
    expect(b.get()).toEqual({ n: 1 });
  });

  it('serialises and coalesces saves: the last value wins and no temp file is left', async () => {
    const d = dir();
    const f = await openJsonFile({ dataDir: d, name: 's.json', schema, initial: () => ({ n: 0 }) });
    const saves = Array.from({ length: 50 }, (_, i) => f.save({ n: i + 1 }));
    await Promise.all(saves);
    await f.flush();
    expect(JSON.parse(readFileSync(f.path, 'utf8'))).toEqual({ n: 50 });
    expect(readdirSync(d)).toEqual(['s.json']);
  });

  it('moves an unreadable file aside instead of overwriting it', async () => {
    const d = dir();
    writeFileSync(path.join(d, 's.json'), '{"n":');
    const lines: string[] = [];
    const f = await openJsonFile({
      dataDir: d,
      name: 's.json',
      schema,
      initial: () => ({ n: 7 }),
      log: (l) => lines.push(l),
    });
    expect(f.get()).toEqual({ n: 7 });
    expect(readdirSync(d).some((name) => name.startsWith('s.json.corrupt-'))).toBe(true);
    expect(lines[0]).toContain('unreadable');
  });
});
