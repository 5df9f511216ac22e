import { getPriority, setPriority } from 'node:os';

/**
 * How far the sandbox's thread sits below the thread that started it, in nice steps (Linux: 0 is
 * normal, 19 the lowest). The sandbox stands for a remote service: its work (a cold screener over
 * the whole universe, a year of daily history) must not take the CPU from main or the windows on a
 * busy machine (docs/architecture.md "Where the sandbox runs"). Ten steps give it about a tenth of
 * a core that main or a window also wants, and all of one nobody else wants.
 */
export const SANDBOX_NICE_STEPS = 10;
const LOWEST = 19;

export interface ThreadPriorityDeps {
  platform: NodeJS.Platform;
  /** The calling thread's nice value (Linux: a priority belongs to a thread). */
  get: () => number;
  set: (nice: number) => void;
}

const nodeDeps: ThreadPriorityDeps = {
  platform: process.platform,
  get: () => getPriority(),
  set: (nice) => setPriority(nice),
};

/**
 * Lowers the calling thread's priority by SANDBOX_NICE_STEPS from what it inherited. Linux only:
 * elsewhere a priority set without a pid renices the whole process, the app with it. Returns the
 * new nice value, or undefined when nothing changed (another platform, already lowest, or not
 * permitted in some containers: the sandbox then runs at the app's priority).
 */
export function yieldToApp(deps: ThreadPriorityDeps = nodeDeps): number | undefined {
  if (deps.platform !== 'linux') return undefined;
  try {
    const from = deps.get();
    const to = Math.min(LOWEST, from + SANDBOX_NICE_STEPS);
    if (to === from) return undefined;
    deps.set(to);
    return to;
  } catch {
    return undefined;
  }
}
