import { describe, expect, it } from 'vitest';
import {
  parseDateText,
  sessionWindow,
  tradingDayAt,
  tradingIndexOnOrBefore,
} from '../../shared/market/calendar';
import { rthBlocksHeld, setRthBlockBudget } from './daily-blocks';
import {
  BUCKET_PATH_CACHE,
  BUCKET_STEPS,
  PricePaths,
  segmentSoFar,
  shapeOf,
  STEP_CACHE,
  STEP_MS,
} from './price-path';
import { hash3, hash4, hash5, hashPrefix, hashWithPrefix, hashWords, LruCache } from './prng';
import { UNIVERSE, lookupSeed, type UniverseSeed } from './universe';

/**
 * The two levels of the intraday path (docs/sandbox.md "Performance"): the 5-minute buckets that
 * running figures read must say exactly what the 5-second steps say, and the daily arrays that
 * long bar queries read exactly what the day shapes say.
 */
const paths = new PricePaths(42);
const seed = (s: string): UniverseSeed => {
  const info = lookupSeed(s);
  if (!info) throw new Error(s);
  return info;
};
const SESSIONS = ['OVN', 'PRE', 'RTH', 'ATH'] as const;
// An ordinary day, the day after Thanksgiving (early close) and a Monday (overnight from Sunday).
const DAYS = ['2026-11-18', '2026-11-27', '2026-11-16'].map(parseDateText);
const SYMBOLS = ['AAPL', 'SPY', 'TSLA', 'KO'].map(seed);

describe('running figures from buckets', () => {
  it('equal the figures of the whole 5-second path at every kind of instant', () => {
    let compared = 0;
    for (const info of SYMBOLS)
      for (const day of DAYS)
        for (const session of SESSIONS) {
          const seg = paths.segment(info, day, session);
          const w = sessionWindow(day, session);
          const instants = [
            w.start - 1,
            w.start,
            w.start + 4_999,
            w.start + STEP_MS * BUCKET_STEPS,
            w.start + STEP_MS * (BUCKET_STEPS + 7) + 1,
            (w.start + w.end) / 2,
            w.end - 1,
            w.end,
            w.end + 60_000,
          ];
          for (const at of instants) {
            const { open, start, ...figures } = paths.soFar(info, day, session, at);
            expect(figures, `${info.symbol} ${day} ${session} ${at}`).toEqual(segmentSoFar(seg, at));
            expect(open).toBe(seg.price[0]);
            expect(start).toBe(seg.start);
            compared++;
          }
        }
    expect(compared).toBe(SYMBOLS.length * DAYS.length * SESSIONS.length * 9);
  });

  it("each bucket's high, low and volume are those of its steps, and the window's those of its day shape", () => {
    for (const info of SYMBOLS)
      for (const session of SESSIONS) {
        const day = DAYS[1] ?? 0;
        const bp = paths.buckets(info, day, session);
        const seg = paths.segment(info, day, session);
        for (let b = 0; b < bp.buckets; b++) {
          const prices = Array.from(
            seg.price.subarray(b * BUCKET_STEPS, Math.min(bp.steps, (b + 1) * BUCKET_STEPS) + 1),
          );
          const volume = seg.volume
            .subarray(b * BUCKET_STEPS, (b + 1) * BUCKET_STEPS)
            .reduce((a, v) => a + v, 0);
          expect([Math.max(...prices), Math.min(...prices), volume]).toEqual([
            bp.high[b],
            bp.low[b],
            bp.volume[b],
          ]);
        }
        const s = shapeOf(paths.dayShape(info, day), session);
        expect([
          seg.price[0],
          seg.price[seg.steps],
          Math.max(...seg.price),
          Math.min(...seg.price),
          seg.volume.reduce((a, v) => a + v, 0),
        ]).toEqual([s.open, s.close, s.high, s.low, s.volume]);
      }
  });
});

describe('daily figures without day shapes', () => {
  it('the daily bar of a day is its day shape’s regular session, and a range is the extremes of the bars', () => {
    const info = seed('MSFT');
    const model = paths.model(info);
    const last = tradingIndexOnOrBefore(parseDateText('2026-11-17'));
    // Either side of the anchor day, and around the first day of history.
    for (const index of [last, last - 300, last - 5_000, 0, 1]) {
      const rth = paths.dayShape(info, tradingDayAt(index)).rth;
      expect(model.rthBar(index)).toEqual({
        open: rth.open,
        high: rth.high,
        low: rth.low,
        close: rth.close,
        volume: rth.volume,
      });
    }
    const bars = Array.from({ length: 252 }, (_, i) => model.rthBar(last - 251 + i));
    expect(model.rangeBetween(last - 251, last)).toEqual({
      high: Math.max(...bars.map((b) => b.high)),
      low: Math.min(...bars.map((b) => b.low)),
    });
  });

  it('closes do not depend on the order days are asked for', () => {
    const info = seed('NVDA');
    const index = tradingIndexOnOrBefore(parseDateText('2026-11-17'));
    const forward = new PricePaths(42).model(info);
    const early = forward.close(200);
    const late = forward.close(index);
    const backward = new PricePaths(42).model(info);
    expect([backward.close(index), backward.close(200)]).toEqual([late, early]);
  });
});

describe('hashing and caches', () => {
  it('blocks of daily figures stay within their budget, and a dropped block is remade the same', () => {
    const previous = setRthBlockBudget(3);
    try {
      const model = new PricePaths(43).model(seed('AMZN'));
      const last = tradingIndexOnOrBefore(parseDateText('2026-11-17'));
      // Ten blocks of 256 days, read twice: the second pass remakes the dropped ones.
      const indexes = Array.from({ length: 10 }, (_, i) => last - i * 256);
      const first = indexes.map((i) => model.rthBar(i));
      expect(rthBlocksHeld()).toBeLessThanOrEqual(3);
      expect(indexes.map((i) => model.rthBar(i))).toEqual(first);
      expect(rthBlocksHeld()).toBeLessThanOrEqual(3);
    } finally {
      setRthBlockBudget(previous);
    }
  });

  it('the fixed-arity and prefix hashes equal hashWords', () => {
    for (const w of [
      [0, 1, 2, 3, 4],
      [42, 0xffffffff, 7, -1, 9],
      [3, 5, 8, 2 ** 40, 0],
    ] as const) {
      const [a, b, c, d, e] = w;
      expect(hash3(a, b, c)).toBe(hashWords(a, b, c));
      expect(hash4(a, b, c, d)).toBe(hashWords(a, b, c, d));
      expect(hash5(a, b, c, d, e)).toBe(hashWords(a, b, c, d, e));
      expect(hashWithPrefix(hashPrefix(a, b, c), d, e)).toBe(hashWords(a, b, c, d, e));
      expect(hashWithPrefix(hashPrefix(a, b, c), d)).toBe(hashWords(a, b, c, d));
    }
  });

  it('an LRU never holds more than its capacity, and the path caches hold every session of the universe', () => {
    const lru = new LruCache<number, number>(3);
    for (let i = 0; i < 10; i++) lru.set(i, i);
    expect([lru.get(6), lru.get(7), lru.get(8), lru.get(9)]).toEqual([undefined, 7, 8, 9]);
    expect(BUCKET_PATH_CACHE).toBeGreaterThanOrEqual(4 * UNIVERSE.length);
    expect(STEP_CACHE).toBeGreaterThanOrEqual(4 * UNIVERSE.length);
  });
});
