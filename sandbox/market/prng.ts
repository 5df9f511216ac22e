/**
 * Counter-based randomness: every random number of the simulated market is a pure hash of
 * (seed, symbol, day, stream, index), so any bar of any day can be computed on its own, without
 * replaying history from its start (the brief's determinism requirement).
 */

/** murmur3's 32-bit finaliser: a cheap avalanche of one word. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HASH_START = 0x9e3779b9;

/** One word into a running hash (a word beyond 32 bits is folded in as a second word). */
function mixWord(h: number, w: number): number {
  const lo = w | 0;
  const hi = Math.floor(w / 4294967296) | 0;
  h = fmix32((h ^ lo) + 0x7f4a7c15);
  if (hi !== 0) h = fmix32((h ^ hi) + 0x165667b1);
  return h;
}

/** Hash of a list of 32-bit words (integers; larger values are folded). */
export function hashWords(...words: number[]): number {
  let h = HASH_START;
  for (const w of words) h = mixWord(h, w);
  return fmix32(h);
}

/**
 * hashWords of exactly three / four / five words, without the rest-parameter array: the daily
 * model hashes millions of these when a screener reads a year of every instrument. Same values.
 */
export const hash3 = (a: number, b: number, c: number): number =>
  fmix32(mixWord(mixWord(mixWord(HASH_START, a), b), c));
export const hash4 = (a: number, b: number, c: number, d: number): number =>
  fmix32(mixWord(mixWord(mixWord(mixWord(HASH_START, a), b), c), d));
export const hash5 = (a: number, b: number, c: number, d: number, e: number): number =>
  fmix32(mixWord(mixWord(mixWord(mixWord(mixWord(HASH_START, a), b), c), d), e));

/**
 * Hashing in two halves, for words that repeat: `hashPrefix(a, b, c)` once, then
 * `hashWithPrefix(prefix, d, e)` equals hash5(a, b, c, d, e) (`hashWithPrefix(prefix, d)`:
 * hash4(a, b, c, d)) at less than half the cost.
 */
export const hashPrefix = (...words: number[]): number => {
  let h = HASH_START;
  for (const w of words) h = mixWord(h, w);
  return h;
};
export const hashWithPrefix = (prefix: number, d: number, e?: number): number =>
  fmix32(e === undefined ? mixWord(prefix, d) : mixWord(mixWord(prefix, d), e));

/** The standard normal normalAt derives from a hash (Box–Muller). */
export function normalOfHash(h: number): number {
  const u1 = (fmix32(h ^ 0x68e31da4) + 1) / 4294967297;
  const u2 = fmix32(h ^ 0xb5297a4d) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Stable 32-bit hash of a text (FNV-1a, then avalanche). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h >>> 0);
}

/** Uniform in [0, 1) from the hash of the words. */
export function uniformAt(...words: number[]): number {
  return hashWords(...words) / 4294967296;
}

/** Standard normal from the hash of the words (Box–Muller on two derived uniforms). */
export function normalAt(...words: number[]): number {
  return normalOfHash(hashWords(...words));
}

/** Acklam's rational approximation of the standard normal quantile (relative error < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return (
      -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/**
 * Normals for the 5-second steps come from a 16,384-entry quantile table: several times faster than
 * Box–Muller, which matters when a cold snapshot of the whole universe builds millions of steps.
 * The tails stop near ±4σ, which a 5-second price step never needs.
 */
const TABLE_SIZE = 16_384;
const NORMAL_TABLE = Float64Array.from({ length: TABLE_SIZE }, (_, i) =>
  normalQuantile((i + 0.5) / TABLE_SIZE),
);

/**
 * A standard normal from a hash through the same table: the daily model draws one per quantity
 * per day (a year of the whole universe is a million of them), so it uses this rather than
 * Box–Muller. Tails stop near ±3.8σ, which a daily return of this Gaussian model also never needs.
 */
export const gaussOfHash = (h: number): number => NORMAL_TABLE[h >>> 18] ?? 0;

/**
 * A fast sequential stream seeded from a hash (mulberry32), for the thousands of 5-second steps of
 * one day's path: the day is still addressable on its own, only the steps inside it run in order.
 */
export class RandomStream {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  uniform(): number {
    return this.next() / 4294967296;
  }

  normal(): number {
    return NORMAL_TABLE[this.next() >>> 18] ?? 0;
  }
}

/** A small LRU map: the simulator caches per symbol-day work in these. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }

  getOrCreate(key: K, create: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const v = create();
    this.set(key, v);
    return v;
  }
}

/** Integer cents to a decimal string without going through a float ("-12.05"). */
export function centsText(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${neg ? '-' : ''}${whole}.${frac < 10 ? '0' : ''}${frac}`;
}
