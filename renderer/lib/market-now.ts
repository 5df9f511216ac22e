import { marketTimeAt, type MarketClock } from '../../shared/market/market-clock';
import { subscribe } from './bridge';

/**
 * The market clock main reports on the connection status (shared/market/market-clock.ts), kept
 * for every time a window computes: "today", an expiry's distance, a line's time. Subscribed on the
 * first read, once per window; before main's first status it is the wall clock.
 */
let clock: MarketClock | undefined;
let started = false;

function start(): void {
  if (started || typeof window === 'undefined' || !window.bullpen) return;
  started = true;
  subscribe('connection', {}, (status) => {
    clock = status.marketClock;
  });
}

/** The market's time now (or at wall instant `wall`), Unix ms. */
export function marketNow(wall = Date.now()): number {
  start();
  return marketTimeAt(clock, wall);
}
