import { useSyncExternalStore } from 'react';
import type { MarketClock } from '../../../shared/market/market-clock';
import { isQuoteStale } from './staleness';

/**
 * One shared 1 s clock for staleness: a component re-renders only when ITS quote's stale flag
 * flips, not every second (a list of rows ticking together would re-render every row each second).
 * The clock runs only while something listens.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Whether a quote last updated at `time` is stale now (re-evaluated every second). */
export function useQuoteStale(time: number | undefined, clock: MarketClock | undefined): boolean {
  return useSyncExternalStore(subscribe, () => isQuoteStale(time, now, clock));
}
