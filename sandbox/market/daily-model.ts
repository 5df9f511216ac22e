import { dayNumber, tradingDayAt, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import { BLOCK, marketBlocks, marketNormal, registerRthBlock } from './daily-blocks';
import { gaussOfHash, hashPrefix, hashText, hashWithPrefix, LruCache } from './prng';
import type { UniverseSeed } from './universe';

/**
 * The daily layer of the price model: one close per trading day. The log close is the reference
 * price's, plus a slow trend before the anchor (equity grows: a history that walks back from the
 * reference toward lower prices), plus a bounded, mean-reverting deviation: an AR(1) walk of daily
 * shocks (a market factor plus the symbol's own noise) from zero on ANCHOR_DAY, forward and
 * backward, squashed under a cap. So the close on ANCHOR_DAY is the reference price and every
 * close, years from it either way, stays within the cap of the reference (and its trend), as real
 * quotes stay near the levels the reference data state. A leveraged or inverse fund (leverage.ts)
 * is a power of its underlying: its log move from the anchor is the multiple of the underlying's,
 * day by day and (price-path.ts) step by step. Each day's open gap, high, low, volume and the
 * extended-session end points are hashes of (seed, symbol, day), so a daily bar never needs its
 * intraday path; the intraday path is then built to hit exactly these values (price-path.ts).
 */

export const ANCHOR_DAY = dayNumber(2025, 11, 3);
const TRADING_DAYS_PER_YEAR = 252;
const MARKET_VOL = 0.16;
/** Stationary spread of the log deviation from the reference, per unit of annual volatility, and its ceiling. */
const DEVIATION_PER_VOL = 0.45;
const DEVIATION_MAX = 0.18;
/** The deviation is squashed (tanh) under this many stationary spreads: the hard bound on |ln(close / level)|. */
const DEVIATION_CAP = 2.5;
/** Yearly growth of equity before the anchor (log): the history walks back toward lower prices. */
const EQUITY_TREND = 0.06;
/** ETF sectors that do not grow like equity (bonds, commodities, crypto, volatility). */
const FLAT_SECTORS = new Set(['Fixed Income', 'Commodities', 'Digital Assets', 'Trading — Volatility']);

/** A leveraged or inverse fund's underlying model and daily multiple (leverage.ts). */
export interface Leverage {
  underlying: DailyModel;
  leverage: number;
}

/** The largest |ln(close / level)| a symbol of this annual volatility reaches (level: reference × trend). */
export function deviationBound(volatility: number): number {
  return DEVIATION_CAP * Math.min(DEVIATION_PER_VOL * volatility, DEVIATION_MAX);
}
/** The regular session's range scale (× the daily sigma). */
const RTH_RANGE = 0.45;
/**
 * Whole day shapes (every session's figures, ~0.5 kB) per symbol: needed only for the days whose
 * intraday path is read (today's, a chart's few days; cheap to remake); daily bars read the blocks
 * of daily figures instead.
 */
const SHAPE_CACHE = 32;
/** Extended-session figures of one day, in cents / shares. */
export interface SegmentShape {
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  /** Step fractions (0..1) where the high and the low are printed. */
  highAt: number;
  lowAt: number;
}

/** The regular session's figures of a completed day: the daily bar (cents, shares). */
export interface RthBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface DayShape {
  index: number;
  day: number;
  preClose: number;
  rth: SegmentShape;
  pre: SegmentShape;
  ath: SegmentShape;
  ovn: SegmentShape;
}

/** Stream tags keep the hash inputs of different quantities apart. */
const enum Tag {
  Market = 1,
  Idio,
  Gap,
  High,
  Low,
  Volume,
  HighAt,
  LowAt,
  AthEnd,
  PreStart,
  Ext,
}

export class DailyModel {
  private readonly symbolHash: number;
  private readonly sigmaDay: number;
  private readonly beta: number;
  private readonly idioSigma: number;
  /** AR(1) coefficient of the deviation, its cap, and the yearly trend before the anchor. */
  private readonly phi: number;
  private readonly cap: number;
  private readonly trend: number;
  private readonly anchorIndex = tradingIndexOnOrBefore(ANCHOR_DAY);
  readonly anchorLog: number;
  /** Per block of 256 days: open, high, low, unrounded volume of each day (NaN until computed). */
  private readonly rthBlocks = new Map<number, Float64Array>();
  private readonly shapes = new LruCache<number, DayShape>(SHAPE_CACHE);
  private readonly market: Map<number, Float64Array>;
  /** Hash state after (seed, symbol, tag), per tag: each day's hash only mixes in its index. */
  private readonly prefixes: number[] = [];

  constructor(
    private readonly seed: number,
    readonly info: UniverseSeed,
    private readonly lever?: Leverage,
  ) {
    this.symbolHash = hashText(info.symbol);
    this.market = marketBlocks.getOrCreate(seed, () => new Map());
    for (let tag = Tag.Market; tag <= Tag.Ext; tag++)
      this.prefixes[tag] = hashPrefix(seed, this.symbolHash, tag);
    this.sigmaDay = info.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    // Beta to a common market factor gives the screeners' sectors and the ETFs realistic co-movement.
    const marketDay = MARKET_VOL / Math.sqrt(TRADING_DAYS_PER_YEAR);
    this.beta = Math.min(
      1.3,
      (0.55 + info.volatility) * (info.category === 'US_ETF' ? 1.1 : 1),
      (0.95 * this.sigmaDay) / marketDay,
    );
    this.idioSigma = Math.sqrt(Math.max(0, this.sigmaDay ** 2 - (this.beta * marketDay) ** 2));
    const spread = Math.min(DEVIATION_PER_VOL * info.volatility, DEVIATION_MAX);
    this.phi = Math.sqrt(Math.max(0, 1 - (this.sigmaDay / spread) ** 2));
    this.cap = DEVIATION_CAP * spread;
    this.trend =
      info.category === 'US_ETF' && FLAT_SECTORS.has(info.sector) ? 0 : EQUITY_TREND / TRADING_DAYS_PER_YEAR;
    this.anchorLog = Math.log(Number(info.refPrice) * 100);
  }

  /** The day's shock to the deviation: the market factor × beta plus the symbol's own noise. */
  private shock(index: number): number {
    const market =
      marketNormal(this.seed, Tag.Market, this.market, index) *
      (MARKET_VOL / Math.sqrt(TRADING_DAYS_PER_YEAR));
    return (
      this.beta * market + this.idioSigma * gaussOfHash(hashWithPrefix(this.prefixes[Tag.Idio] ?? 0, index))
    );
  }

  /**
   * The walk from the anchor, forward (entry k: index anchor + k) and backward (anchor − k): the
   * deviation before its cap, filled as far as a call reaches and kept (8 bytes a day: at most ≈ 75 kB per
   * symbol for the history back to 1990).
   */
  private readonly walks = {
    forward: { log: new Float64Array(0), length: 0 },
    backward: { log: new Float64Array(0), length: 0 },
  };

  private walkTo(forward: boolean, at: number): void {
    const walk = forward ? this.walks.forward : this.walks.backward;
    if (at >= walk.log.length) {
      const log = new Float64Array(Math.max(at + 1, walk.log.length * 2, 256));
      log.set(walk.log.subarray(0, walk.length));
      walk.log = log;
    }
    const { log } = walk;
    for (let k = walk.length; k <= at; k++) {
      // The same sums in the same order as a walk day by day from the anchor. Backward, a stationary
      // AR(1) reversed is again one, and day t's return still carries day t's shock.
      log[k] =
        k === 0
          ? 0
          : forward
            ? this.phi * (log[k - 1] as number) + this.shock(this.anchorIndex + k)
            : this.phi * (log[k - 1] as number) - this.shock(this.anchorIndex - k + 1);
    }
    walk.length = at + 1;
  }

  /** A price of the underlying mapped to this fund's (cents): its log move from the anchor × the leverage. */
  private levered(lever: Leverage, cents: number): number {
    const log = this.anchorLog + lever.leverage * (Math.log(cents) - lever.underlying.anchorLog);
    return Math.max(1, Math.round(Math.exp(log)));
  }

  /** A leveraged fund's price for its underlying's (price-path.ts maps the underlying's path); others: the price. */
  leveredPrice(cents: number): number {
    return this.lever ? this.levered(this.lever, cents) : cents;
  }

  /** A leveraged fund's underlying and multiple, if any. */
  get leverage(): Leverage | undefined {
    return this.lever;
  }

  /** Regular-session close of a trading-day index, in cents. */
  close(index: number): number {
    if (this.lever) return this.levered(this.lever, this.lever.underlying.close(index));
    const forward = index >= this.anchorIndex;
    const walk = forward ? this.walks.forward : this.walks.backward;
    const at = forward ? index - this.anchorIndex : this.anchorIndex - index;
    if (at >= walk.length) this.walkTo(forward, at);
    const deviation = this.cap * Math.tanh((walk.log[at] as number) / this.cap);
    const trend = this.trend * Math.min(0, index - this.anchorIndex);
    return Math.max(1, Math.round(Math.exp(this.anchorLog + trend + deviation)));
  }

  private h(tag: Tag, index: number, extra = 0): number {
    return gaussOfHash(hashWithPrefix(this.prefixes[tag] ?? 0, index, extra));
  }

  private u(tag: Tag, index: number, extra = 0): number {
    return hashWithPrefix(this.prefixes[tag] ?? 0, index, extra) / 4294967296;
  }

  /** Reused by extremes(): it runs for every day a 52-week range or a long bar query reads. */
  private readonly scratch = { high: 0, low: 0 };

  /** Hashed extremes of a segment from `open` to `close` (valid until the next call). */
  private extremes(
    index: number,
    part: number,
    open: number,
    close: number,
    rangeScale: number,
  ): { high: number; low: number } {
    const s = this.sigmaDay * rangeScale;
    const top = open > close ? open : close;
    const bottom = open < close ? open : close;
    this.scratch.high = Math.max(
      top,
      Math.round(top * Math.exp(Math.abs(this.h(Tag.High, index, part)) * s)),
    );
    this.scratch.low = Math.max(
      1,
      Math.min(bottom, Math.round(bottom * Math.exp(-Math.abs(this.h(Tag.Low, index, part)) * s))),
    );
    return this.scratch;
  }

  /** A segment from `open` to `close` with hashed extremes and where they fall. */
  private segment(
    index: number,
    part: number,
    open: number,
    close: number,
    rangeScale: number,
    volume: number,
  ): SegmentShape {
    const { high, low } = this.extremes(index, part, open, close, rangeScale);
    let highAt = 0.02 + 0.96 * this.u(Tag.HighAt, index, part);
    let lowAt = 0.02 + 0.96 * this.u(Tag.LowAt, index, part);
    if (Math.abs(highAt - lowAt) < 0.02) lowAt = highAt > 0.5 ? highAt - 0.3 : highAt + 0.3;
    // Extremes pushed toward the ends of the session look like real days (U-shaped activity).
    highAt = highAt < 0.5 ? highAt * highAt * 2 : 1 - (1 - highAt) * (1 - highAt) * 2;
    lowAt = lowAt < 0.5 ? lowAt * lowAt * 2 : 1 - (1 - lowAt) * (1 - lowAt) * 2;
    return { open, close, high, low, volume: Math.max(0, Math.round(volume)), highAt, lowAt };
  }

  /**
   * The regular session's open, high, low and unrounded volume of a day, computed once into the
   * day's block: what a daily (weekly, monthly, yearly) bar or a 52-week range reads, without the
   * extended sessions or where the extremes fall.
   */
  private rthFigures(index: number): Float64Array {
    const b = Math.floor(index / BLOCK);
    let block = this.rthBlocks.get(b);
    if (!block) {
      block = new Float64Array(BLOCK * 4).fill(Number.NaN);
      this.rthBlocks.set(b, block);
      registerRthBlock(block, this.rthBlocks, b);
    }
    const at = (index - b * BLOCK) * 4;
    if (Number.isNaN(block[at] as number)) {
      const close = this.close(index);
      const preClose = this.close(index - 1);
      const ret = Math.log(close / preClose);
      const open = Math.max(1, Math.round(preClose * Math.exp(this.sigmaDay * 0.3 * this.h(Tag.Gap, index))));
      const surprise = Math.min(3, Math.abs(ret) / this.sigmaDay);
      const volume =
        this.info.averageVolume * Math.exp(0.3 * this.h(Tag.Volume, index) - 0.045) * (0.8 + 0.25 * surprise);
      if (this.lever) {
        const u = this.lever.underlying.rthBar(index);
        const up = this.lever.leverage > 0;
        block[at] = this.levered(this.lever, u.open);
        block[at + 1] = this.levered(this.lever, up ? u.high : u.low);
        block[at + 2] = this.levered(this.lever, up ? u.low : u.high);
      } else {
        const { high, low } = this.extremes(index, 0, open, close, RTH_RANGE);
        block[at] = open;
        block[at + 1] = high;
        block[at + 2] = low;
      }
      block[at + 3] = volume;
    }
    return block;
  }

  /** The daily bar of a trading-day index (its regular session, complete). */
  rthBar(index: number): RthBar {
    const block = this.rthFigures(index);
    const at = (index - Math.floor(index / BLOCK) * BLOCK) * 4;
    return {
      open: block[at] as number,
      high: block[at + 1] as number,
      low: block[at + 2] as number,
      close: this.close(index),
      volume: Math.max(0, Math.round(block[at + 3] as number)),
    };
  }

  /** Highest high and lowest low of the daily bars of indexes [from, to] (none: high 0, low MAX_SAFE_INTEGER). */
  rangeBetween(from: number, to: number): { high: number; low: number } {
    let high = 0;
    let low = Number.MAX_SAFE_INTEGER;
    for (let i = Math.max(0, from); i <= to; i++) {
      const block = this.rthFigures(i);
      const at = (i - Math.floor(i / BLOCK) * BLOCK) * 4;
      const h = block[at + 1] as number;
      const l = block[at + 2] as number;
      if (h > high) high = h;
      if (l < low) low = l;
    }
    return { high, low };
  }

  /** A segment of the underlying's day mapped to this fund's prices, with this fund's volume. */
  private leveredSegment(lever: Leverage, s: SegmentShape, volume: number): SegmentShape {
    const up = lever.leverage > 0;
    return {
      open: this.levered(lever, s.open),
      close: this.levered(lever, s.close),
      high: this.levered(lever, up ? s.high : s.low),
      low: this.levered(lever, up ? s.low : s.high),
      volume: Math.max(0, Math.round(volume)),
      highAt: up ? s.highAt : s.lowAt,
      lowAt: up ? s.lowAt : s.highAt,
    };
  }

  /** A leveraged fund's day: its underlying's, mapped; its own volumes. */
  private leveredShape(lever: Leverage, index: number): DayShape {
    const u = lever.underlying.dayShape(index);
    const volume = this.rthFigures(index)[(index - Math.floor(index / BLOCK) * BLOCK) * 4 + 3] as number;
    const ratio = u.rth.volume > 0 ? volume / u.rth.volume : 0;
    return {
      index,
      day: u.day,
      preClose: this.close(index - 1),
      rth: this.leveredSegment(lever, u.rth, volume),
      pre: this.leveredSegment(lever, u.pre, u.pre.volume * ratio),
      ath: this.leveredSegment(lever, u.ath, u.ath.volume * ratio),
      ovn: this.leveredSegment(lever, u.ovn, u.ovn.volume * ratio),
    };
  }

  /** Everything about one trading day (index into the trading calendar). Cached. */
  dayShape(index: number): DayShape {
    const hit = this.shapes.get(index);
    if (hit) return hit;
    if (this.lever) {
      const levered = this.leveredShape(this.lever, index);
      this.shapes.set(index, levered);
      return levered;
    }
    const figures = this.rthFigures(index);
    const at = (index - Math.floor(index / BLOCK) * BLOCK) * 4;
    const open = figures[at] as number;
    const volume = figures[at + 3] as number;
    const close = this.close(index);
    const preClose = this.close(index - 1);
    const athEnd = (i: number) =>
      Math.max(1, Math.round(this.close(i) * Math.exp(this.sigmaDay * 0.12 * this.h(Tag.AthEnd, i))));
    const prevAthEnd = athEnd(index - 1);
    const preStart = Math.max(
      1,
      Math.round(prevAthEnd * Math.exp(this.sigmaDay * 0.08 * this.h(Tag.PreStart, index))),
    );
    const shape: DayShape = {
      index,
      day: tradingDayAt(index),
      preClose,
      rth: this.segment(index, 0, open, close, RTH_RANGE, volume),
      pre: this.segment(index, 1, preStart, open, 0.12, volume * (0.02 + 0.03 * this.u(Tag.Ext, index, 1))),
      ath: this.segment(
        index,
        2,
        close,
        athEnd(index),
        0.1,
        volume * (0.015 + 0.02 * this.u(Tag.Ext, index, 2)),
      ),
      ovn: this.segment(
        index,
        3,
        prevAthEnd,
        preStart,
        0.08,
        volume * (0.003 + 0.005 * this.u(Tag.Ext, index, 3)),
      ),
    };
    this.shapes.set(index, shape);
    return shape;
  }
}
