import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { sandboxWorkerEntry, startSandboxWorker } from './sandbox-worker-client';

/** The start/stop/ready channel of the sandbox's worker thread (docs/architecture.md). */
const dataDir = () => testTempDir('bullpen-worker-');
const lines: string[] = [];
const opts = { entry: sandboxWorkerEntry(), log: (l: string) => lines.push(l) };

describe('sandbox worker client', () => {
  let blocker: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
    blocker = undefined;
  });

  it('refuses options that cannot cross the thread boundary, with a clear error', async () => {
    await expect(startSandboxWorker({ clock: () => 1 }, opts)).rejects.toThrow(/clock is a function/);
  });

  it('reports a sandbox that fails to start as a rejection with its reason', async () => {
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker?.listen(0, '127.0.0.1', () => {
        const a = blocker?.address();
        resolve(typeof a === 'object' && a ? a.port : 0);
      }),
    );
    await expect(startSandboxWorker({ port, dataDir: dataDir() }, opts)).rejects.toThrow(/EADDRINUSE/);
  });

  it('answers ready with plain addresses and stops cleanly', async () => {
    const sandbox = await startSandboxWorker({ dataDir: dataDir(), appKey: 'k', appSecret: 's' }, opts);
    expect(sandbox.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.mqttUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.eventsAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(sandbox.marketClock.mode).toMatch(/^(live|replay)$/);
    const config = await fetch(`${sandbox.apiUrl}/openapi/config`);
    expect(config.status).toBeLessThan(500);
    await sandbox.stop();
    await expect(fetch(`${sandbox.apiUrl}/openapi/config`)).rejects.toThrow();
  });
});
