import { dayNumber, tradingDayAt, tradingIndexOnOrBefore } from '../../../shared/market/calendar';
import { hashText, LruCache, normalAt, uniformAt } from './prng';
import type { UniverseSeed } from './universe';

/**
 * The daily layer of the price model: one close per trading day from a seeded random walk of
 * daily log-returns (a market factor plus the symbol's own noise), anchored so that the close on
 * ANCHOR_DATE is the symbol's reference price. Each day's open gap, high, low, volume and the
 * extended-session end points are hashes of (seed, symbol, day), so a daily bar never needs its
 * intraday path; the intraday path is then built to hit exactly these values (price-path.ts).
 */

export const ANCHOR_DAY = dayNumber(2025, 11, 3);
const BLOCK = 256;
const TRADING_DAYS_PER_YEAR = 252;
const MARKET_VOL = 0.16;

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
  private readonly drift: number;
  private readonly anchorIndex = tradingIndexOnOrBefore(ANCHOR_DAY);
  private readonly anchorLog: number;
  private readonly blocks = new Map<number, Float64Array>();
  private readonly shapes = new LruCache<number, DayShape>(4096);

  constructor(
    private readonly seed: number,
    readonly info: UniverseSeed,
  ) {
    this.symbolHash = hashText(info.symbol);
    this.sigmaDay = info.volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    // Beta to a common market factor gives the screeners' sectors and the ETFs realistic co-movement.
    const marketDay = MARKET_VOL / Math.sqrt(TRADING_DAYS_PER_YEAR);
    this.beta = Math.min(1.3, (0.55 + info.volatility) * (info.category === 'US_ETF' ? 1.1 : 1), (0.95 * this.sigmaDay) / marketDay);
    this.idioSigma = Math.sqrt(Math.max(0, this.sigmaDay ** 2 - (this.beta * marketDay) ** 2));
    this.drift = 0.07 / TRADING_DAYS_PER_YEAR - 0.5 * this.sigmaDay ** 2;
    this.anchorLog = Math.log(Number(info.refPrice) * 100);
  }

  private dailyReturn(index: number): number {
    const market = normalAt(this.seed, Tag.Market, index) * (MARKET_VOL / Math.sqrt(TRADING_DAYS_PER_YEAR));
    return this.drift + this.beta * market + this.idioSigma * normalAt(this.seed, this.symbolHash, Tag.Idio, index);
  }

  /** Log of the close in cents of a trading-day index (blocks of 256 days, filled outward from the anchor). */
  private logClose(index: number): number {
    const b = Math.floor(index / BLOCK);
    const block = this.blocks.get(b) ?? this.fillBlock(b);
    return block[index - b * BLOCK] ?? this.anchorLog;
  }

  private fillBlock(b: number): Float64Array {
    const anchorBlock = Math.floor(this.anchorIndex / BLOCK);
    const arr = new Float64Array(BLOCK);
    const first = b * BLOCK;
    if (b === anchorBlock) {
      const a = this.anchorIndex - first;
      arr[a] = this.anchorLog;
      for (let i = a + 1; i < BLOCK; i++) arr[i] = (arr[i - 1] ?? 0) + this.dailyReturn(first + i);
      for (let i = a - 1; i >= 0; i--) arr[i] = (arr[i + 1] ?? 0) - this.dailyReturn(first + i + 1);
    } else if (b > anchorBlock) {
      let prev = this.logClose(first - 1);
      for (let i = 0; i < BLOCK; i++) arr[i] = prev = prev + this.dailyReturn(first + i);
    } else {
      let next = this.logClose(first + BLOCK);
      for (let i = BLOCK - 1; i >= 0; i--) {
        next = next - this.dailyReturn(first + i + 1);
        arr[i] = next;
      }
    }
    this.blocks.set(b, arr);
    return arr;
  }

  /** Regular-session close of a trading-day index, in cents. */
  close(index: number): number {
    return Math.max(1, Math.round(Math.exp(this.logClose(index))));
  }

  private h(tag: Tag, index: number, extra = 0): number {
    return normalAt(this.seed, this.symbolHash, tag, index, extra);
  }

  private u(tag: Tag, index: number, extra = 0): number {
    return uniformAt(this.seed, this.symbolHash, tag, index, extra);
  }

  /** A segment from `open` to `close` with hashed extremes and where they fall. */
  private segment(index: number, part: number, open: number, close: number, rangeScale: number, volume: number): SegmentShape {
    const s = this.sigmaDay * rangeScale;
    const high = Math.max(open, close, Math.round(Math.max(open, close) * Math.exp(Math.abs(this.h(Tag.High, index, part)) * s)));
    const low = Math.max(1, Math.min(open, close, Math.round(Math.min(open, close) * Math.exp(-Math.abs(this.h(Tag.Low, index, part)) * s))));
    let highAt = 0.02 + 0.96 * this.u(Tag.HighAt, index, part);
    let lowAt = 0.02 + 0.96 * this.u(Tag.LowAt, index, part);
    if (Math.abs(highAt - lowAt) < 0.02) lowAt = highAt > 0.5 ? highAt - 0.3 : highAt + 0.3;
    // Extremes pushed toward the ends of the session look like real days (U-shaped activity).
    highAt = highAt < 0.5 ? highAt * highAt * 2 : 1 - (1 - highAt) * (1 - highAt) * 2;
    lowAt = lowAt < 0.5 ? lowAt * lowAt * 2 : 1 - (1 - lowAt) * (1 - lowAt) * 2;
    return { open, close, high, low, volume: Math.max(0, Math.round(volume)), highAt, lowAt };
  }

  /** Everything about one trading day (index into the trading calendar). Cached. */
  dayShape(index: number): DayShape {
    const hit = this.shapes.get(index);
    if (hit) return hit;
    const close = this.close(index);
    const preClose = this.close(index - 1);
    const ret = Math.log(close / preClose);
    const open = Math.max(1, Math.round(preClose * Math.exp(this.sigmaDay * 0.3 * this.h(Tag.Gap, index))));
    const surprise = Math.min(3, Math.abs(ret) / this.sigmaDay);
    const volume = this.info.averageVolume * Math.exp(0.3 * this.h(Tag.Volume, index) - 0.045) * (0.8 + 0.25 * surprise);
    const athEnd = (i: number) => Math.max(1, Math.round(this.close(i) * Math.exp(this.sigmaDay * 0.12 * this.h(Tag.AthEnd, i))));
    const prevAthEnd = athEnd(index - 1);
    const preStart = Math.max(1, Math.round(prevAthEnd * Math.exp(this.sigmaDay * 0.08 * this.h(Tag.PreStart, index))));
    const shape: DayShape = {
      index,
      day: tradingDayAt(index),
      preClose,
      rth: this.segment(index, 0, open, close, 0.45, volume),
      pre: this.segment(index, 1, preStart, open, 0.12, volume * (0.02 + 0.03 * this.u(Tag.Ext, index, 1))),
      ath: this.segment(index, 2, close, athEnd(index), 0.1, volume * (0.015 + 0.02 * this.u(Tag.Ext, index, 2))),
      ovn: this.segment(index, 3, prevAthEnd, preStart, 0.08, volume * (0.003 + 0.005 * this.u(Tag.Ext, index, 3))),
    };
    this.shapes.set(index, shape);
    return shape;
  }
}
