import { spawn, type ChildProcess } from 'node:child_process';
import { log } from './stats';

/**
 * `npm run bench -- --busy` (docs/benchmark.md "Busy"): one core's worth of CPU-bound work beside
 * the scenarios, as another engineer's build or test run would be. A plain Node process spinning at
 * the benchmark's own priority. It is the benchmark's to stop: `stop()` kills it, and so does this
 * process's exit on every path (a normal end, an error, Ctrl-C, SIGTERM). If this process dies
 * without running its exit handlers (SIGKILL), the burner notices that its parent is gone (it looks
 * between slices of work, asking whether this process's pid is still there) and exits on its own.
 */
const BURNER = `
const parent = Number(process.argv[1]);
const parentGone = () => {
  try {
    process.kill(parent, 0);
    return false;
  } catch {
    return true;
  }
};
for (;;) {
  let x = 0;
  for (let i = 0; i < 2e7; i++) x += i;
  if (parentGone() || x < 0) process.exit(0);
}`;

export interface Busy {
  /** The burner's process id. */
  pid: number | undefined;
  stop(): void;
}

const running = new Set<ChildProcess>();
let handlersInstalled = false;

function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // `exit` runs for process.exit() and a normal end; a signal ends the process without it unless
  // handled, so the handled signals kill the burner and exit as the signal would have.
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      killAll();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
}

export function startBusy(): Busy {
  installHandlers();
  // The parent's pid is passed, not read in the burner: if this process is gone before the burner
  // has started, the burner's own parent pid is already init's.
  const child = spawn(process.execPath, ['-e', BURNER, String(process.pid)], { stdio: 'ignore' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  log(`busy: CPU burner started (pid ${child.pid ?? '?'})`);
  return {
    pid: child.pid,
    stop() {
      if (!running.has(child)) return;
      child.kill('SIGKILL');
      running.delete(child);
      log('busy: CPU burner stopped');
    },
  };
}
