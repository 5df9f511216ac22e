import type { Timespan } from '../../../shared/openapi/primitives';
import { errorMessage } from '../../lib/bridge';
import {
  legendIndex,
  priceLabel as price,
  pricePlaces as placesOf,
  type IndicatorReading,
} from './chart-readout';
import { formatBarTime, localTimeHint } from './clock';
import type { ChartBar } from './convert';
import { TIMESPAN_LABEL } from './timespan-labels';
import styles from './Chart.module.css';

const volumeFmt = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

interface Props {
  symbol: string;
  timespan: Timespan;
  bars: readonly ChartBar[];
  /** Index of the hovered bar; the newest bar when undefined. */
  hover: number | undefined;
  /** Each switched-on indicator's value at that bar. */
  readings: readonly IndicatorReading[];
  older: 'idle' | 'loading' | 'start' | 'error';
  olderError: unknown;
  onRetryOlder(): void;
}

/**
 * OHLCV and change (against the previous bar's close) of the hovered bar, else the newest: what
 * the crosshair points at, in exchange time. Its data attributes expose the loaded range.
 */
export function ChartLegend({
  symbol,
  timespan,
  bars,
  hover,
  readings,
  older,
  olderError,
  onRetryOlder,
}: Props) {
  const index = legendIndex(hover, bars.length);
  const bar = bars[index];
  const prev = bars[index - 1];
  const change = bar && prev ? bar.close - prev.close : undefined;
  const dir = change === undefined || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  const local = bar ? localTimeHint(bar.time, timespan) : undefined;
  return (
    <div
      className={styles.legend}
      role="group"
      aria-label="Chart legend"
      data-testid="chart-legend"
      data-bars={bars.length}
      data-first-time={bars[0]?.time ?? ''}
      data-last-close={bars.at(-1)?.close ?? ''}
    >
      <div className={styles.legendRow}>
        <strong>{symbol}</strong>
        <span aria-label="Timespan shown">{TIMESPAN_LABEL[timespan].name}</span>
        {bar && (
          <time className={styles.legendTime} title={local ? `${local} (your time)` : undefined}>
            {formatBarTime(bar.time, timespan)}
          </time>
        )}
      </div>
      {bar && (
        <div className={`${styles.legendRow} num`}>
          <span>O {price(bar.open)}</span>
          <span>H {price(bar.high)}</span>
          <span>L {price(bar.low)}</span>
          <span aria-label="Close">C {price(bar.close)}</span>
          <span>V {volumeFmt.format(bar.volume)}</span>
          {change !== undefined && prev && (
            <span className={dir}>
              {change >= 0 ? '+' : ''}
              {price(change, placesOf(bar.close))} ({change >= 0 ? '+' : ''}
              {((change / prev.close) * 100).toFixed(2)}%)
            </span>
          )}
        </div>
      )}
      {bar && readings.length > 0 && (
        <div className={`${styles.legendRow} num`} role="list" aria-label="Indicator values">
          {readings.map((r) => (
            <span key={r.name} role="listitem" style={{ color: r.color }}>
              {r.name} {r.value === undefined ? '—' : price(r.value, placesOf(bar.close))}
            </span>
          ))}
        </div>
      )}
      {older === 'loading' && <div className={styles.legendNote}>Loading older bars…</div>}
      {older === 'start' && <div className={styles.legendNote}>Start of history</div>}
      {older === 'error' && (
        <div className={styles.legendNote} role="alert">
          Older bars failed: {errorMessage(olderError)}{' '}
          <button type="button" onClick={onRetryOlder}>
            Retry
          </button>
        </div>
      )}
    </div>
  );
}
