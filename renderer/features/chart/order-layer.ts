import {
  createSeriesMarkers,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type MouseEventParams,
  type SeriesMarker,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ShownLine } from './order-drag';
import { snapToTick, type FillMarker } from './order-lines';

const BUY = '#3b82f6';
const SELL = '#f97316';
const POSITION = '#8b949e';
/** How near (CSS px) the pointer must be to a line to take it. */
const GRAB_PX = 6;

export interface OrderLayerHandlers {
  /** The line follows the pointer: `price` is on the tick. */
  onMove(key: string, price: string): void;
  /** The button went up over a new price. */
  onDrop(key: string, price: string): void;
  /** Escape, or a cancelled pointer: the line goes back. */
  onAbandon(key: string): void;
  /** The pointer is over a fill's marker (its text and the pointer, CSS px in the chart), or left it. */
  onFillHover?(hover: FillHover | undefined): void;
}

export interface FillHover {
  /** The hovered fill's text first, then the fills whose markers lie on it (`fillsAt`). */
  lines: string[];
  x: number;
  y: number;
  /** The pointer is in the right half of the chart: the tooltip opens to its left, inside the chart. */
  leftOfPointer: boolean;
}

/** How near (CSS px) two fills' markers in one bar are drawn on top of each other. */
const MARKER_PX = 8;

/**
 * The fills a marker under the pointer stands for: itself, then the others in the same bar drawn
 * within a marker's size of it (several fills at one price in one bar are one arrow on the
 * canvas, and the chart reports only the top one), by their height `yOf`.
 */
export function fillsAt(
  fills: readonly FillMarker[],
  hovered: FillMarker,
  yOf: (price: number) => number | null,
): FillMarker[] {
  const y = yOf(hovered.price);
  const near = fills.filter((f) => {
    if (f === hovered || f.time !== hovered.time) return false;
    const fy = yOf(f.price);
    return y !== null && fy !== null && Math.abs(fy - y) <= MARKER_PX;
  });
  return [hovered, ...near];
}

/**
 * The markers the chart draws for the fills: a shape at the fill price and no text. A marker's
 * text is drawn beside it on the canvas, where the position line's label (drawn at the same
 * price, at the pane's right edge, over the newest bars) hid it; as on TradingView, the text is
 * shown in a tooltip while the pointer is over the marker (`onFillHover`), so nothing the chart
 * draws for a fill can lie under a line's label.
 */
export function fillMarkerShapes(fills: readonly FillMarker[]): SeriesMarker<Time>[] {
  return fills.map((f) => ({
    id: f.id,
    time: f.time as UTCTimestamp,
    position: 'atPriceMiddle' as const,
    price: f.price,
    shape: f.side === 'BUY' ? ('arrowUp' as const) : ('arrowDown' as const),
    color: f.side === 'BUY' ? BUY : SELL,
  }));
}

/**
 * The trader's orders, position and fills drawn on the candles with lightweight-charts' own parts
 * (price lines, the series markers plugin), and the drag of an order's line: a press near a line
 * takes it (before the library sees the press, so the chart does not scroll), the pointer's height
 * is read back as a price with the series' `coordinateToPrice` and snapped to the tick.
 */
export class OrderLayer {
  private readonly lines = new Map<string, { line: IPriceLine; shown: ShownLine }>();
  private position: IPriceLine | undefined;
  private readonly markers: ISeriesMarkersPluginApi<Time>;
  private drag: { key: string; pointerId: number; price: string | undefined } | undefined;
  private fills = new Map<string, FillMarker>();
  private hovered: string | undefined;

  constructor(
    private readonly el: HTMLElement,
    private readonly chart: IChartApi,
    private readonly series: ISeriesApi<'Candlestick'>,
    private readonly handlers: OrderLayerHandlers,
  ) {
    this.markers = createSeriesMarkers(series, []);
    chart.subscribeCrosshairMove(this.crosshair);
    el.addEventListener('pointerdown', this.down, true);
    el.addEventListener('pointermove', this.move, true);
    el.addEventListener('pointerup', this.up, true);
    el.addEventListener('pointercancel', this.cancel, true);
    el.addEventListener('keydown', this.key, true);
  }

  /** Draws `shown`, changing lines in place (a drag moves one many times a second). */
  setLines(shown: readonly ShownLine[]): void {
    const keep = new Set(shown.map((s) => s.key));
    for (const [key, { line }] of this.lines)
      if (!keep.has(key)) {
        this.series.removePriceLine(line);
        this.lines.delete(key);
      }
    for (const s of shown) {
      const options = {
        price: Number(s.price),
        title: s.title,
        color: s.side === 'BUY' ? BUY : SELL,
        lineWidth: s.pending ? 2 : 1,
        lineStyle: s.kind === 'stop' ? LineStyle.Dashed : LineStyle.Solid,
        axisLabelVisible: true,
      } as const;
      const held = this.lines.get(s.key);
      if (held) held.line.applyOptions(options);
      else this.lines.set(s.key, { line: this.series.createPriceLine(options), shown: s });
      const entry = this.lines.get(s.key);
      if (entry) entry.shown = s;
    }
  }

  /** The average cost line; its label (the unrealised P&L) changes with every quote, in place. */
  setPosition(position: { price: string; title: string } | undefined): void {
    if (!position) {
      if (this.position) this.series.removePriceLine(this.position);
      this.position = undefined;
      return;
    }
    const options = {
      price: Number(position.price),
      title: position.title,
      color: POSITION,
      lineWidth: 1,
      lineStyle: LineStyle.Dotted,
    } as const;
    if (this.position) this.position.applyOptions(options);
    else this.position = this.series.createPriceLine(options);
  }

  setFills(fills: readonly FillMarker[]): void {
    this.fills = new Map(fills.map((f) => [f.id, f]));
    this.markers.setMarkers(fillMarkerShapes(fills));
  }

  /** The chart names the marker under the pointer by its id: its fill's text goes in the tooltip. */
  private readonly crosshair = (p: MouseEventParams<Time>) => {
    const id = typeof p.hoveredObjectId === 'string' ? p.hoveredObjectId : undefined;
    const fill = id === undefined || this.drag ? undefined : this.fills.get(id);
    if (!fill || !p.point) {
      if (this.hovered !== undefined) this.handlers.onFillHover?.(undefined);
      this.hovered = undefined;
      return;
    }
    this.hovered = fill.id;
    const leftOfPointer = p.point.x > this.el.clientWidth / 2;
    const lines = fillsAt([...this.fills.values()], fill, (price) =>
      this.series.priceToCoordinate(price),
    ).map((f) => f.text);
    this.handlers.onFillHover?.({ lines, x: p.point.x, y: p.point.y, leftOfPointer });
  };

  /** The order line nearest height `y` (CSS px from the chart's top), within grabbing distance. */
  lineAt(y: number): string | undefined {
    let best: { key: string; dist: number } | undefined;
    for (const [key, { shown }] of this.lines) {
      const at = this.series.priceToCoordinate(Number(shown.price));
      if (at === null) continue;
      const dist = Math.abs(at - y);
      if (dist <= GRAB_PX && (!best || dist < best.dist)) best = { key, dist };
    }
    return best?.key;
  }

  private y(e: PointerEvent): number {
    return e.clientY - this.el.getBoundingClientRect().top;
  }

  private readonly down = (e: PointerEvent) => {
    if (e.button !== 0 || this.drag) return;
    const key = this.lineAt(this.y(e));
    if (!key) return;
    // Taken before the library sees it: a cancelled pointerdown sends it no mouse events to pan with.
    e.preventDefault();
    e.stopPropagation();
    this.el.setPointerCapture?.(e.pointerId);
    this.drag = { key, pointerId: e.pointerId, price: undefined };
  };

  private readonly move = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag) {
      this.el.style.cursor = this.lineAt(this.y(e)) ? 'ns-resize' : '';
      return;
    }
    if (e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    const price = this.series.coordinateToPrice(this.y(e));
    if (price === null || price <= 0) return;
    drag.price = snapToTick(price);
    this.handlers.onMove(drag.key, drag.price);
  };

  private readonly up = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    e.stopPropagation();
    this.drag = undefined;
    const was = this.lines.get(drag.key)?.shown.was ?? this.lines.get(drag.key)?.shown.price;
    if (drag.price === undefined || drag.price === was) this.handlers.onAbandon(drag.key);
    else this.handlers.onDrop(drag.key, drag.price);
  };

  private readonly cancel = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointerId) return;
    this.drag = undefined;
    this.handlers.onAbandon(drag.key);
  };

  private readonly key = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !this.drag) return;
    e.stopPropagation();
    const { key } = this.drag;
    this.drag = undefined;
    this.handlers.onAbandon(key);
  };

  destroy(): void {
    this.el.removeEventListener('pointerdown', this.down, true);
    this.el.removeEventListener('pointermove', this.move, true);
    this.el.removeEventListener('pointerup', this.up, true);
    this.el.removeEventListener('pointercancel', this.cancel, true);
    this.el.removeEventListener('keydown', this.key, true);
    this.chart.unsubscribeCrosshairMove(this.crosshair);
    this.markers.detach();
  }
}
