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
  type AutoscaleInfo,
  type LogicalRange,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Timespan } from '../../../shared/openapi/primitives';
import {
  chooseWindow,
  EMPTY,
  hull,
  MARGIN_BARS,
  nextWindow,
  sameSpan,
  shiftSpan,
  shiftView,
  sliceByTime,
  spanSize,
  toModelIndex,
  within,
  WINDOW_BARS,
  type Span,
  type View,
} from './bar-window';
import { formatBarTime } from './clock';
import {
  foldShade,
  prependOlder,
  replaceNewest,
  volumePoint,
  volumePoints,
  type ChartBar,
  type ChartData,
} from './convert';
import type { ChartIndicators, ChartSettings } from './chart-panel-props';
import { bollinger, ema, sma, vwap, type LinePoint } from './indicators';
import { composeChartImage, type ImageHeader } from './chart-image';
import { BOTTOM_MARGIN, bottomMargin, TOP_MARGIN, valueAt, type IndicatorReading } from './chart-readout';
import { isIntraday } from './timespan-labels';
import { StepQueue } from './step-queue';
import { OrderLayer, type OrderLayerHandlers } from './order-layer';

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
const OVERLAYS: readonly OverlayName[] = ['sma', 'ema', 'vwap', 'bbUpper', 'bbMiddle', 'bbLower'];
/** Each overlay line's points; undefined when its indicator is off. */
type Overlays = Record<OverlayName, LinePoint<UTCTimestamp>[] | undefined>;
/** The legend's name of each overlay line. */
const OVERLAY_NAME: Record<OverlayName, string> = {
  sma: `SMA ${SMA_PERIOD}`,
  ema: `EMA ${EMA_PERIOD}`,
  vwap: 'VWAP',
  bbUpper: 'BB upper',
  bbMiddle: 'BB middle',
  bbLower: 'BB lower',
};
const OVERLAY_COLOR: Record<OverlayName, string> = {
  sma: COLORS.sma,
  ema: COLORS.ema,
  vwap: COLORS.vwap,
  bbUpper: COLORS.bb,
  bbMiddle: COLORS.bb,
  bbLower: COLORS.bb,
};
/** What each view key does to the view (model indices, `n` bars loaded): see `handleKey`. */
const VIEW_KEYS: Readonly<Record<string, (r: View, n: number) => View>> = {
  ArrowLeft: (r) => shiftView(r, -scrollStep(r)),
  ArrowRight: (r) => shiftView(r, scrollStep(r)),
  Home: (r) => ({ from: 0, to: r.to - r.from }),
  End: (r, n) => ({ from: n - (r.to - r.from) + 2, to: n + 2 }),
  '+': (r) => zoomBy(r, 0.8),
  '=': (r) => zoomBy(r, 0.8),
  '-': (r) => zoomBy(r, 1.25),
};
/** A tenth of the view, at least one bar. */
const scrollStep = (r: View) => Math.max(1, Math.round((r.to - r.from) / 10));
/** Zooms around the right edge: the view's width times `factor`. */
const zoomBy = (r: View, factor: number): View => ({ from: r.to - (r.to - r.from) * factor, to: r.to });

/** A series other than the candles. */
type Other = ISeriesApi<'Histogram'> | ISeriesApi<'Line'>;
type AnySeries = ISeriesApi<'Candlestick'> | Other;

/** The part of a per-bar list in a span: the list itself when that is all of it. */
const part = <T>(list: T[], s: Span): T[] =>
  s.lo === 0 && s.hi === list.length ? list : list.slice(s.lo, s.hi);

/**
 * The imperative side of the chart: one lightweight-charts instance, its series and the loaded
 * bars. React owns what to show (settings, instrument); this owns how. Views: a first load frames
 * the newest bars; every later change (older page, fresh newest page, live trade) keeps the user's
 * zoom and scroll.
 *
 * `data` holds every loaded bar; the series hold only a window of them around the view
 * (./bar-window.ts), so no setData is bigger than the window however many bars are loaded. The
 * window slides when the view nears one of its edges. Every index going in or out (hover, keys,
 * near-start, the views set) is a model index, translated by the first bar the candles hold.
 */
export class ChartController {
  readonly chart: IChartApi;
  private readonly candles: ISeriesApi<'Candlestick'>;
  private readonly volume: ISeriesApi<'Histogram'>;
  private readonly shade: ISeriesApi<'Histogram'>;
  private readonly lines: Record<OverlayName, ISeriesApi<'Line'>>;
  data: ChartData = { bars: [], shade: [] };
  private timespan: Timespan = 'D';
  private scale: ChartSettings['scale'] = 'linear';
  private axisBottom = BOTTOM_MARGIN;
  /** The legend's overlays, for the bars (their length and last bar: a live trade changes them in place) and settings. */
  private overlayMemo:
    | {
        bars: readonly ChartBar[];
        length: number;
        last: ChartBar | undefined;
        on: ChartIndicators;
        timespan: Timespan;
        values: Overlays;
      }
    | undefined;
  private indicators: ChartIndicators = { sma: false, ema: false, vwap: false, bollinger: false };
  /** Called when the user scrolls near the first loaded bar. */
  onNearStart: () => void = () => undefined;
  /** Called with the hovered bar's index (undefined when the crosshair leaves). */
  onHover: (index: number | undefined) => void = () => undefined;
  private alertLines: IPriceLine[] = [];

  /** The bars the series are to hold. The candles may hold more until a move's last step. */
  private win: Span = EMPTY;
  /**
   * The bars each series holds (a sparse one, its points among them). Every other series' span is
   * within the candles', so the chart's time points are the candles' and logical index i is model
   * index `candles' lo + i` at every step of a move.
   */
  private readonly held = new Map<AnySeries, Span>();
  /** Overlay lines whose values changed outside their span (a page back: EMA seed, VWAP day). */
  private readonly staleLines = new Set<OverlayName>();
  /**
   * A pointer button is down on the chart. The library scrolls a drag from the right offset saved
   * at its start, which counts from the last bar held: while a button is down the right end of the
   * candles does not move (the window only grows leftward); the rest waits for the release. (A
   * touch fling's kinetic scroll after the release is stopped by the view a slide sets.)
   */
  private pressed = false;
  /**
   * The view last set, in model indices, until the library's next frame has applied it: reads
   * return it, and range events before then (the library's state between a setData and that frame,
   * or the event of applying it) are not the user's. The frame after is checked instead.
   */
  private pendingView: View | undefined;
  private frame = 0;
  /** Inside the controller's own series and view changes: their range events are ignored. */
  private quiet = 0;
  private readonly el: HTMLElement;

  constructor(el: HTMLElement) {
    this.el = el;
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
    this.candles.priceScale().applyOptions({ scaleMargins: { top: TOP_MARGIN, bottom: BOTTOM_MARGIN } });
    const line = (color: string, lineWidth: 1 | 2 = 2) =>
      this.chart.addSeries(LineSeries, {
        color,
        lineWidth,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        visible: false,
        // A band below zero (Bollinger on a long history) must not pull the price axis below zero.
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          if (info?.priceRange) info.priceRange.minValue = Math.max(0, info.priceRange.minValue);
          return info;
        },
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
      this.onHover(
        p.logical === undefined
          ? undefined
          : toModelIndex(Math.round(p.logical), this.spanOf(this.candles), this.data.bars.length),
      ),
    );
    // Capture: the library's own handlers see the press after this does.
    el.addEventListener('pointerdown', this.pressedDown, true);
    window.addEventListener('pointerup', this.released, true);
    window.addEventListener('pointercancel', this.released, true);
    window.addEventListener('blur', this.released);
    this.applyTheme();
  }

  /** Near-start fires once per approach: the view must leave the start before it fires again. */
  private nearStartArmed = true;
  /** Where a prepend left the view: that programmatic move does not re-arm near-start, a user's does. */
  private shiftedFrom: number | undefined;
  private readonly rangeChanged = (range: LogicalRange | null) => {
    if (range) this.fitAxis(this.toView(range));
    if (!range || this.quiet > 0 || this.pendingView) return;
    this.viewSeen(this.toView(range));
  };

  /** A view the library shows: slide the window if it needs to, then the near-start check. */
  private viewSeen(view: View): void {
    const n = this.data.bars.length;
    if (n === 0) return;
    const next = nextWindow(n, this.win, view, this.fixedHi());
    if (next) this.moveWindow(next, view);
    // A prepend shifts the view by the bars it added, but range events from before the shift can
    // still arrive: without re-arming, each of them would ask for yet another older page.
    if (view.from >= NEAR_START_BARS) {
      if (this.shiftedFrom === undefined || Math.abs(view.from - this.shiftedFrom) >= 1) {
        this.nearStartArmed = true;
        this.shiftedFrom = undefined;
      }
    } else if (this.nearStartArmed) {
      this.nearStartArmed = false;
      this.onNearStart();
    }
  }

  private readonly pressedDown = () => {
    this.pressed = true;
  };

  /** The end of a press: what a drag deferred (a slide to the right, the candles' trim) is done. */
  private readonly released = () => {
    if (!this.pressed) return;
    this.pressed = false;
    const view = this.viewNow();
    const n = this.data.bars.length;
    if (!view || n === 0) return;
    const trim = sameSpan(this.spanOf(this.candles), this.win) ? undefined : this.win;
    const next = nextWindow(n, this.win, view) ?? trim;
    if (next) this.moveWindow(next, view);
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
    this.scale = s.scale;
    this.chart.applyOptions({
      timeScale: { secondsVisible: s.timespan === 'S5' || s.timespan === 'S15' },
      rightPriceScale: { mode: s.scale === 'log' ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal },
    });
    if (indicatorsChanged) this.setIndicatorData();
  }

  /** Drop everything (another symbol or timespan). */
  clear(): void {
    this.setAll({ bars: [], shade: [] });
  }

  /** First load of a symbol/timespan: frame the newest bars. */
  showFirst(data: ChartData): void {
    const n = data.bars.length;
    if (n > FIRST_VIEW_BARS) this.setAll(data, { from: n - FIRST_VIEW_BARS, to: n + 2 });
    else {
      this.setAll(data);
      // Every bar, with a bar's room at each end: fitted edge to edge, the first and last time
      // labels (a yearly chart's 1990 and 2026) were cut by the pane's edges.
      this.chart.timeScale().setVisibleLogicalRange({ from: -1, to: n });
    }
  }

  /**
   * An older page: prepend and keep the view on the same bars. Returns how many bars came in.
   *
   * The series are untouched unless the window moves: with the view far from the first bar, the
   * new bars are only in the model (and the overlays, whose values near the old first bar change,
   * are set again over the window). With the view near the first bar, the window moves over the
   * new bars (`moveWindow`): the candles and the view in this task, the other series one task each
   * (`finishLater`), so the window keeps answering input between them.
   */
  prepend(older: ChartData): number {
    const first = this.data.bars[0]?.time;
    const { merged, added } = prependOlder(older.bars, this.data.bars);
    if (added === 0) return 0;
    const view = this.viewNow();
    this.data = {
      bars: merged,
      shade: prependOlder(older.shade, this.data.shade, first ?? Infinity).merged,
    };
    // Every model index moves by `added`; the series, and so the library's indices, do not.
    this.win = shiftSpan(this.win, added);
    for (const [series, span] of this.held)
      if (spanSize(span) > 0) this.held.set(series, shiftSpan(span, added));
    if (this.pendingView) this.pendingView = shiftView(this.pendingView, added);
    for (const name of OVERLAYS) this.staleLines.add(name);
    const at = view && shiftView(view, added);
    this.shiftedFrom = at?.from;
    const next = at && nextWindow(merged.length, this.win, at, this.fixedHi());
    this.moveWindow(next ?? this.win, at);
    return added;
  }

  /** A fresh newest page (refetch): older pages stay, indices of kept bars do not move, nor does the view. */
  refreshNewest(newest: ChartData): void {
    const view = this.viewNow();
    this.setAll(
      {
        bars: replaceNewest(this.data.bars, newest.bars),
        shade: replaceNewest(this.data.shade, newest.shade, newest.bars[0]?.time),
      },
      view,
    );
  }

  /**
   * A live trade folded into the newest bar (or a new one): O(1) on the series, the view stays.
   * The model always takes it; a series only when it holds the newest bar (the window reaches it),
   * else the bar is set with the rest when the window next reaches it.
   */
  updateLast(bar: ChartBar, appended: boolean, shading: boolean): void {
    const d = this.data;
    const n0 = d.bars.length;
    if (appended) d.bars.push(bar);
    else d.bars[n0 - 1] = bar;
    const band = shading ? foldShade(d.shade, bar) : undefined;
    const tail = (s: AnySeries) => this.spanOf(s).hi === n0;
    if (tail(this.candles)) this.candles.update(bar);
    if (tail(this.volume)) {
      this.volume.update(volumePoint(bar));
      this.filled.add(this.volume);
    }
    if (band && tail(this.shade)) {
      this.shade.update(band);
      this.filled.add(this.shade);
    }
    this.updateIndicatorTail(n0);
    if (!appended) return;
    // What held the newest bar holds the new one too.
    if (this.win.hi === n0) this.win = { lo: this.win.lo, hi: n0 + 1 };
    for (const [series, span] of this.held)
      if (span.hi === n0) this.held.set(series, { lo: span.lo, hi: n0 + 1 });
  }

  /**
   * Keyboard navigation (the canvas has none): ←/→ scroll by a tenth of the view, +/− zoom around
   * the right edge, Home goes to the first loaded bar (which loads the page before it), End back
   * to the newest. Returns false for keys it does not handle.
   *
   * While a pointer button is down on the chart the keys do nothing (and are still taken): the
   * library scrolls a drag from the state saved at its start, so the next move undid a view set
   * mid-drag, after Home had moved the window and asked for an older page for nothing.
   */
  handleKey(key: string): boolean {
    const move = Object.hasOwn(VIEW_KEYS, key) ? VIEW_KEYS[key] : undefined;
    if (!move) return false;
    if (this.pressed) return true;
    const r = this.viewNow();
    const n = this.data.bars.length;
    if (!r || n === 0) return false;
    this.show(move(r, n));
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

  private orders: OrderLayer | undefined;
  /** The trader's orders, position and fills on the candles (./order-layer.ts), removed with the chart. */
  orderLayer(handlers: OrderLayerHandlers): OrderLayer {
    this.orders?.destroy();
    this.orders = new OrderLayer(this.el, this.chart, this.candles, handlers);
    return this.orders;
  }

  /** The price at a vertical position in the chart (CSS px from its top), for "Alert at price". */
  priceAt(y: number): number | null {
    return this.candles.coordinateToPrice(y);
  }

  /**
   * The chart as a PNG data URL under `header` (what it shows), on the theme's background
   * (canvas pixels only; nothing leaves the machine).
   */
  screenshotDataUrl(header: ImageHeader): string {
    const image = composeChartImage(this.chart.takeScreenshot(), header, {
      background: cssVar('--bg', '#0d1117'),
      text: cssVar('--text', '#e6edf3'),
      dim: cssVar('--text-dim', '#8591a0'),
      font: 'Inter, system-ui, sans-serif',
    });
    return image.toDataURL('image/png');
  }

  /**
   * Each switched-on overlay line's value at bar `index` (the legend's readings), for the settings
   * the panel renders with (the controller takes them only after the render).
   */
  indicatorReadings(index: number, on: ChartIndicators, timespan: Timespan): IndicatorReading[] {
    const bar = this.data.bars[index];
    if (!bar) return [];
    const values = this.overlays(on, timespan);
    return OVERLAYS.filter((name) => values[name] !== undefined).map((name) => ({
      name: OVERLAY_NAME[name],
      color: OVERLAY_COLOR[name],
      value: valueAt(values[name], bar.time),
    }));
  }

  /** The overlays of the loaded bars, computed once per change of bars or settings. */
  private overlays(on: ChartIndicators, timespan: Timespan): Overlays {
    const m = this.overlayMemo;
    const bars = this.data.bars;
    // A live trade changes the newest bar in place: the length and last bar say so.
    if (
      m &&
      m.bars === bars &&
      m.length === bars.length &&
      m.last === bars.at(-1) &&
      m.on === on &&
      m.timespan === timespan
    )
      return m.values;
    const values = this.computeIndicators(on, timespan);
    this.overlayMemo = { bars, length: bars.length, last: bars.at(-1), on, timespan, values };
    return values;
  }

  /** The candles' bottom margin for the bars in `view`: the axis never labels a price below zero. */
  private fitAxis(view: View): void {
    const bars = this.data.bars;
    let lo = Infinity;
    let hi = 0;
    const from = Math.max(0, Math.floor(view.from));
    const to = Math.min(bars.length - 1, Math.ceil(view.to));
    for (let i = from; i <= to; i++) {
      const b = bars[i] as ChartBar;
      if (b.low < lo) lo = b.low;
      if (b.high > hi) hi = b.high;
    }
    // The overlay lines share the axis (their autoscale stops at zero).
    const first = bars[from];
    const last = bars[to];
    if (first && last) {
      const values = this.overlays(this.indicators, this.timespan);
      for (const name of OVERLAYS)
        for (const p of sliceByTime(values[name] ?? [], first.time, last.time)) {
          const v = Math.max(0, p.value);
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
    }
    const bottom = this.scale === 'log' || hi === 0 ? BOTTOM_MARGIN : bottomMargin(lo, hi);
    if (Math.abs(bottom - this.axisBottom) < 0.002) return;
    this.axisBottom = bottom;
    this.candles.priceScale().applyOptions({ scaleMargins: { top: TOP_MARGIN, bottom } });
  }

  destroy(): void {
    this.orders?.destroy();
    this.finishLater.cancel();
    cancelAnimationFrame(this.frame);
    this.el.removeEventListener('pointerdown', this.pressedDown, true);
    window.removeEventListener('pointerup', this.released, true);
    window.removeEventListener('pointercancel', this.released, true);
    window.removeEventListener('blur', this.released);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.rangeChanged);
    this.chart.remove();
  }

  private spanOf(series: AnySeries): Span {
    return this.held.get(series) ?? EMPTY;
  }

  private others(): Other[] {
    return [this.volume, this.shade, ...OVERLAYS.map((name) => this.lines[name])];
  }

  /** During a press the right end of what the candles hold stays (see `pressed`). */
  private fixedHi(): number | undefined {
    return this.pressed ? this.spanOf(this.candles).hi : undefined;
  }

  private toView(range: LogicalRange): View {
    return shiftView(range, this.spanOf(this.candles).lo);
  }

  /** The view now, in model indices: the one set and not applied yet, else the library's. */
  private viewNow(): View | undefined {
    // Reading may deliver a pending range event (and move the window): the translation comes after.
    const range = this.chart.timeScale().getVisibleLogicalRange();
    return this.pendingView ?? (range ? this.toView(range) : undefined);
  }

  private quietly<T>(fn: () => T): T {
    this.quiet++;
    try {
      return fn();
    } finally {
      this.quiet--;
    }
  }

  /** Sets the view (model indices); the library applies it on its next frame, checked after it. */
  private setView(view: View): void {
    const lo = this.spanOf(this.candles).lo;
    this.chart.timeScale().setVisibleLogicalRange({ from: view.from - lo, to: view.to - lo });
    this.pendingView = view;
    // The library's frame callback was requested first (by the invalidation above): runs after.
    this.frame ||= requestAnimationFrame(() => {
      this.frame = 0;
      this.pendingView = undefined;
      const range = this.quietly(() => this.chart.timeScale().getVisibleLogicalRange());
      if (range) this.viewSeen(this.toView(range));
    });
  }

  /** Shows a view, moving the window first when the view needs it (no frame shows missing bars). */
  private show(view: View): void {
    const next = nextWindow(this.data.bars.length, this.win, view);
    if (next) this.moveWindow(next, view, true);
    else this.setView(view);
  }

  /** Sets the candles to a span; true when they changed (the library's indices moved). */
  private setCandles(span: Span): boolean {
    if (sameSpan(span, this.spanOf(this.candles))) return false;
    this.quietly(() => {
      this.putCandles(span);
      // The library's range is recomputed (and its event fired) now, while quiet.
      this.chart.timeScale().getVisibleLogicalRange();
    });
    return true;
  }

  /** The candles to the bars of a span, whatever they held. */
  private putCandles(span: Span): void {
    this.candles.setData(part(this.data.bars, span));
    this.held.set(this.candles, span);
  }

  /**
   * Moves the series to the window `win`, keeping `view` on screen (set anyway when `show`).
   *
   * In this task the candles cover the new window and whatever the other series still hold, so the
   * chart's time points stay the candles' and the view is kept by the change in their first bar.
   * The volume, the shade and each overlay then move one task each (`finishLater`), and a last task
   * trims the candles to the window. Each task is bounded by the window (and what the series held),
   * never by the bars loaded. When what the candles cover is at most MARGIN_BARS more than the
   * window (a page back at the first bar: the window and the page), that is the window, as
   * `nextWindow` would keep it, and nothing is trimmed. A jump far from what is held (Home, End)
   * empties the other series first instead of covering both (cheap while the candles still hold
   * their points).
   */
  private moveWindow(win: Span, view: View | undefined, show = false): void {
    this.finishLater.cancel();
    const outside = this.others().filter((s) => this.filled.has(s) && !within(this.spanOf(s), win));
    let span = outside.reduce((acc, s) => hull(acc, this.spanOf(s)), win);
    if (spanSize(span) > spanSize(win) + WINDOW_BARS) {
      this.quietly(() => {
        for (const s of outside) this.setSpan(s, [], EMPTY);
      });
      span = win;
    }
    this.win = spanSize(span) <= spanSize(win) + MARGIN_BARS ? span : win;
    if ((this.setCandles(span) || show) && view) this.setView(view);
    // Each step reads the data and the window as it runs: a live bar folded in meanwhile is in it.
    this.finishLater.run([
      () => this.follow(this.volume, (w) => volumePoints(part(this.data.bars, w))),
      () => this.follow(this.shade, (w) => this.byTime(this.data.shade, w)),
      ...this.overlaySteps(),
      () => this.trimCandles(),
    ]);
  }

  /** One step of a move: a series to the window's points, unless it holds them already. */
  private follow(series: Other, points: (win: Span) => readonly unknown[]): void {
    if (!sameSpan(this.spanOf(series), this.win)) this.setSpan(series, points(this.win), this.win);
  }

  /** A move's last step: the candles down to the window, the view kept. */
  private trimCandles(): void {
    const held = this.spanOf(this.candles);
    if (sameSpan(held, this.win) || (this.pressed && held.hi !== this.win.hi)) return;
    if (!this.others().every((s) => !this.filled.has(s) || within(this.spanOf(s), this.win))) return;
    const view = this.viewNow();
    if (this.setCandles(this.win) && view) this.setView(view);
  }

  /** The points of a time-keyed list (the shade, an overlay) among a span's bars. */
  private byTime<T extends { time: number }>(points: readonly T[], s: Span): readonly T[] {
    const first = this.data.bars[s.lo];
    const last = this.data.bars[s.hi - 1];
    return first && last && s.lo < s.hi ? sliceByTime(points, first.time, last.time) : [];
  }

  /** Series that hold data: an empty series given no data again is left alone. */
  private readonly filled = new Set<Other>();

  /**
   * setData on a series that stays empty is skipped: the library walks every time point of the
   * chart on any setData of a series that had data before (a pass per empty overlay).
   */
  private setSeriesData(series: Other, points: readonly unknown[]): void {
    if (points.length === 0 && !this.filled.has(series)) return;
    (series as ISeriesApi<'Line'>).setData(points as LinePoint<UTCTimestamp>[]);
    if (points.length === 0) this.filled.delete(series);
    else this.filled.add(series);
  }

  /** A series other than the candles to `points`, the ones of the bars in `span`. */
  private setSpan(series: Other, points: readonly unknown[], span: Span): void {
    this.setSeriesData(series, points);
    this.held.set(series, span);
  }

  /** A move's or page back's remaining series updates, one task each (see `moveWindow`). */
  private readonly finishLater = new StepQueue();

  /**
   * One step per overlay line: set its points over the window (or clear it), unless it holds them
   * already. The overlays are computed once for all the steps, again only if a live bar came in
   * between (a new last bar, or one more), so each step sets one line without recomputing the
   * others.
   */
  private overlaySteps(): Array<() => void> {
    let memo: { length: number; last: ChartBar | undefined; values: Overlays } | undefined;
    const current = (): Overlays => {
      const bars = this.data.bars;
      if (memo?.length !== bars.length || memo.last !== bars.at(-1))
        memo = { length: bars.length, last: bars.at(-1), values: this.computeIndicators() };
      return memo.values;
    };
    return OVERLAYS.map((name) => () => {
      if (this.staleLines.has(name) || !sameSpan(this.spanOf(this.lines[name]), this.win))
        this.setOverlay(name, current()[name], this.win);
    });
  }

  /** One overlay line: shown with its points in `span`, or hidden and emptied when it is off. */
  private setOverlay(name: OverlayName, points: Overlays[OverlayName], span: Span): void {
    const series = this.lines[name];
    series.applyOptions({ visible: points !== undefined });
    this.setSpan(series, points ? this.byTime(points, span) : [], span);
    this.staleLines.delete(name);
  }

  /** Everything at once, in this task (bounded by the window): a first load, a refetch, a clear. */
  private setAll(data: ChartData, view?: View): void {
    // Everything is set here: what a page back left to do is superseded.
    this.finishLater.cancel();
    this.data = data;
    const n = data.bars.length;
    const win = view ? chooseWindow(n, view) : { lo: Math.max(0, n - WINDOW_BARS), hi: n };
    this.win = win;
    this.pendingView = undefined;
    this.quietly(() => {
      this.putCandles(win);
      this.setSpan(this.volume, volumePoints(part(data.bars, win)), win);
      this.setSpan(this.shade, this.byTime(data.shade, win), win);
      this.setIndicatorData();
      this.chart.timeScale().getVisibleLogicalRange();
    });
    if (view) this.setView(view);
    const shown = this.viewNow();
    if (shown) this.fitAxis(shown);
  }

  /** The overlays over every loaded bar (so the window's first values are right), O(bars). */
  private computeIndicators(on = this.indicators, timespan = this.timespan): Overlays {
    const bars = this.data.bars;
    const bb = on.bollinger ? bollinger(bars, BB_PERIOD, BB_MULT) : undefined;
    return {
      sma: on.sma ? sma(bars, SMA_PERIOD) : undefined,
      ema: on.ema ? ema(bars, EMA_PERIOD) : undefined,
      // VWAP restarts each New York day (chart time is NY wall clock); meaningless across days.
      vwap: on.vwap && isIntraday(timespan) ? vwap(bars, dayOf) : undefined,
      bbUpper: bb?.upper,
      bbMiddle: bb?.middle,
      bbLower: bb?.lower,
    };
  }

  private setIndicatorData(): void {
    const values = this.computeIndicators();
    for (const name of OVERLAYS) this.setOverlay(name, values[name], this.win);
  }

  /**
   * Recomputes the overlays (O(bars), microseconds for thousands) and moves only their last point,
   * on the lines that hold the bar before it (`n0` bars loaded before the live one).
   */
  private updateIndicatorTail(n0: number): void {
    const on = this.indicators;
    if (!on.sma && !on.ema && !on.vwap && !on.bollinger) return;
    const names = OVERLAYS.filter((name) => this.spanOf(this.lines[name]).hi === n0);
    if (names.length === 0) return;
    const values = this.computeIndicators();
    for (const name of names) {
      const points = values[name];
      const last = points?.at(-1);
      // A new session's first bar hides the segment leaving the bar before it: a point the library
      // holds already, which update() cannot restyle.
      if (points?.at(-2)?.color !== undefined)
        this.setOverlay(name, points, { lo: this.spanOf(this.lines[name]).lo, hi: this.data.bars.length });
      else if (last) this.lines[name].update(last);
    }
  }
}
