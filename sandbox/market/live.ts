import {
  nextTradingDay,
  nyLocal,
  regularDayAt,
  sessionAt,
  sessionWindows,
  tradingDayAt,
  tradingIndexOnOrBefore,
  type SessionWindow,
} from '../../shared/market/calendar';
import type { Session } from './market-view';
import { segmentSoFar, STEP_MS, tradeTime, type PricePaths } from './price-path';
import { hashText, uniformAt } from './prng';
import type { UniverseSeed } from './universe';

/**
 * Live figures at an instant, read off the same path as the bars: the regular session's running
 * open/high/low/volume (the 5-second steps whose trade has printed), the current extended-hours
 * and overnight session, and a quoted spread around the last trade.
 */

export interface SegmentFigures {
  session: SessionWindow['session'];
  day: number;
  open: number;
  last: number;
  high: number;
  low: number;
  volume: number;
  /** End of the last completed step (the last trade's time). */
  time: number;
  /** Price the session's change is measured against. */
  reference: number;
}

export interface LiveState {
  session: Session;
  regularDay: number;
  regular: SegmentFigures;
  preClose: number;
  /** The extended-hours session shown beside the regular one (today's pre-market, or the latest after-hours). Built on demand. */
  ext(): SegmentFigures;
  /** The current or latest overnight session. Built on demand. */
  ovn(): SegmentFigures;
  /** The last trade of any session. */
  last: number;
  lastTime: number;
}

function figures(
  paths: PricePaths,
  info: UniverseSeed,
  day: number,
  session: SessionWindow['session'],
  at: number,
  reference: number,
): SegmentFigures {
  const so = paths.soFar(info, day, session, at);
  return {
    session,
    day,
    open: so.open,
    last: so.last,
    high: so.high,
    low: so.low,
    volume: so.volume,
    time: paths.lastTradeTime(info, day, so.start, so.steps),
    reference,
  };
}

const once = <T>(fn: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= fn());
};

export function liveState(paths: PricePaths, info: UniverseSeed, at: number): LiveState {
  const session = sessionAt(at);
  const regularDay = regularDayAt(at);
  const shape = paths.dayShape(info, regularDay);
  const regular = figures(paths, info, regularDay, 'RTH', at, shape.preClose);
  const [, preW, , athW] = sessionWindows(regularDay);
  const ext = once((): SegmentFigures => {
    if (session === 'PRE') {
      const today = tradingDayAt(tradingIndexOnOrBefore(nyLocal(at).day));
      return figures(paths, info, today, 'PRE', at, regular.last);
    }
    if (athW && at >= athW.start) return figures(paths, info, regularDay, 'ATH', at, regular.last);
    return figures(paths, info, regularDay, 'PRE', preW?.end ?? at, shape.preClose);
  });
  const ovn = once((): SegmentFigures => {
    const nextDay = nextTradingDay(regularDay);
    const nextOvn = sessionWindows(nextDay)[0];
    return nextOvn && at >= nextOvn.start
      ? figures(paths, info, nextDay, 'OVN', at, regular.last)
      : figures(paths, info, regularDay, 'OVN', at, shape.preClose);
  });
  // The last trade is that of the session under way; when closed, the regular day's after-hours end.
  const latest = session === 'RTH' ? regular : session === 'OVN' ? ovn() : ext();
  return {
    session,
    regularDay,
    regular,
    preClose: shape.preClose,
    ext,
    ovn,
    last: latest.last,
    lastTime: latest.time,
  };
}

/** Quoted spread in cents: tighter for calm, liquid names; three times wider outside the regular session. */
function spreadCents(info: UniverseSeed, price: number, session: Session): number {
  const base = Math.max(1, Math.round(price * (0.00004 + 0.00025 * info.volatility)));
  return session === 'RTH' ? base : base * 3;
}

/**
 * What the book's sizes are drawn from: the symbol's hash and the book's step. Sizes are redrawn
 * every 5 s, each symbol at its own phase inside the 5 s (from its hash), so a watchlist's books do
 * not all change in the same instant.
 */
function bookDraw(info: UniverseSeed, at: number): { h: number; step: number } {
  const h = hashText(info.symbol);
  return { h, step: Math.floor((at + (h % STEP_MS)) / STEP_MS) };
}

export function bidAsk(seed: number, info: UniverseSeed, state: LiveState, at: number) {
  const spread = spreadCents(info, state.last, state.session);
  const bid = Math.max(1, state.last - Math.floor(spread / 2));
  const ask = bid + spread;
  const { h, step } = bookDraw(info, at);
  const lot = (k: number) => 100 * (1 + Math.floor(uniformAt(seed, h, step, k) * 20));
  return { bid, ask, bidSize: lot(1), askSize: lot(2), spread };
}

const MPIDS = ['NSDQ', 'ARCA', 'EDGX', 'BATS', 'IEXG', 'NYSE', 'MEMX', 'BYXX'];

export interface DepthLevel {
  price: number;
  size: number;
  orders: Array<{ mpid: string; size: number }>;
}

/**
 * Book levels half a spread apart on each side; each level's size is the sum of its venue orders
 * (round lots). The touch holds exactly the quoted bid and ask size, split among its venues, so the
 * book, the snapshot's sizes and the streamed quote agree. `q` is the quote's own draw when the
 * caller already has it.
 */
export function depthLevels(
  seed: number,
  info: UniverseSeed,
  state: LiveState,
  at: number,
  levels: number,
  q: ReturnType<typeof bidAsk> = bidAsk(seed, info, state, at),
): { asks: DepthLevel[]; bids: DepthLevel[] } {
  const { h, step } = bookDraw(info, at);
  const venue = (dir: 1 | -1, i: number, k: number) =>
    MPIDS[Math.floor(uniformAt(seed, h, dir, i, k, 3) * MPIDS.length)] ?? 'NSDQ';
  const side = (dir: 1 | -1, top: number, topSize: number): DepthLevel[] => {
    const out: DepthLevel[] = [];
    for (let i = 0; i < levels; i++) {
      const price = top + dir * i * Math.max(1, Math.round(q.spread / 2));
      if (price < 1) break;
      const n = 1 + Math.floor(uniformAt(seed, h, step, dir, i, 9) * 3);
      const lots =
        i === 0
          ? splitLots(topSize / 100, n, (k) => uniformAt(seed, h, step, dir, i, k))
          : Array.from({ length: n }, (_, k) => 1 + Math.floor(uniformAt(seed, h, step, dir, i, k) * 30));
      const orders = lots.map((l, k) => ({ mpid: venue(dir, i, k), size: 100 * l }));
      out.push({ price, size: orders.reduce((a, o) => a + o.size, 0), orders });
    }
    return out;
  };
  return { asks: side(1, q.ask, q.askSize), bids: side(-1, q.bid, q.bidSize) };
}

/** `lots` split into at most `n` parts of at least one lot each, drawn by `u(k)`; they sum to `lots`. */
function splitLots(lots: number, n: number, u: (k: number) => number): number[] {
  const parts = Math.max(1, Math.min(n, lots));
  const out: number[] = [];
  let left = lots;
  for (let k = 0; k < parts - 1; k++) {
    // Leave at least one lot for each part still to come.
    const take = 1 + Math.floor(u(k) * (left - (parts - k)));
    out.push(take);
    left -= take;
  }
  out.push(left);
  return out;
}

export interface NumericTick {
  time: number;
  price: number;
  volume: number;
  side: 'B' | 'S' | 'N';
  session: SessionWindow['session'];
}

/**
 * The latest trades before `at`: one per printed 5-second step with volume, at its trade moment
 * (tradeTime), newest last.
 */
export function recentTicks(
  paths: PricePaths,
  info: UniverseSeed,
  at: number,
  count: number,
  sessions: readonly SessionWindow['session'][],
): NumericTick[] {
  const out: NumericTick[] = [];
  let day = tradingDayAt(tradingIndexOnOrBefore(nyLocal(at).day + 1));
  const h = hashText(info.symbol);
  for (let walked = 0; walked < 30 && out.length < count; walked++) {
    const windows = sessionWindows(day).filter((w) => sessions.includes(w.session) && w.start < at);
    for (let wi = windows.length - 1; wi >= 0 && out.length < count; wi--) {
      const w = windows[wi];
      if (!w) continue;
      const seg = paths.segment(info, day, w.session);
      const done = segmentSoFar(seg, at).steps;
      for (let j = done - 1; j >= 0 && out.length < count; j--) {
        const volume = seg.volume[j] ?? 0;
        if (volume <= 0) continue;
        const from = seg.price[j] ?? 0;
        const price = seg.price[j + 1] ?? 0;
        const time = tradeTime(paths.seed, h, day, seg.start, j);
        out.push({
          time,
          price,
          volume,
          side: price > from ? 'B' : price < from ? 'S' : 'N',
          session: w.session,
        });
      }
    }
    day = tradingDayAt(tradingIndexOnOrBefore(day - 1));
  }
  return out.reverse();
}
