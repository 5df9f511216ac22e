import { describe, expect, it } from 'vitest';
import type { MarketClock } from './market-clock';
import { isQuoteStale, STALE_AFTER_MS } from './quote-staleness';

// 2026-11-23 is a Monday: 15:00 UTC is 10:00 ET (regular hours); 2026-11-22 is a Sunday (closed).
const RTH_NOW = Date.UTC(2026, 10, 23, 15, 0, 0);
const SUNDAY = Date.UTC(2026, 10, 22, 15, 0, 0);

describe('isQuoteStale', () => {
  it('marks a regular-hours quote older than the threshold stale, a fresh one not', () => {
    expect(isQuoteStale(RTH_NOW - STALE_AFTER_MS.RTH - 1, RTH_NOW)).toBe(true);
    expect(isQuoteStale(RTH_NOW - 1_000, RTH_NOW)).toBe(false);
  });
  it('never calls a quote stale while the market is closed', () => {
    expect(isQuoteStale(SUNDAY - 86_400_000, SUNDAY)).toBe(false);
  });
  it('reads the session from the market clock: a frozen feed in a replayed session is stale on a Sunday', () => {
    // The sandbox replays Friday's regular session while the wall clock says Sunday.
    const replay: MarketClock = {
      mode: 'replay',
      marketAt: Date.UTC(2026, 10, 20, 16, 0, 0),
      wallAt: SUNDAY,
      loop: { start: Date.UTC(2026, 10, 20, 14, 30, 0), lengthMs: 6.5 * 3_600_000 },
    };
    expect(isQuoteStale(SUNDAY - STALE_AFTER_MS.RTH - 1, SUNDAY, replay)).toBe(true);
    expect(isQuoteStale(SUNDAY - 1_000, SUNDAY, replay)).toBe(false);
    // A clock pinned to a Sunday is closed even on a weekday.
    const pinnedSunday: MarketClock = { mode: 'pinned', marketAt: SUNDAY, wallAt: RTH_NOW };
    expect(isQuoteStale(RTH_NOW - 3_600_000, RTH_NOW, pinnedSunday)).toBe(false);
  });
  it('a quote without a time is not judged', () => {
    expect(isQuoteStale(undefined, RTH_NOW)).toBe(false);
  });
});
