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
