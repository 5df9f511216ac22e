import type { ISeriesApi } from 'lightweight-charts';
import type { Bar } from '../../../../shared/openapi/records/market';
import { timeIndex } from '../bar-window';
import { ChartController } from '../chart-controller';
import { toChartData } from '../convert';

/**
 * A page for test/browser/chart-window.test.ts: the chart controller on the real lightweight-charts
 * in Chromium, with many one-minute bars, so the window of bars (../bar-window.ts) slides as a user
 * would make it: keys, a page back, mouse drags. `window.chartProbe` is what the test calls.
 */
const MINUTE = 60_000;
/**
 * Bars every minute of the day (a model of nothing, but many bars): the 105,000 minutes up to here
 * stay clear of a daylight-saving change, where New York's wall clock, the chart's time, repeats
 * an hour at night (a real feed has no bars then; a made-up one would be unordered for the chart).
 */
const NEWEST = Date.parse('2026-08-31T20:00:00Z');

/** `count` one-minute bars (API-shaped) ending `end` minutes before NEWEST. */
function apiBars(count: number, end = 0): Bar[] {
  return Array.from({ length: count }, (_, k) => {
    const i = count - 1 - k + end;
    const price = (100 + Math.sin(i / 50) * 5).toFixed(2);
    return {
      time: NEWEST - i * MINUTE,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: '1000',
      trading_session: 'RTH',
    } as Bar;
  });
}

const frame = () => new Promise((r) => requestAnimationFrame(r));
/** The controller's steps (a task each) and the library's frames after them. */
async function settle(): Promise<void> {
  for (let i = 0; i < 16; i++) await new Promise((r) => setTimeout(r, 0));
  await frame();
  await frame();
}

let ctrl: ChartController | undefined;
let nearStart = 0;
const chart = (): ChartController => {
  if (!ctrl) throw new Error('no chart: call setup first');
  return ctrl;
};
/** The candle series, to read what the library holds (the controller keeps it private). */
const candles = () => (chart() as unknown as { candles: ISeriesApi<'Candlestick'> }).candles;
/** The model index of a chart time. */
const indexOf = (time: number): number => timeIndex(chart().bars, time);

const probe = {
  async setup(count: number): Promise<void> {
    const el = document.getElementById('chart');
    if (!el) throw new Error('no chart element');
    ctrl = new ChartController(el);
    ctrl.applySettings({
      timespan: 'M1',
      indicators: { sma: true, ema: false, vwap: false, bollinger: false },
      scale: 'linear',
    });
    ctrl.onNearStart = () => void nearStart++;
    ctrl.showFirst(toChartData(apiBars(count), false));
    await settle();
  },
  async key(key: string): Promise<void> {
    chart().handleKey(key);
    await settle();
  },
  async prepend(count: number): Promise<void> {
    chart().prepend(toChartData(apiBars(count, chart().bars.length), false));
    await settle();
  },
  settle,
  /** Bars loaded, the visible bars and the bars the candles hold, as model indices. */
  state() {
    const range = chart().chart.timeScale().getVisibleRange();
    const held = candles().data();
    const first = held[0]?.time;
    const last = held.at(-1)?.time;
    return {
      bars: chart().bars.length,
      from: range ? indexOf(range.from as number) : -1,
      to: range ? indexOf(range.to as number) : -1,
      heldFrom: first === undefined ? -1 : indexOf(first as number),
      heldTo: last === undefined ? -1 : indexOf(last as number),
      held: held.length,
      nearStart,
    };
  },
};

(window as unknown as { chartProbe: typeof probe }).chartProbe = probe;
