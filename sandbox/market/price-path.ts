import { sessionWindow, tradingIndexOnOrBefore, type SessionWindow } from '../../shared/market/calendar';
import { DailyModel, type DayShape, type SegmentShape } from './daily-model';
import { LEVERAGED } from './leverage';
import { bridgePath, type Profile } from './path-bridge';
import { hashText, hashWords, LruCache, RandomStream, uniformAt } from './prng';
import { lookupSeed, UNIVERSE, type UniverseSeed } from './universe';

/**
 * The intraday layer, in two levels built by the same bridge (path-bridge.ts). A session window
 * is cut into 5-minute buckets; the bucket level is a path through the day's fixed points (open,
 * the high and the low at their hashed moments, close) with each bucket's own high, low and volume.
 * Inside a bucket, 60 five-second steps run from its open to its close through its high and low.
 * So the day's high is exactly the max of its 5-second prices and the window's volume exactly the
 * day's volume, and every timespan aggregated from the path agrees with the daily bar. Running
 * figures (a snapshot's high so far) read the buckets plus one bucket's steps, never the whole
 * 5-second path: that is what keeps a cold whole-universe snapshot cheap.
 */

export const STEP_MS = 5_000;
export const BUCKET_STEPS = 60;
const RTH_STEPS = 4_680;

export interface PathSegment {
  session: SessionWindow['session'];
  day: number;
  /** The seed and the symbol's hash: when each step's trade prints (tradeOffset). */
  seed: number;
  symbolHash: number;
  start: number;
  end: number;
  steps: number;
  /** Price at each step boundary, cents (length steps + 1): step j trades from price[j] to price[j+1]. */
  price: Int32Array;
  /** Shares traded in each step (length steps). */
  volume: Int32Array;
}

/** A window in 5-minute buckets: boundary prices, and each bucket's high, low and volume. */
export interface BucketPath {
  session: SessionWindow['session'];
  day: number;
  start: number;
  steps: number;
  buckets: number;
  /** Price at each bucket boundary (length buckets + 1). */
  price: Int32Array;
  high: Int32Array;
  low: Int32Array;
  volume: Int32Array;
  /** Where inside the bucket its high and low print (0..1). */
  highAt: Float32Array;
  lowAt: Float32Array;
  stepSigma: number;
}

export interface SoFar {
  last: number;
  high: number;
  low: number;
  volume: number;
  steps: number;
}

/**
 * When step `j`'s trade prints, in ms after the step's start: a hashed moment inside the step, its
 * own for every symbol, day and step. A step is done (its price is the last) from that moment on,
 * so symbols move at their own instants, as a tape does, not every one on the 5-second grid at
 * once; ticks carry the same moments.
 */
function tradeOffset(seed: number, symbolHash: number, day: number, j: number): number {
  return Math.floor(uniformAt(seed, symbolHash, day, j) * STEP_MS);
}

/** When step `j` of the window from `start` prints its trade: the one rule ticks and the last trade share. */
export function tradeTime(seed: number, symbolHash: number, day: number, start: number, j: number): number {
  return start + j * STEP_MS + tradeOffset(seed, symbolHash, day, j);
}

/** How many of a window's `steps` (from `start`) have printed their trade by `at`. */
function stepsDone(
  seed: number,
  symbolHash: number,
  day: number,
  start: number,
  steps: number,
  at: number,
): number {
  if (at < start) return 0;
  const k = Math.floor((at - start) / STEP_MS);
  if (k >= steps) return steps;
  return at - start - k * STEP_MS >= tradeOffset(seed, symbolHash, day, k) ? k + 1 : k;
}

/** When the last of `done` steps printed its trade (the window's start before the first). */
function lastTradeTime(seed: number, symbolHash: number, day: number, start: number, done: number): number {
  return done <= 0 ? start : tradeTime(seed, symbolHash, day, start, done - 1);
}

const SESSION_CODE = { OVN: 1, PRE: 2, RTH: 3, ATH: 4 } as const;
const PROFILE: Record<SessionWindow['session'], Profile> = {
  OVN: 'FLAT',
  PRE: 'PRE',
  RTH: 'RTH',
  ATH: 'ATH',
};

/**
 * Cache sizes (docs/sandbox.md "Performance"): bucket paths and the open bucket's steps for every
 * session of every instrument, so a whole-universe snapshot repeated every few seconds never
 * rebuilds them (about 2.5 kB and 0.5 kB each: ≈ 12 MB together); whole 5-second paths only for
 * the few symbols a chart or a tick list reads (≈ 37 kB each: ≈ 10 MB).
 */
export const BUCKET_PATH_CACHE = 4 * UNIVERSE.length + 256;
export const STEP_CACHE = 4 * UNIVERSE.length + 256;
const SEGMENT_CACHE = 256;

/** The day shape's figures for one session. */
export function shapeOf(shape: DayShape, session: SessionWindow['session']): SegmentShape {
  return session === 'RTH'
    ? shape.rth
    : session === 'PRE'
      ? shape.pre
      : session === 'ATH'
        ? shape.ath
        : shape.ovn;
}

/** Per-symbol daily model plus LRUs of built paths, for one seed. */
export class PricePaths {
  private readonly models = new Map<string, DailyModel>();
  private readonly bucketPaths: LruCache<string, BucketPath>;
  private readonly bucketSteps: LruCache<string, { price: Int32Array; volume: Int32Array }>;
  private readonly segments = new LruCache<string, PathSegment>(SEGMENT_CACHE);

  /** `instruments`: how many the market lists (more with synthetic ones), which sizes the caches. */
  constructor(
    readonly seed: number,
    instruments = UNIVERSE.length,
  ) {
    const extra = Math.max(0, instruments - UNIVERSE.length) * 4;
    this.bucketPaths = new LruCache(BUCKET_PATH_CACHE + extra);
    this.bucketSteps = new LruCache(STEP_CACHE + extra);
  }

  model(info: UniverseSeed): DailyModel {
    let m = this.models.get(info.symbol);
    if (!m) {
      const lever = LEVERAGED[info.symbol];
      const underlying = lever ? lookupSeed(lever.underlying) : undefined;
      m =
        lever && underlying
          ? new DailyModel(this.seed, info, { underlying: this.model(underlying), leverage: lever.leverage })
          : new DailyModel(this.seed, info);
      this.models.set(info.symbol, m);
    }
    return m;
  }

  /** A leveraged fund's underlying seed (leverage.ts), if any. */
  private underlyingOf(info: UniverseSeed): UniverseSeed | undefined {
    const lever = LEVERAGED[info.symbol];
    return lever ? lookupSeed(lever.underlying) : undefined;
  }

  /**
   * A leveraged fund's window: its underlying's bucket path mapped through the fund's price map
   * (highs and lows trade places for an inverse fund), with the fund's own volumes (a bridge over
   * its own day, read for its volumes only). So at every bucket the fund's move is the multiple of
   * the underlying's.
   */
  private leveredBuckets(info: UniverseSeed, underlying: UniverseSeed, own: BucketPath): BucketPath {
    const model = this.model(info);
    const u = this.buckets(underlying, own.day, own.session);
    const up = (model.leverage?.leverage ?? 1) > 0;
    const map = (a: Int32Array) => Int32Array.from(a, (p) => model.leveredPrice(p));
    return {
      ...own,
      price: map(u.price),
      high: map(up ? u.high : u.low),
      low: map(up ? u.low : u.high),
      highAt: up ? u.highAt : u.lowAt,
      lowAt: up ? u.lowAt : u.highAt,
    };
  }

  /** Shape of the trading day `day` (must be a trading day). */
  dayShape(info: UniverseSeed, day: number): DayShape {
    return this.model(info).dayShape(tradingIndexOnOrBefore(day));
  }

  /** The window in 5-minute buckets (cached). */
  buckets(info: UniverseSeed, day: number, session: PathSegment['session']): BucketPath {
    return this.bucketPaths.getOrCreate(`${info.symbol}|${day}|${session}`, () => {
      const window = sessionWindow(day, session);
      const shape = shapeOf(this.dayShape(info, day), session);
      const steps = Math.max(2, Math.round((window.end - window.start) / STEP_MS));
      const buckets = Math.ceil(steps / BUCKET_STEPS);
      const stepSigma =
        (info.volatility / Math.sqrt(252) / Math.sqrt(RTH_STEPS)) * (session === 'RTH' ? 0.7 : 0.35);
      const bucketSigma = stepSigma * Math.sqrt(BUCKET_STEPS);
      const rnd = new RandomStream(hashWords(this.seed, hashText(info.symbol), day, SESSION_CODE[session]));
      const level = bridgePath(buckets, shape, bucketSigma, PROFILE[session], rnd);
      const underlying = this.underlyingOf(info);
      if (underlying) {
        const own = {
          session,
          day,
          start: window.start,
          steps,
          buckets,
          price: level.price,
          volume: level.volume,
        };
        return this.leveredBuckets(info, underlying, {
          ...own,
          high: level.price,
          low: level.price,
          highAt: new Float32Array(buckets),
          lowAt: new Float32Array(buckets),
          stepSigma,
        });
      }
      const high = new Int32Array(buckets);
      const low = new Int32Array(buckets);
      const highAt = new Float32Array(buckets);
      const lowAt = new Float32Array(buckets);
      for (let b = 0; b < buckets; b++) {
        const p0 = level.price[b] ?? 0;
        const p1 = level.price[b + 1] ?? 0;
        const top = Math.max(p0, p1);
        const bottom = Math.min(p0, p1);
        const up = Math.round(top * Math.exp(Math.abs(rnd.normal()) * bucketSigma * 0.5));
        const down = Math.round(bottom * Math.exp(-Math.abs(rnd.normal()) * bucketSigma * 0.5));
        // An excursion that would reach the window's high (low) is dropped: only the bucket that
        // prints the extreme at its boundary touches it, so the tape does not sit on it.
        const roomy = Math.min(steps - b * BUCKET_STEPS, BUCKET_STEPS) >= 3;
        high[b] = roomy && up < shape.high ? up : top;
        low[b] = roomy && down > shape.low ? down : bottom;
        highAt[b] = 0.05 + 0.9 * rnd.uniform();
        lowAt[b] = 0.05 + 0.9 * rnd.uniform();
      }
      return {
        session,
        day,
        start: window.start,
        steps,
        buckets,
        price: level.price,
        high,
        low,
        volume: level.volume,
        highAt,
        lowAt,
        stepSigma,
      };
    });
  }

  /** The 5-second steps of bucket `b` (cached). */
  bucketPath(info: UniverseSeed, bp: BucketPath, b: number): { price: Int32Array; volume: Int32Array } {
    return this.bucketSteps.getOrCreate(`${info.symbol}|${bp.day}|${bp.session}|${b}`, () => {
      const steps = Math.min(BUCKET_STEPS, bp.steps - b * BUCKET_STEPS);
      const shape: SegmentShape = {
        open: bp.price[b] ?? 0,
        close: bp.price[b + 1] ?? 0,
        high: bp.high[b] ?? 0,
        low: bp.low[b] ?? 0,
        volume: bp.volume[b] ?? 0,
        highAt: bp.highAt[b] ?? 0.5,
        lowAt: bp.lowAt[b] ?? 0.5,
      };
      const rnd = new RandomStream(
        hashWords(this.seed, hashText(info.symbol), bp.day, SESSION_CODE[bp.session], b + 1),
      );
      const own = bridgePath(steps, shape, bp.stepSigma, 'FLAT', rnd);
      const underlying = this.underlyingOf(info);
      if (!underlying) return own;
      // A leveraged fund's steps: its underlying's, mapped; its own volumes.
      const model = this.model(info);
      const u = this.bucketPath(underlying, this.buckets(underlying, bp.day, bp.session), b);
      return { price: Int32Array.from(u.price, (p) => model.leveredPrice(p)), volume: own.volume };
    });
  }

  /** The whole 5-second path of a window (cached; for bars below 5 minutes and ticks). */
  segment(info: UniverseSeed, day: number, session: PathSegment['session']): PathSegment {
    return this.segments.getOrCreate(`${info.symbol}|${day}|${session}`, () => {
      const bp = this.buckets(info, day, session);
      const window = sessionWindow(day, session);
      const price = new Int32Array(bp.steps + 1);
      const volume = new Int32Array(bp.steps);
      price[0] = bp.price[0] ?? 0;
      for (let b = 0; b < bp.buckets; b++) {
        const part = this.bucketPath(info, bp, b);
        price.set(part.price.subarray(1), b * BUCKET_STEPS + 1);
        volume.set(part.volume, b * BUCKET_STEPS);
      }
      return {
        session,
        day,
        seed: this.seed,
        symbolHash: hashText(info.symbol),
        start: window.start,
        end: window.end,
        steps: bp.steps,
        price,
        volume,
      };
    });
  }

  /** How many of the window's steps have printed their trade by `at` (stepsDone). */
  stepsDone(info: UniverseSeed, day: number, start: number, steps: number, at: number): number {
    return stepsDone(this.seed, hashText(info.symbol), day, start, steps, at);
  }

  /** When the last of `done` steps of the window from `start` printed (lastTradeTime). */
  lastTradeTime(info: UniverseSeed, day: number, start: number, done: number): number {
    return lastTradeTime(this.seed, hashText(info.symbol), day, start, done);
  }

  /**
   * Running figures of a window at `at` from its completed steps only: the completed buckets'
   * figures plus the steps of the bucket under way. Equal to segmentSoFar on the whole path.
   */
  soFar(
    info: UniverseSeed,
    day: number,
    session: PathSegment['session'],
    at: number,
  ): SoFar & { open: number; start: number } {
    const window = sessionWindow(day, session);
    const steps = Math.max(2, Math.round((window.end - window.start) / STEP_MS));
    const done = this.stepsDone(info, day, window.start, steps, at);
    if (done === 0 || done === steps) {
      // Not started or over: the path starts at the shape's open and, complete, has exactly the
      // shape's figures (it prints its high and low and its volumes sum to the shape's), so no
      // path is built. Only the window under way reads its buckets.
      const shape = shapeOf(this.dayShape(info, day), session);
      return done === 0
        ? {
            open: shape.open,
            start: window.start,
            last: shape.open,
            high: shape.open,
            low: shape.open,
            volume: 0,
            steps: 0,
          }
        : {
            open: shape.open,
            start: window.start,
            last: shape.close,
            high: shape.high,
            low: shape.low,
            volume: shape.volume,
            steps,
          };
    }
    const bp = this.buckets(info, day, session);
    const figures = this.soFarOf(info, bp, done);
    return { ...figures, open: bp.price[0] ?? 0, start: bp.start };
  }

  private soFarOf(info: UniverseSeed, bp: BucketPath, done: number): SoFar {
    const full = Math.floor(done / BUCKET_STEPS);
    let high = bp.price[0] ?? 0;
    let low = high;
    let volume = 0;
    for (let b = 0; b < full; b++) {
      const h = bp.high[b] ?? 0;
      const l = bp.low[b] ?? 0;
      if (h > high) high = h;
      if (l < low) low = l;
      volume += bp.volume[b] ?? 0;
    }
    const rest = done - full * BUCKET_STEPS;
    if (rest === 0) return { last: bp.price[full] ?? 0, high, low, volume, steps: done };
    const part = this.bucketPath(info, bp, full);
    for (let j = 1; j <= rest; j++) {
      const p = part.price[j] ?? 0;
      if (p > high) high = p;
      if (p < low) low = p;
      volume += part.volume[j - 1] ?? 0;
    }
    return { last: part.price[rest] ?? 0, high, low, volume, steps: done };
  }
}

/** Running figures of a segment up to `at`: the steps whose trade has printed (no peeking ahead). */
export function segmentSoFar(seg: PathSegment, at: number): SoFar {
  const done = stepsDone(seg.seed, seg.symbolHash, seg.day, seg.start, seg.steps, at);
  let high = seg.price[0] ?? 0;
  let low = high;
  let volume = 0;
  for (let j = 1; j <= done; j++) {
    const p = seg.price[j] ?? 0;
    if (p > high) high = p;
    if (p < low) low = p;
    volume += seg.volume[j - 1] ?? 0;
  }
  return { last: seg.price[done] ?? 0, high, low, volume, steps: done };
}
