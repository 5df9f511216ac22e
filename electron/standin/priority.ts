import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Main's CPU priority beside Chromium's (docs/testing.md "Scheduling"). Electron runs main's
 * JavaScript on the browser process's main thread. The stand-in runs it in a Node process of its
 * own, which keeps the priority it was started with (`nice npm run bench`: nice 10). Chromium
 * raises its browser main thread where the system lets it (nice -8 on Linux as root or with
 * CAP_SYS_NICE, its "display critical" threads) and keeps its renderer main threads at 0. Left
 * where it started, the stand-in's main would lose the CPU to Chromium's threads where Electron's
 * main, being one of them, would not. So once the browser runs, main's threads take the browser
 * main thread's priority, only when that is higher and only where the system allows it.
 */
export interface ProcEntry {
  pid: number;
  ppid: number;
  /** The process's name (`comm`): `chromium`, `chrome`, `headless_shell` … */
  name: string;
}

/** One `/proc/<pid>/stat` line, parsed: the name sits in parentheses and may hold spaces. */
export function parseStat(line: string): ProcEntry | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(line.slice(0, open).trim());
  const rest = line
    .slice(close + 2)
    .split(' ')
    .filter(Boolean);
  const ppid = Number(rest[1]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid)) return undefined;
  return { pid, ppid, name: line.slice(open + 1, close) };
}

/** The numeric names in a `/proc` folder (process or thread ids); none where it does not exist. */
function numericEntries(dir: string): number[] {
  try {
    return readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** Processes whose parent is `parentPid` (Linux `/proc`; none elsewhere). */
export function childProcesses(parentPid: number, procDir = '/proc'): ProcEntry[] {
  const children: ProcEntry[] = [];
  for (const pid of numericEntries(procDir)) {
    let stat: string;
    try {
      stat = readFileSync(`${procDir}/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    const entry = parseStat(stat);
    if (entry?.ppid === parentPid) children.push(entry);
  }
  return children;
}

/** This process's threads (Linux `/proc/self/task`; none elsewhere). */
export function ownThreads(procDir = '/proc'): number[] {
  return numericEntries(`${procDir}/self/task`);
}

export interface PriorityDeps {
  children: () => ProcEntry[];
  /** This process's other threads: V8's garbage-collection helpers, libuv's pool. */
  threads: () => number[];
  getPriority: (pid?: number) => number;
  /** `id` 0 is the calling thread (on Linux a priority belongs to a thread, not a process). */
  setPriority: (id: number, priority: number) => void;
}

const nodeDeps: PriorityDeps = {
  children: () => childProcesses(process.pid),
  threads: () => ownThreads(),
  getPriority: (pid) => (pid === undefined ? getPriority() : getPriority(pid)),
  setPriority: (id, priority) => setPriority(id, priority),
};

/**
 * Gives main's thread the priority of Chromium's browser main thread when that is higher (a lower
 * nice value). Returns what changed, or undefined when nothing did (no browser child found, already
 * as high, or not permitted: then main keeps its own priority, as Electron's main would keep
 * Chromium's unraised one).
 */
export function adoptBrowserPriority(
  deps: PriorityDeps = nodeDeps,
): { from: number; to: number } | undefined {
  const browser = deps.children().find((c) => /chrom|headless_shell/i.test(c.name));
  if (!browser) return undefined;
  let target: number;
  let own: number;
  try {
    target = deps.getPriority(browser.pid);
    own = deps.getPriority();
  } catch {
    return undefined; // the browser exited meanwhile
  }
  if (target >= own) return undefined;
  try {
    deps.setPriority(0, target);
  } catch {
    return undefined; // EACCES: raising a priority needs CAP_SYS_NICE or RLIMIT_NICE
  }
  // The helpers too: main's thread waits on V8's during a garbage collection, and helpers left
  // behind would hold it there (threads made from now on inherit main's priority). Only those at
  // main's own priority: a thread that lowered itself on purpose (the sandbox's worker, which
  // stands for a remote service) keeps its place below the app.
  for (const tid of deps.threads()) {
    try {
      if (deps.getPriority(tid) === own) deps.setPriority(tid, target);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return { from: own, to: target };
}
