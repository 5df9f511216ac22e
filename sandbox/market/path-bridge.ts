import type { SegmentShape } from './daily-model';
import type { RandomStream } from './prng';

/**
 * One path through fixed points: `steps` steps from `open` to `close` that print exactly `high` and
 * `low` at their hashed moments and never leave [low, high], with volumes summing exactly to
 * `volume`. Used twice (price-path.ts): once over a session in 5-minute buckets, once inside each
 * bucket in 5-second steps, so the two levels agree by construction.
 */

export type Profile = 'RTH' | 'PRE' | 'ATH' | 'FLAT';

/** Relative activity over a window (x in 0..1): U-shaped for the regular session. Plain products (no `**`): this runs per step. */
function volumeProfile(profile: Profile, x: number): number {
  if (profile === 'RTH') {
    const c = x - 0.5;
    return 0.55 + 6 * c * c + (x < 0.02 ? 2.5 : 0) + (x > 0.97 ? 3 : 0);
  }
  if (profile === 'PRE') return 0.3 + 1.7 * x * x * x;
  if (profile === 'ATH') {
    const y = 1 - x;
    return 0.3 + 1.7 * y * y * y;
  }
  return 1;
}

export interface BridgePath {
  /** Price at each step boundary, cents (length steps + 1). */
  price: Int32Array;
  /** Shares traded in each step (length steps). */
  volume: Int32Array;
}

export function bridgePath(
  steps: number,
  shape: SegmentShape,
  stepSigma: number,
  profile: Profile,
  rnd: RandomStream,
): BridgePath {
  const price = new Int32Array(steps + 1);
  const volume = new Int32Array(steps);
  const anchors: Array<[number, number]> = [
    [0, shape.open],
    [steps, shape.close],
  ];
  // An extreme that is already an end point needs no second touch inside (a bucket that ends on the
  // day's high would otherwise print it twice within minutes).
  const needHigh = shape.high > Math.max(shape.open, shape.close) && steps >= 2;
  const needLow = shape.low < Math.min(shape.open, shape.close) && steps >= 2;
  const hiAt = Math.min(steps - 1, Math.max(1, Math.round(shape.highAt * steps)));
  let loAt = Math.min(steps - 1, Math.max(1, Math.round(shape.lowAt * steps)));
  if (needHigh && needLow && loAt === hiAt) loAt = hiAt > 1 ? hiAt - 1 : hiAt + 1;
  if (needHigh) anchors.push([hiAt, shape.high]);
  if (needLow && loAt >= 1 && loAt <= steps - 1) anchors.push([loAt, shape.low]);
  anchors.sort((a, b) => a[0] - b[0]);
  const walk = new Float64Array(steps + 1);
  const walkY = new Float64Array(steps + 1);
  const walkZ = new Float64Array(steps + 1);
  const logHi = Math.log(shape.high);
  const logLo = Math.log(shape.low);
  const fill = (i0: number, x0: number, i1: number, x1: number) => {
    const m = i1 - i0;
    if (m <= 0) return;
    // The boundary the piece touches (the high or low at either end): the path keeps to its side of
    // it as a Bessel(3) bridge, the distance to it being the norm of a 3-D Brownian bridge, so it
    // reaches the extreme only at the anchor instead of sitting on it for many bars.
    const onHi = x0 >= logHi - 1e-12 || x1 >= logHi - 1e-12;
    const onLo = x0 <= logLo + 1e-12 || x1 <= logLo + 1e-12;
    const edge = onHi ? logHi : onLo ? logLo : logHi;
    const side = onHi || !onLo ? 1 : -1;
    const d0 = side * (edge - x0);
    const d1 = side * (edge - x1);
    // A long piece in a narrow range moves less per step, so that it seldom meets the other
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
    const ex = walk[m] as number;
    const ey = walkY[m] as number;
    const ez = walkZ[m] as number;
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
    const bothEdges =
      (p0 === shape.high || p0 === shape.low) &&
      (p1 === shape.high || p1 === shape.low) &&
      p0 !== p1 &&
      i1 - i0 >= 4;
    if (bothEdges) {
      // From one extreme to the other: split in the middle so each half leans on one extreme only.
      const mid = i0 + Math.floor((i1 - i0) / 2);
      const span = logHi - logLo;
      const midX = Math.min(
        logHi - span * 0.1,
        Math.max(logLo + span * 0.1, (l0 + l1) / 2 + stepSigma * Math.sqrt((i1 - i0) / 4) * rnd.normal()),
      );
      fill(i0, l0, mid, midX);
      fill(mid, midX, i1, l1);
    } else fill(i0, l0, i1, l1);
    price[i0] = p0;
    price[i1] = p1;
  }
  // Volume: profile × noise, then cumulative rounding so the steps sum exactly to the shape's figure.
  const weights = new Float64Array(steps);
  let total = 0;
  for (let j = 0; j < steps; j++) {
    const w = volumeProfile(profile, (j + 0.5) / steps) * (0.2 + 1.6 * rnd.uniform());
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
  return { price, volume };
}
