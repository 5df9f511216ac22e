import { describe, expect, it } from 'vitest';
import { marketTimeAt, type MarketClock } from './market-clock';

const OPEN = Date.parse('2026-11-20T14:30:00Z'); // Fri 09:30 New York
const LENGTH = 6.5 * 3600_000;

describe('marketTimeAt', () => {
  it('is the wall clock when live or unknown', () => {
    expect(marketTimeAt(undefined, 123)).toBe(123);
    expect(marketTimeAt({ mode: 'live', marketAt: 5, wallAt: 1 }, 123)).toBe(123);
  });

  it('runs a pinned clock on from its reading', () => {
    const pinned: MarketClock = { mode: 'pinned', marketAt: OPEN, wallAt: 1_000 };
    expect(marketTimeAt(pinned, 61_000)).toBe(OPEN + 60_000);
  });

  it('loops a replayed session back to its open, as the sandbox does', () => {
    const replay: MarketClock = {
      mode: 'replay',
      marketAt: OPEN + 3600_000,
      wallAt: 0,
      loop: { start: OPEN, lengthMs: LENGTH },
    };
    expect(marketTimeAt(replay, 1_000)).toBe(OPEN + 3600_000 + 1_000);
    // Five and a half hours later the session has ended and started over.
    expect(marketTimeAt(replay, 5.5 * 3600_000 + 1_000)).toBe(OPEN + 1_000);
  });
});
