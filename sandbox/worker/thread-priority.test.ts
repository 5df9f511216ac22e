import { describe, expect, it } from 'vitest';
import { SANDBOX_NICE_STEPS, yieldToApp, type ThreadPriorityDeps } from './thread-priority';

function fake(nice: number, over: Partial<ThreadPriorityDeps> = {}) {
  const set: number[] = [];
  const deps: ThreadPriorityDeps = {
    platform: 'linux',
    get: () => nice,
    set: (n) => void set.push(n),
    ...over,
  };
  return { deps, set };
}

describe("the sandbox thread's priority", () => {
  it('sits ten steps below the priority it inherited, never past the lowest', () => {
    for (const [from, to] of [
      [0, 10],
      [-8, 2],
      [10, 19],
      [15, 19],
    ] as const) {
      const { deps, set } = fake(from);
      expect(yieldToApp(deps)).toBe(to);
      expect(set).toEqual([to]);
    }
    expect(SANDBOX_NICE_STEPS).toBe(10);
  });

  it('changes nothing already at the lowest, off Linux, or where the system refuses', () => {
    const lowest = fake(19);
    expect(yieldToApp(lowest.deps)).toBeUndefined();
    expect(lowest.set).toEqual([]);
    // Elsewhere a priority without a pid would renice the whole app.
    const mac = fake(0, { platform: 'darwin' });
    expect(yieldToApp(mac.deps)).toBeUndefined();
    expect(mac.set).toEqual([]);
    const refused = fake(0, {
      set: () => {
        throw new Error('EACCES');
      },
    });
    expect(yieldToApp(refused.deps)).toBeUndefined();
  });
});
