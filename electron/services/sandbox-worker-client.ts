import type { Worker } from 'node:worker_threads';
import { typescriptEntry } from '../common/typescript-entry';
import { spawnWorker, type WorkerEntry } from '../common/worker-entry';
import {
  assertTransferable,
  SANDBOX_WORKER_SOURCE,
  type FromSandboxWorker,
  type SandboxOptions,
  type SandboxWorkerData,
  type ToSandboxWorker,
} from '../../sandbox/index';
import type { EmbeddedSandbox } from './ports';

/**
 * Main's side of the sandbox worker (docs/architecture.md "Where the sandbox runs"): starts the
 * worker thread, waits for its `ready` with the addresses, and stops it. The sandbox's CPU-heavy
 * work then never blocks main's event loop (IPC to every window, quote flushes). The thread is
 * started as every worker of main's is (electron/common/worker-entry.ts).
 */

/**
 * The worker's script when running from source (Vitest, no build): the TypeScript entry under tsx.
 * The built app passes `out/main/sandbox-worker.js` instead (electron-vite's second main entry).
 */
export function sandboxWorkerEntry(): WorkerEntry {
  return typescriptEntry(new URL(`../../sandbox/${SANDBOX_WORKER_SOURCE}`, import.meta.url));
}

/**
 * A sandbox worker started before its options are known (docs/architecture.md "Startup order"):
 * main starts one as its first act when the app will open on the Sandbox environment, so the
 * thread loads the sandbox's code while the window starts, instead of after the app is ready.
 * `startSandboxWorker` takes it (once); one never taken is ended by `dispose()`, and while unused
 * it does not keep the process alive.
 */
export interface WarmSandboxWorker {
  /** The worker, once; undefined if already taken, disposed, or dead. */
  take(): Worker | undefined;
  dispose(): Promise<void>;
}

export function warmSandboxWorker(entry: WorkerEntry): WarmSandboxWorker {
  let worker: Worker | undefined = spawnWorker(entry, {} satisfies SandboxWorkerData);
  worker.unref();
  // A warm worker that fails is simply not used: the caller starts a fresh one and reports that.
  const forget = () => (worker = undefined);
  worker.once('error', forget);
  worker.once('exit', forget);
  return {
    take() {
      const w = worker;
      worker = undefined;
      if (!w) return undefined;
      w.off('error', forget);
      w.off('exit', forget);
      w.ref();
      return w;
    },
    async dispose() {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}

export interface StartSandboxWorkerOptions {
  entry: WorkerEntry;
  /** A worker already loading the sandbox's code; used instead of a new one if still alive. */
  warm?: WarmSandboxWorker;
  log: (line: string) => void;
  /** How long `stop()` waits for a clean shutdown before terminating the thread. Default 5 s. */
  stopTimeoutMs?: number;
  /** Let `crash()` reach the worker (fault tests only). */
  testHooks?: boolean;
}

/** The running worker as main holds it. */
export interface SandboxWorker extends EmbeddedSandbox {
  onDeath(listener: (reason: string) => void): () => void;
  /** Makes a worker started with `testHooks` die (fault tests); ignored by any other worker. */
  crash(how: 'throw' | 'exit'): void;
}

export function startSandboxWorker(
  options: SandboxOptions,
  opts: StartSandboxWorkerOptions,
): Promise<SandboxWorker> {
  try {
    assertTransferable(options);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  // A test-hooked worker is always a fresh one: a warm worker was started without the hooks.
  const warm = opts.testHooks ? undefined : opts.warm?.take();
  if (warm) warm.postMessage({ type: 'start', options } satisfies ToSandboxWorker);
  const worker =
    warm ?? spawnWorker(opts.entry, { options, testHooks: opts.testHooks } satisfies SandboxWorkerData);
  let exited = false;
  let stopped: Promise<void> | undefined;
  const exit = new Promise<number>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );

  // A worker that dies after `ready` is reported once (an uncaught throw raises `error`, then `exit`).
  const deathListeners = new Set<(reason: string) => void>();
  let died = false;

  return new Promise<SandboxWorker>((resolve, reject) => {
    let ready = false;
    const fail = (why: string) => {
      if (ready) {
        if (died || stopped) return;
        died = true;
        opts.log(`sandbox worker: ${why}`);
        for (const listener of deathListeners) listener(why);
        return;
      }
      ready = true;
      void worker.terminate();
      reject(new Error(why));
    };
    worker.on('error', (error) => fail(`crashed: ${error.stack ?? error.message}`));
    void exit.then((code) => {
      if (!stopped) fail(`exited unexpectedly with code ${code}`);
    });
    worker.on('message', (message: FromSandboxWorker) => {
      if (message.type === 'log') opts.log(message.line);
      else if (message.type === 'failed') fail(message.message);
      else if (message.type === 'ready' && !ready) {
        ready = true;
        resolve({
          ...message.addresses,
          crash: (how) => worker.postMessage({ type: 'crash', how } satisfies ToSandboxWorker),
          onDeath(listener) {
            deathListeners.add(listener);
            return () => void deathListeners.delete(listener);
          },
          stop() {
            stopped ??= stopWorker(worker, exit, () => exited, opts.stopTimeoutMs ?? 5_000, opts.log);
            return stopped;
          },
        });
      }
    });
  });
}

async function stopWorker(
  worker: Worker,
  exit: Promise<number>,
  hasExited: () => boolean,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<void> {
  if (hasExited()) return;
  const stoppedCleanly = new Promise<boolean>((resolve) => {
    worker.on('message', (m: FromSandboxWorker) => {
      if (m.type === 'stopped') resolve(true);
    });
    void exit.then(() => resolve(true));
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  worker.postMessage({ type: 'stop' } satisfies ToSandboxWorker);
  const clean = await Promise.race([stoppedCleanly, timedOut]);
  clearTimeout(timer);
  if (!clean) log('sandbox worker: did not stop in time; terminating it');
  // Its stores are flushed by now (or it is stuck): either way the thread goes.
  if (!hasExited()) await worker.terminate();
}
