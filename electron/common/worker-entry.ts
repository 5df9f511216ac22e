import { Worker } from 'node:worker_threads';

/**
 * How main starts a worker thread of its own (the sandbox's, electron/services/sandbox-worker-client.ts;
 * the reply reader's, electron/openapi/reply-reader.ts): the built script next to main's bundle
 * (electron.vite.config.mts), or, running from source (Vitest, no build), the TypeScript entry
 * loaded through tsx's require hook (typescript-entry.ts). No `import.meta` here: the e2e suite's
 * Playwright loads the Open API client, which reaches this module, as CommonJS.
 */
export interface WorkerEntry {
  /** The worker's script. */
  file: string;
  /** Running from source: tsx's require hook, through which the TypeScript script loads. */
  tsxHook?: string;
}

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

export function spawnWorker(entry: WorkerEntry, workerData: unknown): Worker {
  return entry.tsxHook
    ? // A loader flag in a worker's execArgv is not honoured on every Node 20; a require hook is.
      new Worker(`require(${JSON.stringify(entry.tsxHook)}); require(${JSON.stringify(entry.file)});`, {
        eval: true,
        workerData,
      })
    : new Worker(entry.file, { workerData, execArgv: workerExecArgv(process.execArgv) });
}
