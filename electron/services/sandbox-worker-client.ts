import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  assertTransferable,
  sandboxWorkerSource,
  type FromSandboxWorker,
  type SandboxOptions,
  type SandboxWorkerData,
  type ToSandboxWorker,
} from '../../sandbox/index';
import type { EmbeddedSandbox } from './ports';

/**
 * Main's side of the sandbox worker (docs/architecture.md "Where the sandbox runs"): starts the
 * worker thread, waits for its `ready` with the addresses, and stops it. The sandbox's CPU-heavy
 * work then never blocks main's event loop (IPC to every window, quote flushes).
 */
export interface SandboxWorkerEntry {
  /** The worker's script. */
  file: string;
  /** Running from source: load the script through tsx's require hook (TypeScript, no build). */
  typescript?: boolean;
}

/**
 * The worker's script when running from source (Vitest, no build): the TypeScript entry under tsx.
 * The built app passes `out/main/sandbox-worker.js` instead (electron-vite's second main entry).
 */
export function sandboxWorkerEntry(): SandboxWorkerEntry {
  return { file: sandboxWorkerSource(), typescript: true };
}

/** tsx's require hook, resolved from here (an eval worker would resolve from the current directory). */
const tsxHook = () => createRequire(import.meta.url).resolve('tsx/cjs');

const LOADER_FLAGS = ['--import', '--require', '-r', '--loader', '--experimental-loader'];

/**
 * The flags a built worker script runs with: main's own, less module loaders. A worker inherits
 * main's execArgv; a main started with a loader (`node --import tsx …`, as the stand-in's was before
 * its launcher) would put every module of the built script through the loader's hooks, which a
 * built script does not need and which cost seconds of start on a loaded machine.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i] ?? '';
    if (LOADER_FLAGS.includes(flag)) {
      i++; // its value is the next argument
      continue;
    }
    if (LOADER_FLAGS.some((f) => flag.startsWith(`${f}=`))) continue;
    out.push(flag);
  }
  return out;
}

function spawnWorker(entry: SandboxWorkerEntry, data: SandboxWorkerData): Worker {
  return entry.typescript
    ? // A loader flag in a worker's execArgv is not honoured on every Node 20; a require hook is.
      new Worker(`require(${JSON.stringify(tsxHook())}); require(${JSON.stringify(entry.file)});`, {
        eval: true,
        workerData: data,
      })
    : new Worker(entry.file, { workerData: data, execArgv: workerExecArgv(process.execArgv) });
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

export function warmSandboxWorker(entry: SandboxWorkerEntry): WarmSandboxWorker {
  let worker: Worker | undefined = spawnWorker(entry, {});
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
  entry: SandboxWorkerEntry;
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
  const worker = warm ?? spawnWorker(opts.entry, { options, testHooks: opts.testHooks });
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
