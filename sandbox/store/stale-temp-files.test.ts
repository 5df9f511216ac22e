import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { z } from 'zod';
import { openJsonFile } from './atomic-json';

const dir = () => testTempDir('bullpen-stale-tmp-');
/** Above Linux's largest pid (2^22): the writer that left it is certainly gone. */
const DEAD_PID = 4_194_305;

describe('stale temporary files', () => {
  it('the sandbox removes the temp files an interrupted save left next to a JSON file when it opens it', async () => {
    const d = dir();
    writeFileSync(path.join(d, 'orders.json'), JSON.stringify({ n: 7 }));
    writeFileSync(path.join(d, `.orders.json.${DEAD_PID}.0badf00d.tmp`), '{"n":');
    writeFileSync(path.join(d, `.other.json.${DEAD_PID}.0badf00d.tmp`), '{}');
    const f = await openJsonFile({
      dataDir: d,
      name: 'orders.json',
      schema: z.object({ n: z.number() }),
      initial: () => ({ n: 0 }),
    });
    expect(f.get()).toEqual({ n: 7 });
    expect(readdirSync(d).sort()).toEqual([`.other.json.${DEAD_PID}.0badf00d.tmp`, 'orders.json']);
  });

  it('keeps a temp file whose writer is still running (another live process)', async () => {
    const d = dir();
    // pid 1 is always alive and never this process.
    writeFileSync(path.join(d, '.orders.json.1.0badf00d.tmp'), '{"n":');
    await openJsonFile({
      dataDir: d,
      name: 'orders.json',
      schema: z.object({ n: z.number() }),
      initial: () => ({ n: 0 }),
    });
    expect(readdirSync(d)).toContain('.orders.json.1.0badf00d.tmp');
  });
});
