import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { sandboxWorkerEntry, startSandboxWorker, warmSandboxWorker } from './sandbox-worker-client';
import { SANDBOX_NICE_STEPS } from '../../sandbox/index';

/** The start/stop/ready channel of the sandbox's worker thread (docs/architecture.md). */
const dataDir = () => testTempDir('bullpen-worker-');
const lines: string[] = [];
const opts = { entry: sandboxWorkerEntry(), log: (l: string) => lines.push(l) };

let blocker: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  blocker = undefined;
});

describe('sandbox worker client', () => {
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

  it('reports a worker that dies after ready once, and a stopped one never', async () => {
    const hooked = { ...opts, testHooks: true };
    const dying = await startSandboxWorker({ dataDir: dataDir(), appKey: 'k', appSecret: 's' }, hooked);
    const deaths: string[] = [];
    dying.onDeath((reason) => deaths.push(reason));
    dying.crash('throw');
    await vi.waitFor(() => expect(deaths).toHaveLength(1), { timeout: 10_000 });
    expect(deaths[0]).toMatch(/crash requested by a test/);
    await dying.stop();
    expect(deaths).toHaveLength(1);

    const stopped = await startSandboxWorker({ dataDir: dataDir(), appKey: 'k', appSecret: 's' }, hooked);
    const none: string[] = [];
    stopped.onDeath((reason) => none.push(reason));
    await stopped.stop();
    expect(none).toEqual([]);
  });

  it('ignores crash() unless started with test hooks', async () => {
    const sandbox = await startSandboxWorker({ dataDir: dataDir(), appKey: 'k', appSecret: 's' }, opts);
    const deaths: string[] = [];
    sandbox.onDeath((reason) => deaths.push(reason));
    sandbox.crash('exit');
    // The sandbox still answers after the ignored request has been handled.
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${sandbox.apiUrl}/openapi/config`)).status).toBeLessThan(500);
    await sandbox.stop();
    expect(deaths).toEqual([]);
  });
});

describe('a warm sandbox worker (started before its options are known)', () => {
  it('is taken by the first start, which serves the sandbox with the options sent then', async () => {
    const warm = warmSandboxWorker(opts.entry);
    const sandbox = await startSandboxWorker(
      { dataDir: dataDir(), appKey: 'k', appSecret: 's' },
      { ...opts, warm },
    );
    expect(warm.take()).toBeUndefined();
    expect((await fetch(`${sandbox.apiUrl}/openapi/config`)).status).toBeLessThan(500);
    await sandbox.stop();
    await expect(fetch(`${sandbox.apiUrl}/openapi/config`)).rejects.toThrow();
  });

  it('is used once: a second start gets a fresh worker of its own', async () => {
    const warm = warmSandboxWorker(opts.entry);
    const first = await startSandboxWorker(
      { dataDir: dataDir(), appKey: 'k', appSecret: 's' },
      { ...opts, warm },
    );
    const second = await startSandboxWorker(
      { dataDir: dataDir(), appKey: 'k', appSecret: 's' },
      { ...opts, warm },
    );
    expect(second.apiUrl).not.toBe(first.apiUrl);
    await first.stop();
    expect((await fetch(`${second.apiUrl}/openapi/config`)).status).toBeLessThan(500);
    await second.stop();
  });

  it('reports a failed start of a warm worker as a rejection with its reason', async () => {
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker?.listen(0, '127.0.0.1', () => {
        const a = blocker?.address();
        resolve(typeof a === 'object' && a ? a.port : 0);
      }),
    );
    const warm = warmSandboxWorker(opts.entry);
    await expect(startSandboxWorker({ port, dataDir: dataDir() }, { ...opts, warm })).rejects.toThrow(
      /EADDRINUSE/,
    );
  });

  it('is not used once disposed: the start spawns its own worker', async () => {
    const warm = warmSandboxWorker(opts.entry);
    await warm.dispose();
    expect(warm.take()).toBeUndefined();
    const sandbox = await startSandboxWorker(
      { dataDir: dataDir(), appKey: 'k', appSecret: 's' },
      { ...opts, warm },
    );
    expect((await fetch(`${sandbox.apiUrl}/openapi/config`)).status).toBeLessThan(500);
    await sandbox.stop();
  });
});

/** The nice value of each of this process's threads (Linux: a priority belongs to a thread). */
const threadNices = () => readdirSync('/proc/self/task').map((tid) => getPriority(Number(tid)));

describe("the sandbox worker thread's priority (sandbox/worker/thread-priority.ts)", () => {
  it.runIf(process.platform === 'linux')('is what the real worker thread runs at', async () => {
    const own = getPriority();
    const expected = Math.min(19, own + SANDBOX_NICE_STEPS);
    const before = threadNices().filter((n) => n === expected).length;
    const sandbox = await startSandboxWorker(
      { dataDir: testTempDir('bullpen-worker-nice-'), appKey: 'k', appSecret: 's' },
      { entry: sandboxWorkerEntry(), log: () => undefined },
    );
    try {
      expect(threadNices().filter((n) => n === expected).length).toBeGreaterThan(before);
    } finally {
      await sandbox.stop();
    }
  });
});
