import type { Bar } from '../../../shared/openapi/records/market';

/** lightweight-charts wants seconds and numbers; this is the one place decimals become floats (display only). */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const TIMESPAN_MS = { D: 86_400_000, M5: 300_000 } as const;
export type ChartTimespan = keyof typeof TIMESPAN_MS;

export function toChartBars(bars: readonly Bar[]): ChartBar[] {
  return [...bars]
    .sort((a, b) => a.time - b.time)
    .filter((b, i, all) => i === 0 || b.time !== all[i - 1]?.time)
    .map((b) => ({
      time: Math.floor(b.time / 1000),
      open: Number(b.open),
      high: Number(b.high),
      low: Number(b.low),
      close: Number(b.close),
      volume: Number(b.volume),
    }));
}

/**
 * Fold a live price into the last bar: same bucket → extend high/low/close; a later bucket → a new
 * bar opening at that price. Returns undefined when the price is older than the last bar.
 */
export function applyLivePrice(
  last: ChartBar | undefined,
  price: number,
  timeMs: number,
  timespan: ChartTimespan,
): ChartBar | undefined {
  if (!Number.isFinite(price)) return undefined;
  const span = TIMESPAN_MS[timespan];
  if (!last)
    return {
      time: Math.floor((timeMs - (timeMs % span)) / 1000),
      open: price,
      high: price,
      low: price,
      close: price,
      volume: 0,
    };
  const lastEndMs = last.time * 1000 + span;
  if (timespan === 'D' || timeMs < lastEndMs) {
    if (timeMs < last.time * 1000) return undefined;
    return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
  }
  const bucket = timeMs - ((timeMs - last.time * 1000) % span);
  return { time: Math.floor(bucket / 1000), open: price, high: price, low: price, close: price, volume: 0 };
}
