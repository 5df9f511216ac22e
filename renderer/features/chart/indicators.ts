/**
 * Display-only overlays computed locally from the loaded bars (floats are fine: nothing here is
 * sent back or summed into money). Each returns one point per bar from the first bar with a full
 * window; the chart draws nothing before it.
 */
export interface Ohlcv {
  time: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
export interface Point<T = number> {
  time: T;
  value: number;
}
/**
 * A line point; `color` colours the segment that leaves it (lightweight-charts draws each segment
 * in its start point's colour). A whitespace item does not break a line in lightweight-charts 5,
 * so a break is a segment in SEGMENT_HIDDEN.
 */
export interface LinePoint<T = number> extends Point<T> {
  color?: string;
}
export const SEGMENT_HIDDEN = 'rgba(0, 0, 0, 0)';

/** Simple moving average of the closes. */
export function sma<B extends Ohlcv>(bars: readonly B[], period: number): Point<B['time']>[] {
  const out: Point<B['time']>[] = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i++) {
    sum += (bars[i] as B).close;
    if (i >= period) sum -= (bars[i - period] as B).close;
    if (i >= period - 1) out.push({ time: (bars[i] as B).time, value: sum / period });
  }
  return out;
}

/** Exponential moving average, k = 2 / (period + 1), seeded with the SMA of the first `period` closes. */
export function ema<B extends Ohlcv>(bars: readonly B[], period: number): Point<B['time']>[] {
  const out: Point<B['time']>[] = [];
  if (bars.length < period) return out;
  const k = 2 / (period + 1);
  let value = 0;
  for (let i = 0; i < period; i++) value += (bars[i] as B).close;
  value /= period;
  out.push({ time: (bars[period - 1] as B).time, value });
  for (let i = period; i < bars.length; i++) {
    value = (bars[i] as B).close * k + value * (1 - k);
    out.push({ time: (bars[i] as B).time, value });
  }
  return out;
}

export interface Bands<T> {
  middle: Point<T>[];
  upper: Point<T>[];
  lower: Point<T>[];
}

/** Bollinger bands: SMA ± `mult` population standard deviations of the closes in the window. */
export function bollinger<B extends Ohlcv>(
  bars: readonly B[],
  period: number,
  mult: number,
): Bands<B['time']> {
  const middle = sma(bars, period);
  const upper: Point<B['time']>[] = [];
  const lower: Point<B['time']>[] = [];
  for (let j = 0; j < middle.length; j++) {
    const m = middle[j] as Point<B['time']>;
    const end = j + period;
    let sq = 0;
    for (let i = j; i < end; i++) sq += ((bars[i] as B).close - m.value) ** 2;
    const sd = Math.sqrt(sq / period);
    upper.push({ time: m.time, value: m.value + mult * sd });
    lower.push({ time: m.time, value: m.value - mult * sd });
  }
  return { middle, upper, lower };
}

/**
 * Volume-weighted average price of the typical price (H + L + C) / 3, restarting whenever
 * `sessionOf(time)` changes (the chart passes the New York day, so it restarts each trading day).
 * A bar before any volume in its session takes its typical price. A session's last point, when
 * another session follows, hides the segment leaving it, so the line is not drawn across the night
 * from one session's VWAP to the next's.
 */
export function vwap<B extends Ohlcv>(
  bars: readonly B[],
  sessionOf: (time: B['time']) => number,
): LinePoint<B['time']>[] {
  const out: LinePoint<B['time']>[] = [];
  let session: number | undefined;
  let pv = 0;
  let vol = 0;
  for (const b of bars) {
    const s = sessionOf(b.time);
    if (s !== session) {
      const last = out.at(-1);
      if (last) last.color = SEGMENT_HIDDEN;
      session = s;
      pv = 0;
      vol = 0;
    }
    const tp = (b.high + b.low + b.close) / 3;
    pv += tp * b.volume;
    vol += b.volume;
    out.push({ time: b.time, value: vol > 0 ? pv / vol : tp });
  }
  return out;
}
