import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppEngine, type AppEngine } from '../../electron/services/app-engine';
import { defaultEngineParts } from '../../electron/services/default-engine-parts';
import {
  sandboxWorkerEntry,
  startSandboxWorker,
  type SandboxWorker,
} from '../../electron/services/sandbox-worker-client';
import { createTestCipher } from '../../electron/standin/test-cipher';
import { testTempDir } from '../../electron/testing/temp-dir';
import type { IpcReply } from '../../shared/ipc/contract';
import { WAIT } from './helpers';

/**
 * The embedded sandbox's worker thread dies (an uncaught throw, or an exit) under the real engine:
 * main notices, logs it, tells the user through the connection status, and starts a new worker
 * on the next call instead of leaving calls to fail or hang against a dead sandbox.
 */
let engine: AppEngine | undefined;
const workers: SandboxWorker[] = [];
afterEach(async () => {
  await engine?.close();
  for (const w of workers.splice(0)) await w.stop();
  engine = undefined;
});

function startEngine(): AppEngine {
  return createAppEngine({
    userDataDir: testTempDir('bullpen-worker-crash-'),
    cipher: createTestCipher({ available: true }),
    parts: (deps) => ({
      ...defaultEngineParts(deps),
      async startSandbox(options) {
        const worker = await startSandboxWorker(options, {
          entry: sandboxWorkerEntry(),
          log: (line) => deps.logger.info(line),
          testHooks: true,
        });
        workers.push(worker);
        return worker;
      },
    }),
    send: () => undefined,
    openPanel: () => ({ windowId: 1 }),
    openExternal: () => Promise.resolve(),
    ask: (q) => Promise.resolve(q.cancelId === 0 ? 1 : 0),
  });
}

const accounts = (e: AppEngine) =>
  e.dispatcher.dispatch('api.accountList', {}, { senderId: 1 }) as Promise<IpcReply<unknown[]>>;

describe('sandbox worker dies', () => {
  it.each(['throw', 'exit'] as const)(
    'after a %s: reported, and restarted on the next call, which succeeds',
    async (how) => {
      engine = startEngine();
      const e = engine;
      const first = await accounts(e);
      expect(first.ok).toBe(true);
      expect(workers).toHaveLength(1);
      // Crash a settled sandbox: every link up, no request half-way through the wire. Node 20's
      // http2 aborts the whole process (`onread->IsFunction()`, a known Node http2 bug) when a thread's
      // http2 session is torn down with a peer's DATA frames still unread, as the trade-events
      // subscribe request is while the link is connecting (docs/testing.md, "Fault and bad-input tests").
      await vi.waitFor(
        () => expect(e.sessions.connection()).toMatchObject({ quotes: 'live', events: 'live' }),
        { ...WAIT, timeout: 15_000 },
      );

      workers[0]?.crash(how);
      await vi.waitFor(() => expect(e.sessions.connection().api).toBe('offline'), {
        ...WAIT,
        timeout: 10_000,
      });
      expect(e.sessions.connection().message).toMatch(/sandbox stopped unexpectedly/i);
      expect(e.sessions.current()).toBeUndefined();
      const logged = () => existsSync(e.logger.file) && readFileSync(e.logger.file, 'utf8');
      await vi.waitFor(() => expect(logged() || '').toMatch(/embedded sandbox stopped unexpectedly/), WAIT);

      const again = await accounts(e);
      expect(again).toMatchObject({ ok: true });
      expect(workers).toHaveLength(2);
      expect(e.sessions.connection().api).toBe('live');
    },
  );
});
