import type { HistogramData, UTCTimestamp } from 'lightweight-charts';
import { sessionAt } from '../../../shared/market/calendar';
import type { Timespan } from '../../../shared/openapi/primitives';
import type { Bar } from '../../../shared/openapi/records/market';
import { bucketStart } from './bucket';
import { toChartTime } from './clock';

/**
 * A bar as the candle series takes it: chart time (New York wall-clock seconds, see clock.ts) and
 * floats. This is the one place the API's decimal strings become floats: the chart only displays
 * them and nothing computed from them is sent back. `ext` marks a pre-market/after-hours bar.
 */
export interface ChartBar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  ext: boolean;
}

/**
 * The loaded bars and the sparse shade. The volume series' points are not kept: each is a bar's
 * time and volume, made for the bars the series is given (`volumePoints`), so a first load of
 * 100,000 bars makes points for the window the chart draws, not for every bar (docs/benchmark.md
 * "chart").
 */
export interface ChartData {
  bars: ChartBar[];
  /**
   * Background bands behind extended-hours bars (value 1), one point per extended bar and none
   * for a regular one (a histogram needs no gap entries): a regular-session chart gives the shade
   * series nothing to process. Empty when not shading.
   */
  shade: HistogramData<UTCTimestamp>[];
}

function isAscending(bars: readonly Bar[]): boolean {
  for (let i = 1; i < bars.length; i++) if ((bars[i]?.time ?? 0) <= (bars[i - 1]?.time ?? 0)) return false;
  return true;
}

/**
 * API bars → chart bars in one pass: one Number() per field, no per-bar strings. The API returns
 * bars ascending by time; that is checked (one comparison a bar) and only a reply that breaks it is
 * sorted and de-duplicated, since the chart library rejects unordered data.
 */
export function toChartData(input: readonly Bar[], shadeExtended: boolean): ChartData {
  const src = isAscending(input)
    ? input
    : [...input]
        .sort((a, b) => a.time - b.time)
        .filter((b, i, all) => i === 0 || b.time !== all[i - 1]?.time);
  const n = src.length;
  const bars = new Array<ChartBar>(n);
  const shade: ChartData['shade'] = [];
  for (let i = 0; i < n; i++) {
    const b = src[i] as Bar;
    const time = toChartTime(b.time) as UTCTimestamp;
    const ext =
      shadeExtended && (b.trading_session ? b.trading_session !== 'RTH' : sessionAt(b.time) !== 'RTH');
    bars[i] = {
      time,
      open: Number(b.open),
      high: Number(b.high),
      low: Number(b.low),
      close: Number(b.close),
      volume: Number(b.volume),
      ext,
    };
    if (ext) shade.push({ time, value: 1 });
  }
  return { bars, shade };
}

/** The volume series' point of a bar. */
export const volumePoint = (bar: ChartBar): HistogramData<UTCTimestamp> => ({
  time: bar.time,
  value: bar.volume,
});

/** The volume series' points of some bars, in order. */
export const volumePoints = (bars: readonly ChartBar[]): HistogramData<UTCTimestamp>[] =>
  bars.map(volumePoint);

/**
 * An older page in front of the loaded bars: keeps only the older bars strictly before the first
 * loaded one (the page ending at `end_time` repeats the boundary bar), in order. `added` is how many
 * bars came in, so the caller can keep the view where it was. A sparse list (the shade) passes the
 * first loaded bar's time as `first`.
 */
export function prependOlder<T extends { time: number }>(
  older: readonly T[],
  loaded: readonly T[],
  first: number = loaded[0]?.time ?? Infinity,
): { merged: T[]; added: number } {
  let cut = older.length;
  while (cut > 0 && (older[cut - 1]?.time ?? 0) >= first) cut--;
  return { merged: cut === 0 ? [...loaded] : older.slice(0, cut).concat(loaded), added: cut };
}

/**
 * A fresh newest page over the loaded bars: older loaded bars stay, the page replaces the rest. A
 * sparse list (the shade) passes the page's first bar time as `from`.
 */
export function replaceNewest<T extends { time: number }>(
  loaded: readonly T[],
  newest: readonly T[],
  from: number | undefined = newest[0]?.time,
): T[] {
  if (from === undefined) return [...loaded];
  let keep = loaded.length;
  while (keep > 0 && (loaded[keep - 1]?.time ?? 0) >= from) keep--;
  return loaded.slice(0, keep).concat(newest);
}

export interface Trade {
  price: number;
  /** Unix ms the trade happened (see quoteTradeTime). */
  time: number;
  /** Shares traded since the previous trade folded in (0 when unknown). */
  volume: number;
}

/**
 * Fold a live trade into the newest bar: same bucket → extend high/low/close and add volume; a
 * later bucket → a new bar opening at the trade. Undefined when the trade is older than the newest
 * bar or belongs to no charted bucket (see bucketStart).
 */
export function applyTrade(
  last: ChartBar | undefined,
  trade: Trade,
  timespan: Timespan,
  extendedHours: boolean,
): { bar: ChartBar; appended: boolean } | undefined {
  if (!Number.isFinite(trade.price) || trade.price <= 0) return undefined;
  const start = bucketStart(trade.time, timespan, extendedHours);
  if (start === undefined) return undefined;
  const time = toChartTime(start) as UTCTimestamp;
  const ext = extendedHours && sessionAt(trade.time) !== 'RTH';
  if (!last || time > last.time) {
    const p = trade.price;
    return { bar: { time, open: p, high: p, low: p, close: p, volume: trade.volume, ext }, appended: true };
  }
  if (time < last.time) return undefined;
  return {
    bar: {
      ...last,
      high: Math.max(last.high, trade.price),
      low: Math.min(last.low, trade.price),
      close: trade.price,
      volume: last.volume + trade.volume,
    },
    appended: false,
  };
}

/**
 * A live bar into the sparse shade (in place): an extended bar gets its band (the same one when it
 * is updated in place), a regular bar none. Returns the point to give the shade series, if any.
 */
export function foldShade(
  shade: HistogramData<UTCTimestamp>[],
  bar: ChartBar,
): HistogramData<UTCTimestamp> | undefined {
  if (!bar.ext) return undefined;
  const point = { time: bar.time, value: 1 };
  if (shade[shade.length - 1]?.time === bar.time) shade[shade.length - 1] = point;
  else shade.push(point);
  return point;
}
