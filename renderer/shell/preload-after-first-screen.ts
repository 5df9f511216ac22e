export interface FirstScreenSignals {
  /** Whether the first screen shows a price yet (a watchlist row has drawn one: lib/first-price-shown.ts). */
  hasPrices: () => boolean;
  /** Calls `listener` on each change of what `hasPrices` reads; returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
  /** Runs `run` when the thread is next idle; returns the cancel. */
  whenIdle: (run: () => void) => () => void;
  /** Runs `run` after `ms`; returns the cancel. */
  after: (ms: number, run: () => void) => () => void;
  /** The longest wait for a price: a layout without a watchlist, or no connection, never shows one. */
  latestMs: number;
}

/**
 * Runs `preload` once, at the first idle moment after the first screen shows a price, or after
 * `latestMs` if none comes (docs/ui.md "Start"). An idle moment alone comes too early: the thread
 * idles while the first screen waits for its replies, and code loaded then (Settings' schemas)
 * took the thread just before the watchlist drew its first prices. Returns the cancel.
 */
export function preloadAfterFirstScreen(preload: () => void, s: FirstScreenSignals): () => void {
  const cancels: Array<() => void> = [];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const cancel of cancels.splice(0)) cancel();
    cancels.push(s.whenIdle(preload));
  };
  if (s.hasPrices()) {
    start();
  } else {
    cancels.push(
      s.onChange(() => {
        if (s.hasPrices()) start();
      }),
      s.after(s.latestMs, start),
    );
  }
  return () => {
    for (const cancel of cancels.splice(0)) cancel();
  };
}
