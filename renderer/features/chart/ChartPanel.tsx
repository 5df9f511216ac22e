import { useQuery } from '@tanstack/react-query';
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../../app/ErrorBoundary';
import { invoke } from '../../lib/bridge';
import { direction, formatPercent, formatPrice, formatSigned } from '../../lib/format';
import { useQuoteStore } from '../quotes/quote-store';
import type { PanelProps } from '../../app/panels/panel-types';
import { applyLivePrice, toChartBars, type ChartBar, type ChartTimespan } from './bars';

const UP = '#26a69a';
const DOWN = '#ef5350';

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export function ChartPanel({ instrument }: PanelProps) {
  const symbol = instrument?.symbol;
  const category = instrument?.category ?? 'US_STOCK';
  const [timespan, setTimespan] = useState<ChartTimespan>('D');
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | undefined>(undefined);
  const candles = useRef<ISeriesApi<'Candlestick'> | undefined>(undefined);
  const volume = useRef<ISeriesApi<'Histogram'> | undefined>(undefined);
  const lastBar = useRef<ChartBar | undefined>(undefined);
  const quote = useQuoteStore((s) => (symbol ? s.quotes[symbol] : undefined));

  const bars = useQuery({
    queryKey: ['api.bars', { symbol, category, timespan, count: 300 }],
    queryFn: () => invoke('api.bars', { symbol: symbol ?? '', category, timespan, count: 300 }),
    enabled: Boolean(symbol),
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const text = cssVar('--text-dim', '#8b949e');
    const grid = cssVar('--grid', '#1c2128');
    const c = createChart(el, {
      autoSize: true,
      layout: {
        background: { color: 'transparent' },
        textColor: text,
        fontFamily: 'Inter, system-ui, sans-serif',
        fontSize: 11,
        attributionLogo: false,
      },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      rightPriceScale: { borderColor: grid },
      timeScale: { borderColor: grid, timeVisible: true, secondsVisible: false },
      crosshair: { mode: 1 },
    });
    candles.current = c.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
    volume.current = c.addSeries(HistogramSeries, {
      priceScaleId: 'vol',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
      color: '#30363d',
    });
    c.priceScale('vol').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    candles.current.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = undefined;
      candles.current = undefined;
      volume.current = undefined;
    };
  }, []);

  useEffect(() => {
    const data = bars.data ? toChartBars(bars.data.bars) : [];
    candles.current?.setData(
      data.map((b) => ({
        time: b.time as UTCTimestamp,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
      })),
    );
    volume.current?.setData(
      data.map((b) => ({
        time: b.time as UTCTimestamp,
        value: b.volume,
        color: b.close >= b.open ? `${UP}55` : `${DOWN}55`,
      })),
    );
    lastBar.current = data.at(-1);
    chart.current?.timeScale().fitContent();
  }, [bars.data]);

  // Live: the newest streamed price moves the last bar (or opens the next one).
  useEffect(() => {
    if (!quote?.price || !bars.data) return;
    const next = applyLivePrice(lastBar.current, Number(quote.price), quote.time, timespan);
    if (!next) return;
    lastBar.current = next;
    candles.current?.update({
      time: next.time as UTCTimestamp,
      open: next.open,
      high: next.high,
      low: next.low,
      close: next.close,
    });
  }, [quote?.price, quote?.time, timespan, bars.data]);

  const dir = direction(quote?.change);
  return (
    <section className="panel chart" aria-label="Chart">
      <header className="panel-head">
        <span className="panel-title">{symbol ?? 'Chart'}</span>
        <span className={`num big ${dir}`}>{formatPrice(quote?.price)}</span>
        <span className={`num ${dir}`}>{formatSigned(quote?.change)}</span>
        <span className={`num ${dir}`}>{formatPercent(quote?.changeRatio)}</span>
        <span className="spacer" />
        <div className="seg" role="group" aria-label="Timespan">
          {(['D', 'M5'] as const).map((t) => (
            <button
              key={t}
              type="button"
              className={t === timespan ? 'seg-btn seg-btn--on' : 'seg-btn'}
              onClick={() => setTimespan(t)}
            >
              {t === 'D' ? '1D' : '5m'}
            </button>
          ))}
        </div>
      </header>
      {bars.error ? <ErrorMessage error={bars.error} onRetry={() => void bars.refetch()} /> : null}
      <div className="chart-body" ref={container} data-testid="chart" />
      {bars.isLoading && <div className="chart-loading">Loading bars…</div>}
    </section>
  );
}
