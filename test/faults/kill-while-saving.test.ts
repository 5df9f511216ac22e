import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../electron/testing/temp-dir';
import { z } from 'zod';
import { createSettingsStore } from '../../electron/services/settings-file';
import { openJsonFile } from '../../sandbox/testing';
import { sleep } from './helpers';

const ROOT = path.resolve(__dirname, '../..');
// The tsx loader inside this very node process (the tsx CLI would run the script in a grandchild
// that a SIGKILL to the child leaves running).
const TSX_LOADER = [
  '--require',
  path.join(ROOT, 'node_modules/tsx/dist/preflight.cjs'),
  '--import',
  pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
];
const LOOP = path.join(__dirname, 'fixtures/save-loop.ts');

/** Starts the save loop, lets it write for a while, then SIGKILLs it mid-flight. */
async function killWhileSaving(mode: 'app' | 'sandbox', dir: string, runMs: number): Promise<void> {
  const child = spawn(process.execPath, [...TSX_LOADER, LOOP, mode, dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`save loop never became ready: ${stderr}`)), 20_000);
    child.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => reject(new Error(`save loop exited early: ${stderr}`)));
  });
  await sleep(runMs);
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('SIGKILL while saving', () => {
  it('app settings: the file is whole on restart and no temporary file is left', async () => {
    const dir = testTempDir('bullpen-kill-app-');
    for (const runMs of [30, 120, 250]) {
      await killWhileSaving('app', dir, runMs);
      const text = readFileSync(path.join(dir, 'settings.json'), 'utf8');
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      const settings = createSettingsStore(path.join(dir, 'settings.json')).get();
      expect(['light', 'dark', 'system']).toContain(settings.theme);
      expect(settings.quoteFlushMs).toBeGreaterThanOrEqual(8);
      expect(temps(dir)).toEqual([]);
    }
  }, 90_000);

  it('sandbox orders file: a complete save survives, never a torn one, and no temporary file is left', async () => {
    const dir = testTempDir('bullpen-kill-sbx-');
    const schema = z.object({ seq: z.number(), orders: z.array(z.string()) });
    let lastSeq = 0;
    for (const runMs of [30, 120, 250]) {
      await killWhileSaving('sandbox', dir, runMs);
      const file = await openJsonFile({
        dataDir: dir,
        name: 'trading.json',
        schema,
        initial: () => ({ seq: -1, orders: [] }),
      });
      const value = file.get();
      // Not the seed: a corrupt file would have been moved aside and the seed (-1) used.
      expect(value.seq).toBeGreaterThanOrEqual(lastSeq);
      expect(value.orders).toHaveLength(value.seq === 0 ? 0 : 200);
      expect(new Set(value.orders).size).toBe(value.orders.length);
      expect(readdirSync(dir).filter((n) => n.includes('corrupt'))).toEqual([]);
      expect(temps(dir)).toEqual([]);
      lastSeq = 0; // each run restarts its own sequence from 1
    }
  }, 90_000);
});
