import { CandlestickSeries, createChart, HistogramSeries, type UTCTimestamp } from 'lightweight-charts';
import type { Bar } from '../../../shared/openapi/records/market';
import { ChartController } from '../../../renderer/features/chart/chart-controller';
import { toChartData, type ChartBar } from '../../../renderer/features/chart/convert';

/**
 * The chart benchmark page (docs/benchmark.md "chart"): Bullpen's ChartController fed API-shaped
 * bars exactly as the chart panel feeds it (toChartData, then showFirst / updateLast, then Home and
 * prepend), and a bare lightweight-charts chart (candles + volume) fed the same bars as numbers.
 * One run per page load; the benchmark opens a fresh page for each.
 */
const MINUTE = 60_000;
/** A regular-session minute, far enough back for 105,000 one-minute bars before it. */
const NEWEST = Date.parse('2026-11-18T20:59:00Z');

/** Deterministic one-minute bars (decimal strings, as the API sends them) ending `end` minutes before NEWEST. */
function apiBars(count: number, end = 0): Bar[] {
  const out: Bar[] = [];
  let seed = 7 + end;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let price = 100;
  for (let i = count - 1; i >= 0; i--) {
    const open = price;
    const close = Math.max(1, open + (rand() - 0.5));
    const high = Math.max(open, close) + rand() * 0.2;
    const low = Math.min(open, close) - rand() * 0.2;
    price = close;
    out.push({
      time: NEWEST - (i + end) * MINUTE,
      open: open.toFixed(2),
      high: high.toFixed(2),
      low: low.toFixed(2),
      close: close.toFixed(2),
      volume: String(1000 + Math.floor(rand() * 5000)),
      // The sandbox's name for a regular-session bar (sandbox/market/bars.ts).
      trading_session: 'RTH',
    } as Bar);
  }
  return out;
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
/** Two frames: the first one drawn with the data, then the frame after it has begun. */
const painted = async () => {
  await nextFrame();
  await nextFrame();
};
/**
 * The longest task (PerformanceObserver `longtask`: over 50 ms) from now until `stop()`; 0 when no
 * task went over 50 ms. `stop()` waits a macrotask so the observer has the last entries.
 */
function watchLongTasks(): { stop(): Promise<number> } {
  let longest = 0;
  const take = (entries: PerformanceEntryList) => {
    for (const e of entries) longest = Math.max(longest, e.duration);
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ type: 'longtask' });
  return {
    async stop() {
      await new Promise((r) => setTimeout(r, 0));
      take(observer.takeRecords());
      observer.disconnect();
      return longest;
    },
  };
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)] ?? NaN;
const el = () => {
  const node = document.getElementById('chart');
  if (!node) throw new Error('no chart element');
  return node;
};

async function bullpen(count: number, updates: number, older: number) {
  const bars = apiBars(count);
  const t0 = performance.now();
  const ctrl = new ChartController(el());
  ctrl.applySettings({
    timespan: 'M1',
    indicators: { sma: false, ema: false, vwap: false, bollinger: false },
    scale: 'linear',
  });
  ctrl.showFirst(toChartData(bars, true));
  await painted();
  const firstPaintMs = performance.now() - t0;

  const times: number[] = [];
  for (let i = 0; i < updates; i++) {
    const last = ctrl.bars[ctrl.bars.length - 1] as ChartBar;
    const bar = { ...last, close: last.close + (i % 2 ? 0.01 : -0.01), volume: last.volume + 1 };
    const t = performance.now();
    ctrl.updateLast(bar, false, true);
    times.push(performance.now() - t);
    await nextFrame();
  }

  const page = apiBars(older, count);
  // A page back comes when the view is at the first loaded bar (a scroll there, or Home): the view
  // goes there first, and the chart's own work for that move (its window's steps, one task each)
  // is over before the measure starts.
  ctrl.handleKey('Home');
  await painted();
  await painted();
  // The page back starts in a task of its own (as a reply arriving over IPC would), so the figure is
  // the prepend's and the paint's, not the benchmark call's.
  await nextFrame();
  const longTasks = watchLongTasks();
  const t1 = performance.now();
  ctrl.prepend(toChartData(page, true));
  await painted();
  const pageBackMs = performance.now() - t1;
  const pageBackLongestTaskMs = await longTasks.stop();
  return {
    firstPaintMs,
    updateMedianMs: median(times),
    pageBackMs,
    pageBackLongestTaskMs,
    bars: ctrl.bars.length,
  };
}

async function bare(count: number, updates: number) {
  const bars = apiBars(count).map((b) => ({
    time: (b.time / 1000) as UTCTimestamp,
    open: Number(b.open),
    high: Number(b.high),
    low: Number(b.low),
    close: Number(b.close),
    volume: Number(b.volume),
  }));
  const t0 = performance.now();
  const chart = createChart(el(), { autoSize: true });
  const candles = chart.addSeries(CandlestickSeries);
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'vol' });
  candles.setData(bars);
  volume.setData(bars.map((b) => ({ time: b.time, value: b.volume })));
  chart.timeScale().setVisibleLogicalRange({ from: count - 150, to: count + 2 });
  await painted();
  const firstPaintMs = performance.now() - t0;
  const times: number[] = [];
  const last = bars[bars.length - 1];
  if (!last) throw new Error('no bars');
  for (let i = 0; i < updates; i++) {
    const bar = { ...last, close: last.close + (i % 2 ? 0.01 : -0.01), volume: last.volume + i };
    const t = performance.now();
    candles.update(bar);
    volume.update({ time: bar.time, value: bar.volume });
    times.push(performance.now() - t);
    await nextFrame();
  }
  return { firstPaintMs, updateMedianMs: median(times) };
}

(window as unknown as { chartBench: unknown }).chartBench = { bullpen, bare };
