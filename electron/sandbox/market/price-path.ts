import { sessionWindows, tradingIndexOnOrBefore, type SessionWindow } from '../../../shared/market/calendar';
import { DailyModel, type DayShape, type SegmentShape } from './daily-model';
import { hashText, hashWords, LruCache, RandomStream } from './prng';
import type { UniverseSeed } from './universe';

/**
 * The intraday layer: for each session window of a trading day, a 5-second path of prices (cents)
 * and volumes built as Brownian bridges through the day's fixed points — open, the high at its
 * hashed moment, the low at its moment, close — and clamped to [low, high]. So the day's high is
 * exactly the max of its 5-second highs, and the window's volume is exactly the day's volume:
 * every timespan aggregated from this path agrees with the daily bar.
 */

export const STEP_MS = 5_000;
const RTH_STEPS = 4_680;

export interface PathSegment {
  session: SessionWindow['session'];
  day: number;
  start: number;
  end: number;
  steps: number;
  /** Price at each step boundary, cents (length steps + 1): step j trades from price[j] to price[j+1]. */
  price: Int32Array;
  /** Shares traded in each step (length steps). */
  volume: Int32Array;
}

const SESSION_CODE = { OVN: 1, PRE: 2, RTH: 3, ATH: 4 } as const;

/** Relative activity over a window (x in 0..1): U-shaped for the regular session. Plain products (no `**`): this runs per step. */
function volumeProfile(session: PathSegment['session'], x: number): number {
  if (session === 'RTH') {
    const c = x - 0.5;
    return 0.55 + 6 * c * c + (x < 0.02 ? 2.5 : 0) + (x > 0.97 ? 3 : 0);
  }
  if (session === 'PRE') return 0.3 + 1.7 * x * x * x;
  if (session === 'ATH') {
    const y = 1 - x;
    return 0.3 + 1.7 * y * y * y;
  }
  return 1;
}

function buildSegment(window: SessionWindow, shape: SegmentShape, sigmaDay: number, rnd: RandomStream): PathSegment {
  const steps = Math.max(2, Math.round((window.end - window.start) / STEP_MS));
  const price = new Int32Array(steps + 1);
  const volume = new Int32Array(steps);
  const hiAt = Math.min(steps - 1, Math.max(1, Math.round(shape.highAt * steps)));
  let loAt = Math.min(steps - 1, Math.max(1, Math.round(shape.lowAt * steps)));
  if (loAt === hiAt) loAt = hiAt > 1 ? hiAt - 1 : hiAt + 1;
  const anchors: Array<[number, number]> = [
    [0, shape.open],
    [hiAt, shape.high],
    [loAt, shape.low],
    [steps, shape.close],
  ];
  anchors.sort((a, b) => a[0] - b[0]);
  const walk = new Float64Array(steps + 1);
  const walkY = new Float64Array(steps + 1);
  const walkZ = new Float64Array(steps + 1);
  const sessionScale = window.session === 'RTH' ? 0.7 : 0.35;
  const stepSigma = (sigmaDay / Math.sqrt(RTH_STEPS)) * sessionScale;
  const logHi = Math.log(shape.high);
  const logLo = Math.log(shape.low);
  const fill = (i0: number, x0: number, i1: number, x1: number) => {
    const m = i1 - i0;
    if (m <= 0) return;
    // The boundary the piece touches (the day's high or low at either end): the path keeps to its
    // side of it as a Bessel(3) bridge, the distance to it being the norm of a 3-D Brownian bridge,
    // so it reaches the extreme only at the anchor instead of sitting on it for many bars.
    const onHi = x0 >= logHi - 1e-12 || x1 >= logHi - 1e-12;
    const onLo = x0 <= logLo + 1e-12 || x1 <= logLo + 1e-12;
    const edge = onHi ? logHi : onLo ? logLo : logHi;
    const side = onHi || !onLo ? 1 : -1;
    const d0 = side * (edge - x0);
    const d1 = side * (edge - x1);
    // A long piece in a narrow day range moves less per step, so that it seldom meets the other
    // boundary (where it would be reflected and could hover at that extreme).
    const sigma = Math.min(stepSigma, (logHi - logLo) / (2.5 * Math.sqrt(m)));
    walk[0] = 0;
    walkY[0] = 0;
    walkZ[0] = 0;
    for (let j = 1; j <= m; j++) {
      walk[j] = (walk[j - 1] as number) + sigma * rnd.normal();
      walkY[j] = (walkY[j - 1] as number) + sigma * rnd.normal();
      walkZ[j] = (walkZ[j - 1] as number) + sigma * rnd.normal();
    }
    const [ex, ey, ez] = [walk[m] as number, walkY[m] as number, walkZ[m] as number];
    for (let j = 0; j <= m; j++) {
      const t = j / m;
      const bx = d0 + (d1 - d0) * t + (walk[j] as number) - t * ex;
      const by = (walkY[j] as number) - t * ey;
      const bz = (walkZ[j] as number) - t * ez;
      let x = edge - side * Math.sqrt(bx * bx + by * by + bz * bz);
      // The other boundary: reflect an excursion back inside (rare; bounded).
      for (let k = 0; k < 4 && (x > logHi || x < logLo); k++) x = x > logHi ? 2 * logHi - x : 2 * logLo - x;
      const cents = Math.round(Math.exp(x));
      price[i0 + j] = cents > shape.high ? shape.high : cents < shape.low ? shape.low : cents;
    }
  };
  for (let a = 0; a < anchors.length - 1; a++) {
    const [i0, p0] = anchors[a] ?? [0, shape.open];
    const [i1, p1] = anchors[a + 1] ?? [steps, shape.close];
    const l0 = Math.log(p0);
    const l1 = Math.log(p1);
    const bothEdges = (p0 === shape.high || p0 === shape.low) && (p1 === shape.high || p1 === shape.low) && i1 - i0 >= 4;
    if (bothEdges) {
      // From one extreme to the other: split in the middle so each half leans on one extreme only.
      const mid = i0 + Math.floor((i1 - i0) / 2);
      const span = logHi - logLo;
      const midX = Math.min(logHi - span * 0.1, Math.max(logLo + span * 0.1, (l0 + l1) / 2 + stepSigma * Math.sqrt((i1 - i0) / 4) * rnd.normal()));
      fill(i0, l0, mid, midX);
      fill(mid, midX, i1, l1);
    } else fill(i0, l0, i1, l1);
    price[i0] = p0;
    price[i1] = p1;
  }
  // Volume: profile × noise, then cumulative rounding so the steps sum exactly to the day's figure.
  const weights = new Float64Array(steps);
  let total = 0;
  for (let j = 0; j < steps; j++) {
    const w = volumeProfile(window.session, (j + 0.5) / steps) * (0.2 + 1.6 * rnd.uniform());
    weights[j] = w;
    total += w;
  }
  let cum = 0;
  let allocated = 0;
  for (let j = 0; j < steps; j++) {
    cum += weights[j] ?? 0;
    const upTo = Math.round((cum / total) * shape.volume);
    volume[j] = upTo - allocated;
    allocated = upTo;
  }
  return { session: window.session, day: window.day, start: window.start, end: window.end, steps, price, volume };
}

/** Per-symbol daily model plus an LRU of built segments, for one seed. */
export class PricePaths {
  private readonly models = new Map<string, DailyModel>();
  private readonly segments = new LruCache<string, PathSegment>(900);

  constructor(readonly seed: number) {}

  model(info: UniverseSeed): DailyModel {
    let m = this.models.get(info.symbol);
    if (!m) {
      m = new DailyModel(this.seed, info);
      this.models.set(info.symbol, m);
    }
    return m;
  }

  /** Shape of the trading day `day` (must be a trading day). */
  dayShape(info: UniverseSeed, day: number): DayShape {
    return this.model(info).dayShape(tradingIndexOnOrBefore(day));
  }

  segment(info: UniverseSeed, day: number, session: PathSegment['session']): PathSegment {
    const key = `${info.symbol}|${day}|${session}`;
    return this.segments.getOrCreate(key, () => {
      const shape = this.dayShape(info, day);
      const window = sessionWindows(day).find((w) => w.session === session);
      if (!window) throw new Error(`no ${session} window`);
      const segShape = session === 'RTH' ? shape.rth : session === 'PRE' ? shape.pre : session === 'ATH' ? shape.ath : shape.ovn;
      const rnd = new RandomStream(hashWords(this.seed, hashText(info.symbol), day, SESSION_CODE[session]));
      return buildSegment(window, segShape, info.volatility / Math.sqrt(252), rnd);
    });
  }
}

/** Index of the step containing `at` (−1 before the segment, steps after its end). */
export function stepIndex(seg: PathSegment, at: number): number {
  if (at < seg.start) return -1;
  if (at >= seg.end) return seg.steps;
  return Math.min(seg.steps, Math.floor((at - seg.start) / STEP_MS));
}

/** Running figures of a segment up to `at`: the completed steps only (no peeking at the step in progress). */
export function segmentSoFar(seg: PathSegment, at: number): { last: number; high: number; low: number; volume: number; steps: number } {
  const done = Math.max(0, stepIndex(seg, at));
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
