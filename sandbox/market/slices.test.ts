import { describe, expect, it } from 'vitest';
import { mapInSlices } from './slices';

describe('mapInSlices', () => {
  it('maps in order and lets the event loop run between slices of a long computation', async () => {
    let ranBetween = false;
    let done = false;
    setImmediate(() => {
      ranBetween = !done;
    });
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const out = await mapInSlices([1, 2, 3, 4, 5, 6], (n) => (busy(10), n * 2), 15);
    done = true;
    expect(out).toEqual([2, 4, 6, 8, 10, 12]);
    expect(ranBetween).toBe(true);
  });

  it('does not yield when the work fits one slice', async () => {
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    const out = await mapInSlices(['a', 'b'], (s) => s.toUpperCase(), 1_000);
    // Only microtasks ran: the immediate is still pending.
    expect([out, ran]).toEqual([['A', 'B'], false]);
  });
});
