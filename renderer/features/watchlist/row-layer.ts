import { QUOTE_TIME_RESOLUTION_MS } from '../../../shared/ipc/quote-delta';
import { onlyTimeMoved, useQuoteStore, type LiveQuote } from '../quotes';
import type { ColumnDef } from './columns';
import { assignSlots } from './row-slots';
import {
  buildCells,
  createRowView,
  writeCells,
  writeFocus,
  writeRow,
  type GridRow,
  type RowView,
} from './row-view';
import styles from './Watchlist.module.css';

/** A cell of the grid's roving focus: row index, column (0 the handle, then the data columns). */
export interface CellPosition {
  r: number;
  c: number;
}

/** What the grid decides about its rows: the grid body's props and the row layer's state. */
export interface GridRowsView {
  rows: readonly GridRow[];
  /** A row's height (px). */
  height: number;
  columns: readonly ColumnDef[];
  /** The data columns rendered, by index (column-window.ts); `undefined` renders them all. */
  shown: readonly number[] | undefined;
  selected: string | undefined;
  sorted: boolean;
  focus: CellPosition;
}

/** What the rows show: everything the grid's render decides, written by `RowLayer.render`. */
export interface RowLayerState extends GridRowsView {
  /** The rows rendered (on screen and the overscan): index into `rows` and top (px). */
  items: ReadonlyArray<{ index: number; start: number }>;
  /** While the list scrolls, rows are not put back in order (row-slots.ts). */
  scrolling: boolean;
  /** The lifted row's symbol while a row is dragged: its elements stay its own. */
  lifted: string | undefined;
  /** Where a lifted row would be dropped (px), if elsewhere than where it was. */
  dropTop: number | undefined;
  /** dnd-kit's instructions for a draggable (its live region's id). */
  describedBy: string | undefined;
}

/**
 * Whether `row` at quote `q` changes what `view` shows: another symbol, or a record that differs
 * from the one shown by more than a receive time less than QUOTE_TIME_RESOLUTION_MS newer.
 */
function changes(view: RowView, row: GridRow, q: LiveQuote | undefined): boolean {
  if (view.row?.symbol !== row.symbol) return true;
  const prev = view.quote;
  if (q === prev) return false;
  return !(prev && q && onlyTimeMoved(prev, q, QUOTE_TIME_RESOLUTION_MS));
}

/**
 * The watchlist's rows, made, recycled and written without React (docs/ui.md "Watchlists"): in a
 * fast scroll ten rows enter and ten leave every frame, and React's render and commit of the
 * recycled rows, with their draggable hooks, was most of the script in each frame and most of
 * what it allocated (docs/benchmark-log.md). React keeps the grid around them (header, focus,
 * keyboard, drag and drop, menus); the rows' events reach its handlers on the row group.
 *
 * Quotes are read from the store as they change: a batch writes the cells of the rows whose quote
 * changed, and of those a record that differs only by a receive time less than
 * QUOTE_TIME_RESOLUTION_MS newer is left until something else changes (shared/ipc/quote-delta.ts).
 */
export class RowLayer {
  private readonly views = new Map<number, RowView>();
  private slots = new Map<string, number>();
  private readonly dropLine: HTMLDivElement;
  private readonly unsubscribe: () => void;

  constructor(private readonly container: HTMLElement) {
    this.dropLine = document.createElement('div');
    this.dropLine.setAttribute('aria-hidden', 'true');
    this.dropLine.className = styles.dropLine ?? '';
    this.unsubscribe = useQuoteStore.subscribe((s, prev) => {
      if (s.quotes !== prev.quotes) this.writeQuotes(s.quotes);
    });
  }

  render(state: RowLayerState) {
    const { rows, items } = state;
    const { container } = this;
    const active = document.activeElement;
    const focusedRow = active && container.contains(active) ? active.closest('[data-symbol]') : null;
    const shown = items.flatMap((v) => rows[v.index]?.symbol ?? []);
    const slots = assignSlots(
      this.slots,
      shown,
      state.lifted ?? focusedRow?.getAttribute('data-symbol') ?? undefined,
    );
    // Rows that left and whose slot no other row took: their elements go (the focused row's with it).
    const used = new Set(slots.values());
    for (const [slot, view] of this.views) {
      if (used.has(slot)) continue;
      view.el.remove();
      this.views.delete(slot);
    }
    this.slots = slots;
    const quotes = useQuoteStore.getState().quotes;
    const ordered: RowView[] = [];
    for (const item of items) {
      const row = rows[item.index];
      const slot = row && slots.get(row.symbol);
      if (!row || slot === undefined) continue;
      let view = this.views.get(slot);
      if (!view) {
        view = createRowView();
        this.views.set(slot, view);
      }
      if (view.columns !== state.columns || view.shown !== state.shown)
        buildCells(view, state.columns, state.shown);
      writeRow(view, row, {
        index: item.index,
        start: item.start,
        height: state.height,
        selected: state.selected === row.symbol,
        sorted: state.sorted,
        describedBy: state.describedBy,
      });
      const q = quotes[row.symbol];
      if (changes(view, row, q)) writeCells(view, row, q);
      writeFocus(view, state.focus.r === item.index ? state.focus.c : undefined);
      ordered.push(view);
    }
    this.place(ordered, state.scrolling);
    this.placeDropLine(state.dropTop);
  }

  /**
   * New rows into the group; at rest, every row in the order the screen shows, so the document
   * reads as the screen does (a screen reader's browse mode, find in page). While the list
   * scrolls a recycled row changes in place: Chromium styles and lays out a moved element afresh,
   * as it does a new one (row-slots.ts).
   */
  private place(ordered: readonly RowView[], scrolling: boolean) {
    const { container } = this;
    if (scrolling) {
      for (const view of ordered) if (view.el.parentNode !== container) container.insertBefore(view.el, null);
      return;
    }
    const focused = document.activeElement;
    let cursor = container.firstChild;
    for (const view of ordered) {
      if (cursor === view.el) {
        cursor = cursor.nextSibling;
        continue;
      }
      container.insertBefore(view.el, cursor);
    }
    // A moved element loses the focus: given back, as React's commit gives it back.
    if (focused instanceof HTMLElement && focused !== document.activeElement && container.contains(focused))
      focused.focus({ preventScroll: true });
  }

  private placeDropLine(top: number | undefined) {
    if (top === undefined) {
      this.dropLine.remove();
      return;
    }
    this.dropLine.style.top = `${top}px`;
    if (this.dropLine.parentNode !== this.container) this.container.append(this.dropLine);
  }

  /** A batch of quotes: the cells of the rendered rows whose quote changed. */
  private writeQuotes(quotes: Record<string, LiveQuote>) {
    for (const view of this.views.values()) {
      const row = view.row;
      const next = row && quotes[row.symbol];
      if (row && changes(view, row, next)) writeCells(view, row, next);
    }
  }

  /** Stops reading quotes and takes the rows away. */
  destroy() {
    this.unsubscribe();
    for (const view of this.views.values()) view.el.remove();
    this.views.clear();
    this.slots.clear();
    this.dropLine.remove();
  }
}
