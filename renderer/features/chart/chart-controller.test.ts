// @vitest-environment jsdom
import type { MouseEventParams } from 'lightweight-charts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake lightweight-charts: records every setData/update per series, draws nothing. */
const calls: Array<{ series: number; op: 'setData' | 'update'; points: number }> = [];
/** A logical range (the library brands its numbers; plain here). */
type Range = { from: number; to: number };
/** The points of each series' last setData (by series id). */
const lastData = new Map<number, Array<{ time: number }>>();
/**
 * The newest chart's time scale: the view set (applied at once; the library applies it on its next
 * frame) and the subscribers a test fires as the library would.
 */
const scale = {
  range: { from: 0, to: 10 } as Range | null,
  sets: [] as Range[],
  onRange: undefined as undefined | ((r: Range | null) => void),
  onCrosshair: undefined as undefined | ((p: MouseEventParams) => void),
};
vi.mock('lightweight-charts', () => {
  let next = 0;
  const series = () => {
    // Nine series a controller: ids restart at 0 for each (shade 0, volume 1, candles 2, lines 3–8).
    const id = next++ % 9;
    return {
      id,
      setData: (d: Array<{ time: number }>) => {
        calls.push({ series: id, op: 'setData', points: d.length });
        lastData.set(id, d);
      },
      update: () => calls.push({ series: id, op: 'update', points: 1 }),
      applyOptions: () => undefined,
      priceScale: () => ({ applyOptions: () => undefined }),
      createPriceLine: () => ({}),
      removePriceLine: () => undefined,
      coordinateToPrice: () => null,
    };
  };
  const timeScale = {
    subscribeVisibleLogicalRangeChange: (f: (r: Range | null) => void) => {
      scale.onRange = f;
    },
    unsubscribeVisibleLogicalRangeChange: () => undefined,
    setVisibleLogicalRange: (r: Range) => {
      scale.sets.push(r);
      scale.range = r;
    },
    getVisibleLogicalRange: () => scale.range,
    fitContent: () => undefined,
  };
  return {
    CandlestickSeries: 'c',
    HistogramSeries: 'h',
    LineSeries: 'l',
    CrosshairMode: { Normal: 0 },
    LineStyle: { Dashed: 2 },
    PriceScaleMode: { Normal: 0, Logarithmic: 1 },
    createChart: () => {
      scale.range = { from: 0, to: 10 };
      scale.sets = [];
      return {
        addSeries: () => series(),
        priceScale: () => ({ applyOptions: () => undefined }),
        timeScale: () => timeScale,
        subscribeCrosshairMove: (f: (p: MouseEventParams) => void) => {
          scale.onCrosshair = f;
        },
        applyOptions: () => undefined,
        remove: () => undefined,
      };
    },
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
const { chooseWindow, MARGIN_BARS, spanSize, WINDOW_BARS } = await import('./bar-window');

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

describe('ChartController window of bars (the series hold a slice around the view)', () => {
  const N = 100_000;
  const VOLUME = 1;
  const SMA = 3;
  /** `n` bars ending just before the first of `bars()`. */
  const older = (n: number) => bars(n).map((b) => ({ ...b, time: b.time - n * 60_000 }));
  const setData = (series: number) => calls.filter((c) => c.series === series && c.op === 'setData');
  let big: ReturnType<typeof toChartData>;

  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers();
    return () => vi.useRealTimers();
  });

  /** A controller showing `N` bars in `el`, the library's frame after the first view run. */
  const shown = (indicators = NONE, el = document.createElement('div')) => {
    big ??= toChartData(bars(N), true);
    const ctrl = new ChartController(el);
    ctrl.applySettings({ timespan: 'M1', indicators, scale: 'linear' });
    // A copy: live updates push into the model's arrays.
    ctrl.showFirst({ bars: [...big.bars], shade: [...big.shade] });
    vi.runAllTimers();
    calls.length = 0;
    return ctrl;
  };
  /** The model index of the first bar the candles hold (series logical 0). */
  const candlesLo = (ctrl: InstanceType<typeof ChartController>) => {
    const first = lastData.get(CANDLES)?.[0];
    return ctrl.bars.findIndex((b) => b.time === first?.time);
  };
  /** The last view the controller set, in model indices. */
  const viewSet = (ctrl: InstanceType<typeof ChartController>) => {
    const r = scale.sets.at(-1);
    const lo = candlesLo(ctrl);
    return r && { from: r.from + lo, to: r.to + lo };
  };
  /** The library reporting a visible range (model indices translated by the candles' first bar). */
  const libraryShows = (ctrl: InstanceType<typeof ChartController>, from: number, to: number) => {
    const lo = candlesLo(ctrl);
    scale.range = { from: from - lo, to: to - lo };
    scale.onRange?.(scale.range);
  };

  it('a first load of 100,000 bars gives each series the newest WINDOW_BARS, overlays over all', () => {
    const ctrl = new ChartController(document.createElement('div'));
    ctrl.applySettings({ timespan: 'M1', indicators: { ...NONE, sma: true }, scale: 'linear' });
    calls.length = 0;
    const pre = toChartData(bars(N, 'PRE'), true);
    ctrl.showFirst(pre);
    expect(ctrl.bars).toHaveLength(N);
    expect(setData(CANDLES)).toEqual([{ series: CANDLES, op: 'setData', points: WINDOW_BARS }]);
    expect(setData(VOLUME)).toEqual([{ series: VOLUME, op: 'setData', points: WINDOW_BARS }]);
    expect(setData(SHADE)).toEqual([{ series: SHADE, op: 'setData', points: WINDOW_BARS }]);
    // The SMA computed over every bar: the window's first bar has its value too.
    expect(setData(SMA)).toEqual([{ series: SMA, op: 'setData', points: WINDOW_BARS }]);
    expect(lastData.get(CANDLES)?.at(-1)?.time).toBe(pre.bars.at(-1)?.time);
    expect(lastData.get(SMA)?.[0]?.time).toBe(pre.bars[N - WINDOW_BARS]?.time);
    // The newest 150 bars framed, as before.
    expect(viewSet(ctrl)).toEqual({ from: N - 150, to: N + 2 });
  });

  it('a page back with the view at the newest bars sets no series bigger than the window', () => {
    const ctrl = shown({ ...NONE, sma: true });
    expect(ctrl.prepend(toChartData(older(5_000), true))).toBe(5_000);
    vi.runAllTimers();
    expect(ctrl.bars).toHaveLength(N + 5_000);
    // The candles and the volume are left as they are; the SMA is set again over the window.
    expect(setData(CANDLES)).toEqual([]);
    expect(setData(VOLUME)).toEqual([]);
    expect(calls.filter((c) => c.op === 'setData').every((c) => c.points <= WINDOW_BARS)).toBe(true);
    expect(setData(SMA)).toEqual([{ series: SMA, op: 'setData', points: WINDOW_BARS }]);
  });

  it('a page back with the view at the first bar keeps the view on the same bars', () => {
    const ctrl = shown();
    const nearStart = vi.fn();
    ctrl.onNearStart = nearStart;
    ctrl.handleKey('Home');
    vi.runAllTimers();
    expect(nearStart).toHaveBeenCalledTimes(1);
    expect(viewSet(ctrl)).toEqual({ from: 0, to: 152 });
    calls.length = 0;
    ctrl.prepend(toChartData(older(5_000), true));
    // The candles first, over the new bars and the ones the volume still holds; then the rest.
    expect(calls).toEqual([{ series: CANDLES, op: 'setData', points: WINDOW_BARS + 5_000 }]);
    expect(viewSet(ctrl)).toEqual({ from: 5_000, to: 5_152 });
    vi.runAllTimers();
    // That is the window now (within what a view needs plus MARGIN_BARS): the candles stay as set.
    expect(setData(VOLUME)).toEqual([{ series: VOLUME, op: 'setData', points: WINDOW_BARS + 5_000 }]);
    expect(setData(CANDLES)).toHaveLength(1);
    expect(candlesLo(ctrl)).toBe(0);
    expect(viewSet(ctrl)).toEqual({ from: 5_000, to: 5_152 });
    // The programmatic move does not ask for another page.
    expect(nearStart).toHaveBeenCalledTimes(1);
  });

  it('a view near the window’s edge slides it, the view kept on the same bars', () => {
    const ctrl = shown();
    const view = { from: N - WINDOW_BARS + 1_000, to: N - WINDOW_BARS + 1_150 };
    const want = chooseWindow(N, view);
    libraryShows(ctrl, view.from, view.to);
    // This task: the candles over the new window and what the volume still holds.
    expect(calls).toEqual([{ series: CANDLES, op: 'setData', points: N - want.lo }]);
    expect(viewSet(ctrl)).toEqual(view);
    expect(scale.sets.at(-1)).toEqual({ from: view.from - want.lo, to: view.to - want.lo });
    vi.runAllTimers();
    // Then the volume, and the candles trimmed to the window; the view still on the same bars.
    expect(setData(VOLUME)).toEqual([{ series: VOLUME, op: 'setData', points: spanSize(want) }]);
    expect(setData(CANDLES).at(-1)).toEqual({ series: CANDLES, op: 'setData', points: spanSize(want) });
    expect(lastData.get(VOLUME)?.[0]?.time).toBe(ctrl.bars[want.lo]?.time);
    expect(lastData.get(CANDLES)?.at(-1)?.time).toBe(ctrl.bars[want.hi - 1]?.time);
    expect(viewSet(ctrl)).toEqual(view);
  });

  it('the range events of its own view changes do not slide again', () => {
    const ctrl = shown();
    const stale = { from: 1_000, to: 1_150 };
    scale.range = stale;
    scale.onRange?.(stale);
    expect(setData(CANDLES)).toHaveLength(1);
    const restored = scale.sets.at(-1);
    // Before the library's next frame: its state between the setData and that frame (the old
    // logical range, now on other bars), and the event of applying the view.
    scale.onRange?.(stale);
    if (restored) scale.onRange?.(restored);
    expect(calls).toHaveLength(1);
    vi.runAllTimers();
    const after = calls.length;
    if (restored) scale.onRange?.(scale.sets.at(-1) ?? restored);
    vi.runAllTimers();
    expect(calls).toHaveLength(after);
    expect(viewSet(ctrl)).toEqual({ from: N - WINDOW_BARS + 1_000, to: N - WINDOW_BARS + 1_150 });
  });

  it('near-start fires near the first loaded bar, not near the window’s first bar', () => {
    const ctrl = shown();
    const nearStart = vi.fn();
    ctrl.onNearStart = nearStart;
    // Logical 0: the first bar the series hold, model index N - WINDOW_BARS.
    scale.range = { from: 0, to: 150 };
    scale.onRange?.(scale.range);
    vi.runAllTimers();
    expect(nearStart).not.toHaveBeenCalled();
    libraryShows(ctrl, 3, 153);
    vi.runAllTimers();
    expect(nearStart).toHaveBeenCalledTimes(1);
  });

  it('hover reports model indices', () => {
    const ctrl = shown();
    const hover = vi.fn();
    ctrl.onHover = hover;
    scale.onCrosshair?.({ logical: 5 } as MouseEventParams);
    expect(hover).toHaveBeenLastCalledWith(N - WINDOW_BARS + 5);
    scale.onCrosshair?.({ logical: WINDOW_BARS + 1 } as MouseEventParams);
    expect(hover).toHaveBeenLastCalledWith(N + 1);
    ctrl.handleKey('Home');
    vi.runAllTimers();
    scale.onCrosshair?.({ logical: 5 } as MouseEventParams);
    expect(hover).toHaveBeenLastCalledWith(5);
    scale.onCrosshair?.({} as MouseEventParams);
    expect(hover).toHaveBeenLastCalledWith(undefined);
  });

  it('a live bar updates the series only when the window holds the newest bar', () => {
    const ctrl = shown();
    const next = (appended: boolean) => {
      const last = ctrl.bars.at(-1);
      if (!last) throw new Error('no bars');
      const time = (appended ? last.time + 60 : last.time) as typeof last.time;
      ctrl.updateLast({ ...last, time, close: last.close + 0.1 }, appended, true);
    };
    next(true);
    expect(calls).toEqual([
      { series: CANDLES, op: 'update', points: 1 },
      { series: VOLUME, op: 'update', points: 1 },
    ]);
    ctrl.handleKey('Home');
    vi.runAllTimers();
    calls.length = 0;
    next(true);
    next(false);
    // The model has them; the series, which hold the first bars, are not touched.
    expect(calls).toEqual([]);
    expect(ctrl.bars).toHaveLength(N + 2);
    ctrl.handleKey('End');
    vi.runAllTimers();
    expect(lastData.get(CANDLES)?.at(-1)).toEqual(ctrl.bars.at(-1));
    expect(lastData.get(VOLUME)?.at(-1)?.time).toBe(ctrl.bars.at(-1)?.time);
    calls.length = 0;
    next(false);
    expect(calls.map((c) => c.op)).toEqual(['update', 'update']);
  });

  it('while a pointer is down the right end stays; a slide to the right happens on release', () => {
    const el = document.createElement('div');
    const ctrl = shown(NONE, el);
    el.dispatchEvent(new Event('pointerdown'));
    // Dragged near the window's first bar: it grows leftward, the newest bar still the last held.
    libraryShows(ctrl, N - WINDOW_BARS + 1_000, N - WINDOW_BARS + 1_150);
    vi.runAllTimers();
    expect(setData(CANDLES)).toEqual([
      { series: CANDLES, op: 'setData', points: WINDOW_BARS - 1_000 + MARGIN_BARS },
    ]);
    expect(lastData.get(CANDLES)?.at(-1)?.time).toBe(ctrl.bars.at(-1)?.time);
    window.dispatchEvent(new Event('pointerup'));
    // Back to the first bars (Home), then a drag near the window's right edge: nothing until
    // the release.
    ctrl.handleKey('Home');
    vi.runAllTimers();
    el.dispatchEvent(new Event('pointerdown'));
    calls.length = 0;
    libraryShows(ctrl, WINDOW_BARS - 1_000, WINDOW_BARS - 850);
    vi.runAllTimers();
    expect(calls).toEqual([]);
    window.dispatchEvent(new Event('pointerup'));
    const want = chooseWindow(N, { from: WINDOW_BARS - 1_000, to: WINDOW_BARS - 850 });
    expect(setData(CANDLES)).toEqual([{ series: CANDLES, op: 'setData', points: want.hi }]);
    expect(viewSet(ctrl)).toEqual({ from: WINDOW_BARS - 1_000, to: WINDOW_BARS - 850 });
    vi.runAllTimers();
    expect(candlesLo(ctrl)).toBe(want.lo);
    expect(viewSet(ctrl)).toEqual({ from: WINDOW_BARS - 1_000, to: WINDOW_BARS - 850 });
  });

  it('takes the view keys while a pointer is down but moves nothing; other keys are not its own', () => {
    const el = document.createElement('div');
    const ctrl = shown(NONE, el);
    const before = viewSet(ctrl);
    el.dispatchEvent(new Event('pointerdown'));
    calls.length = 0;
    for (const key of ['Home', 'End', 'ArrowLeft', 'ArrowRight', '+', '=', '-'])
      expect(ctrl.handleKey(key)).toBe(true);
    expect(ctrl.handleKey('a')).toBe(false);
    expect(ctrl.handleKey('constructor')).toBe(false);
    vi.runAllTimers();
    expect(calls).toEqual([]);
    window.dispatchEvent(new Event('pointerup'));
    vi.runAllTimers();
    expect(viewSet(ctrl)).toEqual(before);
    ctrl.handleKey('Home');
    vi.runAllTimers();
    expect(viewSet(ctrl)?.from).toBe(0);
  });
});
