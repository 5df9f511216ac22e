import {
  CandlestickSeries,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  PriceScaleMode,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LogicalRange,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Timespan } from '../../../shared/openapi/primitives';
import { formatBarTime } from './clock';
import { foldShade, prependOlder, replaceNewest, type ChartBar, type ChartData } from './convert';
import type { ChartIndicators, ChartSettings } from './chart-panel-props';
import { bollinger, ema, sma, vwap, type Point } from './indicators';
import { isIntraday } from './timespans';

/** Overlay parameters (fixed; shown in the toolbar's names). */
export const SMA_PERIOD = 20;
export const EMA_PERIOD = 50;
export const BB_PERIOD = 20;
export const BB_MULT = 2;
/** Bars shown on the first load of a symbol/timespan; older ones are a scroll away. */
const FIRST_VIEW_BARS = 150;
/** Load the page before the first bar when the view comes this close (in bars) to it. */
const NEAR_START_BARS = 10;

const UP = '#26a69a';
const DOWN = '#ef5350';
const COLORS = { sma: '#f0b429', ema: '#a371f7', vwap: '#3b82f6', bb: '#8b949e' };

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
const dayOf = (t: UTCTimestamp): number => Math.floor(t / 86_400);

type OverlayName = 'sma' | 'ema' | 'vwap' | 'bbUpper' | 'bbMiddle' | 'bbLower';
/** Each overlay line's points; undefined when its indicator is off. */
type Overlays = Record<OverlayName, Point<UTCTimestamp>[] | undefined>;

/**
 * Steps run one per task (a macrotask each), in order; `cancel` drops those not run yet and
 * `flush` runs them now. Bounded by the steps given.
 */
export class StepQueue {
  private steps: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  run(steps: Array<() => void>): void {
    this.cancel();
    this.steps = steps;
    this.schedule();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.steps = [];
  }

  flush(): void {
    const steps = this.steps;
    this.cancel();
    for (const step of steps) step();
  }

  private schedule(): void {
    if (this.steps.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.steps.shift()?.();
      this.schedule();
    }, 0);
  }
}

/**
 * The imperative side of the chart: one lightweight-charts instance, its series and the loaded
 * bars. React owns what to show (settings, instrument); this owns how. Views: a first load frames
 * the newest bars; every later change (older page, fresh newest page, live trade) keeps the user's
 * zoom and scroll.
 */
export class ChartController {
  readonly chart: IChartApi;
  private readonly candles: ISeriesApi<'Candlestick'>;
  private readonly volume: ISeriesApi<'Histogram'>;
  private readonly shade: ISeriesApi<'Histogram'>;
  private readonly lines: Record<OverlayName, ISeriesApi<'Line'>>;
  data: ChartData = { bars: [], volume: [], shade: [] };
  private timespan: Timespan = 'D';
  private indicators: ChartIndicators = { sma: false, ema: false, vwap: false, bollinger: false };
  /** Called when the user scrolls near the first loaded bar. */
  onNearStart: () => void = () => undefined;
  /** Called with the hovered bar's index (undefined when the crosshair leaves). */
  onHover: (index: number | undefined) => void = () => undefined;
  private alertLines: IPriceLine[] = [];

  constructor(el: HTMLElement) {
    this.chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { color: 'transparent' },
        fontFamily: 'Inter, system-ui, sans-serif',
        fontSize: 11,
        attributionLogo: false,
      },
      timeScale: { timeVisible: true, secondsVisible: false },
      crosshair: { mode: CrosshairMode.Normal },
      localization: { timeFormatter: (t: Time) => formatBarTime(t as number, this.timespan) },
    });
    // Behind the candles: a full-height band under each extended-hours bar.
    this.shade = this.chart.addSeries(HistogramSeries, {
      priceScaleId: 'shade',
      lastValueVisible: false,
      priceLineVisible: false,
      base: 0,
    });
    this.chart.priceScale('shade').applyOptions({ visible: false, scaleMargins: { top: 0, bottom: 0 } });
    // One constant colour: the candles above carry the direction (no per-bar colour strings).
    this.volume = this.chart.addSeries(HistogramSeries, {
      priceScaleId: 'vol',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    this.chart.priceScale('vol').applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    this.candles = this.chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
    this.candles.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.22 } });
    const line = (color: string, lineWidth: 1 | 2 = 2) =>
      this.chart.addSeries(LineSeries, {
        color,
        lineWidth,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        visible: false,
      });
    this.lines = {
      sma: line(COLORS.sma),
      ema: line(COLORS.ema),
      vwap: line(COLORS.vwap),
      bbUpper: line(COLORS.bb, 1),
      bbMiddle: line(COLORS.bb, 1),
      bbLower: line(COLORS.bb, 1),
    };
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.rangeChanged);
    this.chart.subscribeCrosshairMove((p) =>
      this.onHover(p.logical === undefined ? undefined : Math.round(p.logical)),
    );
    this.applyTheme();
  }

  /** Near-start fires once per approach: the view must leave the start before it fires again. */
  private nearStartArmed = true;
  /** Where a prepend left the view: that programmatic move does not re-arm near-start, a user's does. */
  private shiftedFrom: number | undefined;
  private readonly rangeChanged = (range: LogicalRange | null) => {
    if (!range || this.data.bars.length === 0) return;
    // A prepend shifts the view by the bars it added, but range events from before the shift can
    // still arrive: without re-arming, each of them would ask for yet another older page.
    if (range.from >= NEAR_START_BARS) {
      if (this.shiftedFrom === undefined || Math.abs(range.from - this.shiftedFrom) >= 1) {
        this.nearStartArmed = true;
        this.shiftedFrom = undefined;
      }
    } else if (this.nearStartArmed) {
      this.nearStartArmed = false;
      this.onNearStart();
    }
  };

  get bars(): readonly ChartBar[] {
    return this.data.bars;
  }

  applyTheme(): void {
    const grid = cssVar('--grid', '#1a2028');
    const border = cssVar('--border', '#222a33');
    const light = document.documentElement.dataset.theme === 'light';
    this.chart.applyOptions({
      layout: { textColor: cssVar('--text-dim', '#8591a0') },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      rightPriceScale: { borderColor: border },
      timeScale: { borderColor: border },
    });
    this.volume.applyOptions({ color: light ? 'rgba(87, 96, 106, 0.35)' : 'rgba(133, 145, 160, 0.35)' });
    this.shade.applyOptions({ color: light ? 'rgba(227, 179, 65, 0.10)' : 'rgba(227, 179, 65, 0.07)' });
  }

  applySettings(s: Pick<ChartSettings, 'timespan' | 'indicators' | 'scale'>): void {
    // The rest of a page back first, with the overlays it was made for.
    this.finishLater.flush();
    const indicatorsChanged = s.indicators !== this.indicators;
    this.timespan = s.timespan;
    this.indicators = s.indicators;
    this.chart.applyOptions({
      timeScale: { secondsVisible: s.timespan === 'S5' || s.timespan === 'S15' },
      rightPriceScale: { mode: s.scale === 'log' ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal },
    });
    if (indicatorsChanged) this.setIndicatorData();
  }

  /** Drop everything (another symbol or timespan). */
  clear(): void {
    this.setAll({ bars: [], volume: [], shade: [] });
  }

  /** First load of a symbol/timespan: frame the newest bars. */
  showFirst(data: ChartData): void {
    this.setAll(data);
    const n = data.bars.length;
    if (n > FIRST_VIEW_BARS)
      this.chart.timeScale().setVisibleLogicalRange({ from: n - FIRST_VIEW_BARS, to: n + 2 });
    else this.chart.timeScale().fitContent();
  }

  /**
   * An older page: prepend and keep the view on the same bars. Returns how many bars came in.
   *
   * Each series' setData walks every bar the chart holds (100,000 one-minute bars: a few hundred
   * milliseconds a series on a slow machine), so only the candles are set in this task, with the
   * view; the volume, the session shading and each overlay follow one task each
   * (`finishLater`), so the window keeps answering input between them. The new bars are left of
   * the view, so nothing on screen waits for those steps.
   */
  prepend(older: ChartData): number {
    const first = this.data.bars[0]?.time;
    const { merged, added } = prependOlder(older.bars, this.data.bars);
    if (added === 0) return 0;
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.finishLater.cancel();
    this.data = {
      bars: merged,
      volume: older.volume.slice(0, added).concat(this.data.volume),
      shade: prependOlder(older.shade, this.data.shade, first ?? Infinity).merged,
    };
    this.candles.setData(this.data.bars);
    // Each step reads the data when it runs: a live bar folded in meanwhile is in it.
    this.finishLater.run([
      () => this.volume.setData(this.data.volume),
      () => this.setSeriesData(this.shade, this.data.shade),
      ...this.overlaySteps(),
    ]);
    if (range)
      this.chart.timeScale().setVisibleLogicalRange({ from: range.from + added, to: range.to + added });
    this.shiftedFrom = range ? range.from + added : undefined;
    return added;
  }

  /** A fresh newest page (refetch): older pages stay, indices of kept bars do not move, nor does the view. */
  refreshNewest(newest: ChartData): void {
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.setAll({
      bars: replaceNewest(this.data.bars, newest.bars),
      volume: replaceNewest(this.data.volume, newest.volume),
      shade: replaceNewest(this.data.shade, newest.shade, newest.bars[0]?.time),
    });
    if (range) this.chart.timeScale().setVisibleLogicalRange(range);
  }

  /** A live trade folded into the newest bar (or a new one): O(1) on the series, the view stays. */
  updateLast(bar: ChartBar, appended: boolean, shading: boolean): void {
    const d = this.data;
    if (appended) d.bars.push(bar);
    else d.bars[d.bars.length - 1] = bar;
    const vol = { time: bar.time, value: bar.volume };
    if (appended) d.volume.push(vol);
    else d.volume[d.volume.length - 1] = vol;
    this.candles.update(bar);
    this.volume.update(vol);
    const band = shading ? foldShade(d.shade, bar) : undefined;
    if (band) {
      this.shade.update(band);
      this.filled.add(this.shade);
    }
    this.updateIndicatorTail();
  }

  /**
   * Keyboard navigation (the canvas has none): ←/→ scroll by a tenth of the view, +/− zoom around
   * the right edge, Home goes to the first loaded bar (which loads the page before it), End back
   * to the newest. Returns false for keys it does not handle.
   */
  handleKey(key: string): boolean {
    const ts = this.chart.timeScale();
    const r = ts.getVisibleLogicalRange();
    const n = this.data.bars.length;
    if (!r || n === 0) return false;
    const width = r.to - r.from;
    const step = Math.max(1, Math.round(width / 10));
    const set = (from: number, to: number) => ts.setVisibleLogicalRange({ from, to });
    if (key === 'ArrowLeft') set(r.from - step, r.to - step);
    else if (key === 'ArrowRight') set(r.from + step, r.to + step);
    else if (key === 'Home') set(0, width);
    else if (key === 'End') set(n - width + 2, n + 2);
    else if (key === '+' || key === '=') set(r.to - width * 0.8, r.to);
    else if (key === '-') set(r.to - width * 1.25, r.to);
    else return false;
    return true;
  }

  /** A dashed line at each armed price alert of this symbol (./alert-lines.ts). */
  setAlertLines(lines: ReadonlyArray<{ price: number; title: string }>): void {
    for (const line of this.alertLines.splice(0)) this.candles.removePriceLine(line);
    for (const { price, title } of lines)
      this.alertLines.push(
        this.candles.createPriceLine({
          price,
          title,
          color: '#f0b429',
          lineStyle: LineStyle.Dashed,
          lineWidth: 1,
        }),
      );
  }

  /** The price at a vertical position in the chart (CSS px from its top), for "Alert at price". */
  priceAt(y: number): number | null {
    return this.candles.coordinateToPrice(y);
  }

  /** The chart as a PNG data URL (canvas pixels only; nothing leaves the machine). */
  screenshotDataUrl(): string {
    return this.chart.takeScreenshot().toDataURL('image/png');
  }

  destroy(): void {
    this.finishLater.cancel();
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.rangeChanged);
    this.chart.remove();
  }

  /** Series that hold data: an empty series given no data again is left alone. */
  private readonly filled = new Set<ISeriesApi<'Histogram'> | ISeriesApi<'Line'>>();

  /**
   * setData on a series that stays empty is skipped: the library walks every time point of the
   * chart on any setData of a series that had data before (100,000 bars: a pass per empty overlay).
   */
  private setSeriesData(
    series: ISeriesApi<'Histogram'> | ISeriesApi<'Line'>,
    points: readonly unknown[],
  ): void {
    if (points.length === 0 && !this.filled.has(series)) return;
    (series as ISeriesApi<'Line'>).setData(points as Point<UTCTimestamp>[]);
    if (points.length === 0) this.filled.delete(series);
    else this.filled.add(series);
  }

  /** The page back's remaining series updates, one task each (see `prepend`). */
  private readonly finishLater = new StepQueue();

  /**
   * One step per overlay line: set its points (or clear it), computed when the step runs. The
   * overlays are computed once for all the steps, again only if a live bar came in between (a new
   * last bar, or one more), so each step sets one line without recomputing the others.
   */
  private overlaySteps(): Array<() => void> {
    let memo: { length: number; last: ChartBar | undefined; values: Overlays } | undefined;
    const current = (): Overlays => {
      const bars = this.data.bars;
      if (memo?.length !== bars.length || memo.last !== bars.at(-1))
        memo = { length: bars.length, last: bars.at(-1), values: this.computeIndicators() };
      return memo.values;
    };
    return (Object.keys(this.lines) as OverlayName[]).map(
      (name) => () => this.setOverlay(name, current()[name]),
    );
  }

  /** One overlay line: shown with its points, or hidden and emptied when its indicator is off. */
  private setOverlay(name: OverlayName, points: Overlays[OverlayName]): void {
    const series = this.lines[name];
    series.applyOptions({ visible: points !== undefined });
    this.setSeriesData(series, points ?? []);
  }

  private setAll(data: ChartData): void {
    // Everything is set here: what a page back left to do is superseded.
    this.finishLater.cancel();
    this.data = data;
    this.candles.setData(data.bars);
    this.volume.setData(data.volume);
    this.setSeriesData(this.shade, data.shade);
    this.setIndicatorData();
  }

  private computeIndicators(): Overlays {
    const bars = this.data.bars;
    const on = this.indicators;
    const bb = on.bollinger ? bollinger(bars, BB_PERIOD, BB_MULT) : undefined;
    return {
      sma: on.sma ? sma(bars, SMA_PERIOD) : undefined,
      ema: on.ema ? ema(bars, EMA_PERIOD) : undefined,
      // VWAP restarts each New York day (chart time is NY wall clock); meaningless across days.
      vwap: on.vwap && isIntraday(this.timespan) ? vwap(bars, dayOf) : undefined,
      bbUpper: bb?.upper,
      bbMiddle: bb?.middle,
      bbLower: bb?.lower,
    };
  }

  private setIndicatorData(): void {
    const values = this.computeIndicators();
    for (const name of Object.keys(this.lines) as OverlayName[]) this.setOverlay(name, values[name]);
  }

  /** Recomputes the overlays (O(bars), microseconds for thousands) and moves only their last point. */
  private updateIndicatorTail(): void {
    const on = this.indicators;
    if (!on.sma && !on.ema && !on.vwap && !on.bollinger) return;
    const values = this.computeIndicators();
    for (const name of Object.keys(this.lines) as OverlayName[]) {
      const last = values[name]?.at(-1);
      if (last) this.lines[name].update(last);
    }
  }
}
