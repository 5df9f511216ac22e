import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signedCaller } from './helpers/signed-fetch';
import { testTempDir } from '../../electron/testing/temp-dir';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The standalone sandbox needs the real market simulator (no stub in product code).
const hasSimulator = existsSync(path.join(root, 'sandbox/market/simulator.ts'));

// The same command two ways: the sandbox's own program (`npm run sandbox`) and the app's CLI.
const COMMANDS = [['sandbox/bin/sandbox.mjs'], ['electron/bin/bullpen.mjs', 'sandbox']];

describe.each(COMMANDS)('node %s', (...command) => {
  it.skipIf(!hasSimulator)(
    'prints exactly one JSON line once ready, serves signed calls, and exits 0 on SIGTERM',
    async () => {
      const dataDir = testTempDir('bullpen-cli-');
      const child = spawn(
        process.execPath,
        [...command, '--port', '0', '--data-dir', dataDir, '--seed', '7', '--algorithm', 'HMAC-SHA256'],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const line = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no ready line in 15 s; stderr: ${stderr}`)),
            15_000,
          );
          child.stdout.on('data', (d: Buffer) => {
            stdout += d.toString();
            if (stdout.includes('\n')) {
              clearTimeout(timer);
              resolve(stdout.split('\n')[0] ?? '');
            }
          });
          child.on('exit', (code) => reject(new Error(`exited ${code}; stderr: ${stderr}`)));
        });
        const ready = JSON.parse(line) as Record<string, string>;
        expect(Object.keys(ready)).toEqual(['api', 'mqtt', 'events', 'appKey', 'appSecret']);
        expect(ready.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(ready.mqtt).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
        expect(ready.events).toMatch(/^127\.0\.0\.1:\d+$/);
        const call = signedCaller(
          {
            apiUrl: ready.api ?? '',
            appKey: ready.appKey ?? '',
            appSecret: ready.appSecret ?? '',
            algorithm: 'HMAC-SHA256',
          },
          Date.now,
        );
        expect((await call({ path: '/openapi/account/list' })).status).toBe(200);
        expect(stderr).not.toContain(ready.appSecret ?? '');
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(1);
    },
  );
});
