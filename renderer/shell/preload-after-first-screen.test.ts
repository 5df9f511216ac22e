import { describe, expect, it } from 'vitest';
import { preloadAfterFirstScreen, type FirstScreenSignals } from './preload-after-first-screen';

/** Signals the test drives by hand: a price arriving, the timer firing, the thread going idle. */
function signals(pricesAtStart = false) {
  let prices = pricesAtStart;
  const listeners = new Set<() => void>();
  const idle: Array<() => void> = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const s: FirstScreenSignals = {
    hasPrices: () => prices,
    onChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    whenIdle: (run) => {
      idle.push(run);
      return () => idle.splice(idle.indexOf(run), 1);
    },
    after: (ms, run) => {
      const t = { ms, run };
      timers.push(t);
      return () => timers.splice(timers.indexOf(t), 1);
    },
    latestMs: 10_000,
  };
  return {
    s,
    idle,
    timers,
    listeners,
    price: () => {
      prices = true;
      for (const l of [...listeners]) l();
    },
    change: () => {
      for (const l of [...listeners]) l();
    },
  };
}

describe('preloadAfterFirstScreen', () => {
  it('waits for the first price, then for the next idle moment', () => {
    const h = signals();
    let loads = 0;
    preloadAfterFirstScreen(() => loads++, h.s);
    h.change(); // a store change without a price
    expect(h.idle).toHaveLength(0);
    h.price();
    expect(loads).toBe(0);
    expect(h.idle).toHaveLength(1);
    h.idle[0]?.();
    expect(loads).toBe(1);
    // Listener and timer are gone: a later price or the timer starts nothing more.
    expect(h.listeners.size).toBe(0);
    expect(h.timers).toHaveLength(0);
  });

  it('starts after latestMs when no price comes', () => {
    const h = signals();
    let loads = 0;
    preloadAfterFirstScreen(() => loads++, h.s);
    expect(h.timers.map((t) => t.ms)).toEqual([10_000]);
    h.timers[0]?.run();
    expect(h.idle).toHaveLength(1);
    h.idle[0]?.();
    expect(loads).toBe(1);
    expect(h.listeners.size).toBe(0);
  });

  it('asks for the idle moment at once when prices are already there (a remount)', () => {
    const h = signals(true);
    preloadAfterFirstScreen(() => undefined, h.s);
    expect(h.idle).toHaveLength(1);
    expect(h.timers).toHaveLength(0);
  });

  it('cancels every wait', () => {
    const h = signals();
    const cancel = preloadAfterFirstScreen(() => undefined, h.s);
    cancel();
    expect(h.listeners.size).toBe(0);
    expect(h.timers).toHaveLength(0);
    const started = signals();
    preloadAfterFirstScreen(() => undefined, started.s);
    started.price();
    expect(started.idle).toHaveLength(1);
  });
});
