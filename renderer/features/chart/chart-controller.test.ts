// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake lightweight-charts: records every setData/update per series, draws nothing. */
const calls: Array<{ series: number; op: 'setData' | 'update'; points: number }> = [];
vi.mock('lightweight-charts', () => {
  let next = 0;
  const series = () => {
    // Nine series a controller: ids restart at 0 for each (shade 0, volume 1, candles 2, lines 3–8).
    const id = next++ % 9;
    return {
      id,
      setData: (d: unknown[]) => calls.push({ series: id, op: 'setData', points: d.length }),
      update: () => calls.push({ series: id, op: 'update', points: 1 }),
      applyOptions: () => undefined,
      priceScale: () => ({ applyOptions: () => undefined }),
      createPriceLine: () => ({}),
      removePriceLine: () => undefined,
      coordinateToPrice: () => null,
    };
  };
  const timeScale = {
    subscribeVisibleLogicalRangeChange: () => undefined,
    unsubscribeVisibleLogicalRangeChange: () => undefined,
    setVisibleLogicalRange: () => undefined,
    getVisibleLogicalRange: () => ({ from: 0, to: 10 }),
    fitContent: () => undefined,
  };
  return {
    CandlestickSeries: 'c',
    HistogramSeries: 'h',
    LineSeries: 'l',
    CrosshairMode: { Normal: 0 },
    LineStyle: { Dashed: 2 },
    PriceScaleMode: { Normal: 0, Logarithmic: 1 },
    createChart: () => ({
      addSeries: () => series(),
      priceScale: () => ({ applyOptions: () => undefined }),
      timeScale: () => timeScale,
      subscribeCrosshairMove: () => undefined,
      applyOptions: () => undefined,
      remove: () => undefined,
    }),
  };
});

/** How often the Bollinger bands were computed (the real computation, counted). */
const computed = { bollinger: 0 };
vi.mock('./indicators', async (importOriginal) => {
  const real = await importOriginal<typeof import('./indicators')>();
  return {
    ...real,
    bollinger: (...args: Parameters<typeof real.bollinger>) => {
      computed.bollinger++;
      return real.bollinger(...args);
    },
  };
});

const { ChartController } = await import('./chart-controller');
const { toChartData } = await import('./convert');

// Series ids in creation order: shade 0, volume 1, candles 2, then the six overlay lines 3–8.
const SHADE = 0;
const CANDLES = 2;
const NONE = { sma: false, ema: false, vwap: false, bollinger: false };
const bars = (n: number, session = 'RTH') =>
  Array.from({ length: n }, (_, i) => ({
    time: Date.parse('2026-11-18T15:00:00Z') + i * 60_000,
    open: '1',
    high: '2',
    low: '0.5',
    close: '1.5',
    volume: '100',
    trading_session: session,
  }));

describe('ChartController series updates', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('gives the empty shade and hidden overlays no setData (only candles and volume)', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: NONE, scale: 'linear' });
    calls.length = 0;
    ctrl.showFirst(toChartData(bars(500), true));
    expect(calls.map((c) => c.series)).toEqual([CANDLES, 1]);
    // A live update with nothing shown: two series updates, no overlay recomputed.
    calls.length = 0;
    const last = ctrl.bars[ctrl.bars.length - 1];
    if (!last) throw new Error('no bars');
    ctrl.updateLast({ ...last, close: 1.6 }, false, true);
    expect(calls).toEqual([
      { series: CANDLES, op: 'update', points: 1 },
      { series: 1, op: 'update', points: 1 },
    ]);
  });

  it('clears a shade that had bands, and an overlay once hidden', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, sma: true }, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(50, 'PRE'), true));
    calls.length = 0;
    ctrl.showFirst(toChartData(bars(50), true));
    // The shade had 50 bands: it is emptied; the SMA is set again.
    expect(calls.filter((c) => c.series === SHADE)).toEqual([{ series: SHADE, op: 'setData', points: 0 }]);
    calls.length = 0;
    ctrl.applySettings({ timespan: 'M1', indicators: NONE, scale: 'linear' });
    expect(calls).toEqual([{ series: 3, op: 'setData', points: 0 }]);
  });
});

describe('ChartController page back (older bars prepended)', () => {
  /** `n` bars ending just before the first of `bars()`. */
  const older = (n: number) => bars(n).map((b) => ({ ...b, time: b.time - n * 60_000 }));
  const setData = (series: number) => calls.filter((c) => c.series === series && c.op === 'setData');
  const SMA = 3;
  const VOLUME = 1;

  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers();
    return () => vi.useRealTimers();
  });

  it('sets the candles at once, then the volume and each shown overlay one task each', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, sma: true }, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    calls.length = 0;
    expect(ctrl.prepend(toChartData(older(100), true))).toBe(100);
    expect(ctrl.bars).toHaveLength(600);
    expect(calls).toEqual([{ series: CANDLES, op: 'setData', points: 600 }]);
    vi.advanceTimersToNextTimer();
    expect(calls.slice(1)).toEqual([{ series: VOLUME, op: 'setData', points: 600 }]);
    vi.runAllTimers();
    // The SMA over all 600 bars; the empty shade and the hidden overlays are left alone.
    expect(calls.slice(2)).toEqual([{ series: SMA, op: 'setData', points: 600 - 19 }]);
  });

  it('a live bar folded in before the later steps is in what they set', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, sma: true }, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    ctrl.prepend(toChartData(older(100), true));
    const last = ctrl.bars[ctrl.bars.length - 1];
    if (!last) throw new Error('no bars');
    ctrl.updateLast({ ...last, time: (last.time + 60) as typeof last.time }, true, true);
    calls.length = 0;
    vi.runAllTimers();
    expect(setData(VOLUME)).toEqual([{ series: VOLUME, op: 'setData', points: 601 }]);
    expect(setData(SMA)).toEqual([{ series: SMA, op: 'setData', points: 601 - 19 }]);
  });

  it('the overlay steps compute the indicators once between them, not once a line', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, bollinger: true }, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    ctrl.prepend(toChartData(older(100), true));
    computed.bollinger = 0;
    calls.length = 0;
    vi.runAllTimers();
    // Three band lines set, from one computation.
    expect(calls.filter((c) => c.series >= 6 && c.op === 'setData')).toHaveLength(3);
    expect(computed.bollinger).toBe(1);
  });

  it('a live bar between two overlay steps is in the steps after it', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, bollinger: true }, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    ctrl.prepend(toChartData(older(100), true));
    calls.length = 0;
    // Volume, shade, SMA, EMA, VWAP, then the upper band: six steps.
    for (let i = 0; i < 6; i++) vi.advanceTimersToNextTimer();
    expect(setData(6)).toEqual([{ series: 6, op: 'setData', points: 600 - 19 }]);
    const last = ctrl.bars[ctrl.bars.length - 1];
    if (!last) throw new Error('no bars');
    ctrl.updateLast({ ...last, time: (last.time + 60) as typeof last.time }, true, true);
    vi.runAllTimers();
    expect(setData(7)).toEqual([{ series: 7, op: 'setData', points: 601 - 19 }]);
    expect(setData(8)).toEqual([{ series: 8, op: 'setData', points: 601 - 19 }]);
  });

  it('a new first load supersedes what a page back had left to do', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: NONE, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    ctrl.prepend(toChartData(older(100), true));
    ctrl.showFirst(toChartData(bars(200), true));
    calls.length = 0;
    vi.runAllTimers();
    expect(calls).toEqual([]);
    ctrl.destroy();
  });

  it('changing the overlays during a page back finishes it first, then applies the change', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, sma: true }, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    ctrl.prepend(toChartData(older(100), true));
    calls.length = 0;
    ctrl.applySettings({ timespan: 'M1', indicators: NONE, scale: 'linear' });
    expect(setData(VOLUME)).toEqual([{ series: VOLUME, op: 'setData', points: 600 }]);
    // Set for the old overlays, then cleared for the new; nothing is left for later.
    expect(setData(SMA).map((c) => c.points)).toEqual([600 - 19, 0]);
    calls.length = 0;
    vi.runAllTimers();
    expect(calls).toEqual([]);
  });

  it('a destroyed chart is not touched by the steps left', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: NONE, scale: 'linear' });
    ctrl.showFirst(toChartData(bars(500), true));
    ctrl.prepend(toChartData(older(100), true));
    ctrl.destroy();
    calls.length = 0;
    vi.runAllTimers();
    expect(calls).toEqual([]);
  });
});
