import type { Timespan } from '../../../shared/openapi/primitives';
import type { ImageHeader } from './chart-image';
import { priceLabel, pricePlaces, type IndicatorReading } from './chart-readout';
import { formatBarTime } from './clock';
import type { ChartBar } from './convert';
import { TIMESPAN_LABEL } from './timespan-labels';

const volumeFmt = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/**
 * The header of a saved chart image: the symbol and timespan, the axis' time zone (the chart shows
 * exchange time), the legend's bar (its time, OHLCV) and each indicator's value there.
 */
export function imageHeader(
  symbol: string,
  timespan: Timespan,
  bars: readonly ChartBar[],
  index: number,
  readings: readonly IndicatorReading[],
): ImageHeader {
  const bar = bars[index];
  const lines: Array<Array<{ text: string; color?: string }>> = [
    [{ text: 'Times in America/New_York (ET), exchange time' }],
  ];
  if (bar) {
    const p = (v: number) => priceLabel(v, pricePlaces(bar.close));
    lines.push([
      { text: formatBarTime(bar.time, timespan) },
      { text: `O ${p(bar.open)}` },
      { text: `H ${p(bar.high)}` },
      { text: `L ${p(bar.low)}` },
      { text: `C ${p(bar.close)}` },
      { text: `V ${volumeFmt.format(bar.volume)}` },
    ]);
    if (readings.length > 0)
      lines.push(
        readings.map((r) => ({
          text: `${r.name} ${r.value === undefined ? '—' : p(r.value)}`,
          color: r.color,
        })),
      );
  }
  return { title: `${symbol} · ${TIMESPAN_LABEL[timespan].name}`, lines };
}
