import { direction } from '../../lib/format';
import { markFirstPriceShown } from '../../lib/first-price-shown';
import type { LiveQuote } from '../quotes';
import { cellText, mayOverflow, type ColumnDef, type ColumnId } from './columns';
import { LAST_TRACK, placement } from './column-window';
import { flasher } from './flash';
import styles from './Watchlist.module.css';
import type { Category } from '../../../shared/openapi/primitives';

/** A watchlist row: its instrument. */
export interface GridRow {
  symbol: string;
  name?: string;
  category: Category;
}

/** The drag handle's column (data-col): the data columns follow from 1, the remove button last. */
const HANDLE_COL = 0;

/** The price cell's flash, by the direction of the move (Watchlist.module.css). */
const FLASH_CLASS = { up: styles['flash-up'] ?? 'flash-up', down: styles['flash-down'] ?? 'flash-down' };
const FLASHES = [FLASH_CLASS.up, FLASH_CLASS.down];
const CLIP_CLASS = styles.clip ?? 'clip';

/**
 * Each column's own class names, made once for a set of columns: a row's cells are written on
 * every move of its quote, and building them there made an array and a string a cell each time.
 */
const columnClasses = new WeakMap<readonly ColumnDef[], string[]>();
function classesOf(columns: readonly ColumnDef[]): string[] {
  let classes = columnClasses.get(columns);
  if (!classes) {
    classes = columns.map((col) =>
      [
        styles.cell,
        col.numeric ? styles.num : '',
        col.id === 'symbol' ? styles.sym : '',
        col.id === 'name' ? CLIP_CLASS : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    columnClasses.set(columns, classes);
  }
  return classes;
}

interface CellView {
  el: HTMLDivElement;
  /** The cell's text node: a move writes its value, not the element's children. */
  text: Text;
  /** The column's index into the row's columns. */
  col: number;
  id: ColumnId;
  /** What was last written, kept here: reading it back from the DOM makes a string each time. */
  written: string;
  /** Whether the text may not fit its column (columns.ts `mayOverflow`), judged when it changes. */
  clip: boolean;
  className: string;
  title: string | undefined;
  quoteTime: number | undefined;
}

/** A view's focus column before the cells' tabindex is first written. */
const NOT_WRITTEN = -1;

/**
 * One row's elements and what was last written to them, so a write touches only what changed
 * (docs/ui.md "Watchlists": rows are written outside React). Recycled: the same view shows
 * another symbol when its row scrolls away and another comes in.
 */
export interface RowView {
  readonly el: HTMLDivElement;
  readonly handle: HTMLButtonElement;
  readonly remove: HTMLButtonElement;
  readonly removeCell: HTMLDivElement;
  /** The hidden " (stale)" after the symbol, put in the symbol cell while the quote is stale. */
  readonly staleMark: HTMLSpanElement;
  cells: CellView[];
  /** The columns and the window of them (column-window.ts) the cells were built for. */
  columns: readonly ColumnDef[] | undefined;
  shown: readonly number[] | undefined;
  row: GridRow | undefined;
  quote: LiveQuote | undefined;
  /** The moves of its quote already flashed (flash.ts): a row shown after a move does not flash. */
  flashedMoves: number;
  index: number;
  start: number;
  height: number;
  selected: boolean | undefined;
  stale: boolean | undefined;
  /** The focused column when the roving focus is on this row; NOT_WRITTEN before its first write. */
  focusCol: number | undefined;
  sorted: boolean | undefined;
  describedBy: string | undefined;
}

export function createRowView(): RowView {
  const el = document.createElement('div');
  el.setAttribute('role', 'row');
  el.className = styles.row ?? 'row';
  const handleCell = document.createElement('div');
  handleCell.setAttribute('role', 'gridcell');
  handleCell.setAttribute('aria-colindex', '1');
  handleCell.className = styles.handleCell ?? '';
  const handle = document.createElement('button');
  handle.type = 'button';
  handle.className = styles.handle ?? '';
  handle.dataset.col = String(HANDLE_COL);
  handle.setAttribute('data-drag-handle', '');
  // dnd-kit's draggable attributes, bar its role (a button's own) and tabindex (roving focus's).
  handle.setAttribute('aria-roledescription', 'draggable');
  handle.textContent = '⠿';
  handleCell.append(handle);
  const removeCell = document.createElement('div');
  removeCell.setAttribute('role', 'gridcell');
  removeCell.className = styles.removeCell ?? '';
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.className = styles.remove ?? '';
  remove.setAttribute('data-remove', '');
  remove.textContent = '×';
  removeCell.append(remove);
  el.append(handleCell, removeCell);
  const staleMark = document.createElement('span');
  staleMark.className = 'visually-hidden';
  staleMark.textContent = ' (stale)';
  return {
    el,
    handle,
    remove,
    removeCell,
    staleMark,
    cells: [],
    columns: undefined,
    shown: undefined,
    row: undefined,
    quote: undefined,
    flashedMoves: 0,
    index: -1,
    start: -1,
    height: -1,
    selected: undefined,
    stale: undefined,
    focusCol: NOT_WRITTEN,
    sorted: undefined,
    describedBy: undefined,
  };
}

/**
 * The data cells for a set of columns and the window of them shown (`undefined`: all), made anew:
 * a column resized, moved or scrolled into view, not a frame of a vertical scroll.
 */
export function buildCells(
  view: RowView,
  columns: readonly ColumnDef[],
  shown: readonly number[] | undefined,
) {
  for (const cell of view.cells) cell.el.remove();
  const indexes = shown ?? columns.map((_, i) => i);
  view.cells = indexes.flatMap((i) => {
    const col = columns[i];
    if (!col) return [];
    const el = document.createElement('div');
    el.setAttribute('role', 'gridcell');
    el.setAttribute('aria-colindex', String(i + 2));
    el.dataset.col = String(i + 1);
    // Placed on its own track only when cells before it may be missing: all rendered, each
    // follows the one before.
    if (shown) el.style.gridColumn = String(placement(i + 2).gridColumn);
    const text = document.createTextNode('');
    el.append(text);
    view.el.insertBefore(el, view.removeCell);
    return [
      {
        el,
        text,
        col: i,
        id: col.id,
        written: '',
        clip: false,
        className: '',
        title: undefined,
        quoteTime: undefined,
      },
    ];
  });
  const lastCol = columns.length + 1;
  view.removeCell.setAttribute('aria-colindex', String(lastCol + 1));
  view.removeCell.style.gridColumn = shown ? String(LAST_TRACK.gridColumn) : '';
  view.remove.dataset.col = String(lastCol);
  view.columns = columns;
  view.shown = shown;
  // Everything the cells show is written again.
  view.quote = undefined;
  view.row = undefined;
  view.focusCol = NOT_WRITTEN;
}

function setAttr(el: Element, name: string, value: string | undefined) {
  if (value === undefined) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/**
 * The cells' text, tone, clip and the price's flash for `row` at quote `q`. A view that showed
 * another symbol takes this one's moves as seen and drops the old symbol's flash.
 */
export function writeCells(view: RowView, row: GridRow, q: LiveQuote | undefined) {
  const newSymbol = view.row?.symbol !== row.symbol;
  const columns = view.columns ?? [];
  const classes = classesOf(columns);
  const dir = direction(q?.change);
  let price: HTMLDivElement | undefined;
  for (const cell of view.cells) {
    const col = columns[cell.col];
    if (!col) continue;
    const text = cellText(cell.id, row, q);
    const textChanged = cell.written !== text;
    if (textChanged) cell.text.data = cell.written = text;
    const tone = cell.id === 'change' || cell.id === 'changeRatio' ? ` ${dir}` : '';
    // The name's column clips it always (its class); another cell only when its text may not fit.
    if (textChanged) cell.clip = cell.id !== 'name' && mayOverflow(text, col);
    const className = cell.clip ? `${classes[cell.col]}${tone} ${CLIP_CLASS}` : `${classes[cell.col]}${tone}`;
    if (cell.className !== className) cell.el.className = cell.className = className;
    const title = cell.id === 'name' ? text : cell.id === 'symbol' ? row.name : undefined;
    if (cell.title !== title) setAttr(cell.el, 'title', (cell.title = title));
    if (cell.id === 'last') {
      price = cell.el;
      if (newSymbol) cell.el.dataset.testid = `price-${row.symbol}`;
      const time = q?.time ?? 0;
      if (cell.quoteTime !== time) cell.el.dataset.quoteTime = String((cell.quoteTime = time));
    }
  }
  const stale = q?.stale === true;
  if (stale !== view.stale) {
    view.stale = stale;
    view.el.classList.toggle(styles.stale ?? 'stale', stale);
  }
  const symbolCell = view.cells.find((c) => c.id === 'symbol')?.el;
  if (stale && symbolCell && view.staleMark.parentNode !== symbolCell) symbolCell.append(view.staleMark);
  else if (!stale && view.staleMark.parentNode) view.staleMark.remove();
  const moves = q?.moves ?? 0;
  if (newSymbol) {
    view.flashedMoves = moves;
    if (price) flasher.stop(price, FLASHES);
  } else if (price && q?.lastMove && moves !== view.flashedMoves) {
    view.flashedMoves = moves;
    flasher.flash(price, FLASH_CLASS[q.lastMove], [FLASH_CLASS[q.lastMove === 'up' ? 'down' : 'up']]);
  }
  view.row = row;
  view.quote = q;
  // The window's deferred work waits for the first price drawn (docs/ui.md "Start").
  if (q?.price !== undefined) markFirstPriceShown();
}

/** The roving tabindex: the focused column's control takes the Tab stop, the rest -1. */
export function writeFocus(view: RowView, focusCol: number | undefined) {
  if (view.focusCol === focusCol) return;
  view.focusCol = focusCol;
  const tab = (c: number) => (focusCol === c ? 0 : -1);
  view.handle.tabIndex = tab(HANDLE_COL);
  for (const cell of view.cells) cell.el.tabIndex = tab(cell.col + 1);
  view.remove.tabIndex = tab((view.columns?.length ?? 0) + 1);
}

export interface RowPlace {
  index: number;
  start: number;
  height: number;
  selected: boolean;
  sorted: boolean;
  /** dnd-kit's instructions for a draggable (its live region's id). */
  describedBy: string | undefined;
}

/** The row's place, selection, names and the handle's state: each written when it changed. */
export function writeRow(view: RowView, row: GridRow, place: RowPlace) {
  if (view.row?.symbol !== row.symbol) {
    view.el.dataset.symbol = row.symbol;
    view.handle.setAttribute('aria-label', `Move ${row.symbol}`);
    view.remove.setAttribute('aria-label', `Remove ${row.symbol}`);
  }
  if (view.index !== place.index) {
    view.index = place.index;
    view.el.setAttribute('aria-rowindex', String(place.index + 2));
  }
  if (view.start !== place.start) {
    view.start = place.start;
    view.el.style.top = `${place.start}px`;
  }
  if (view.height !== place.height) {
    view.height = place.height;
    view.el.style.height = `${place.height}px`;
  }
  if (view.selected !== place.selected) {
    view.selected = place.selected;
    view.el.setAttribute('aria-selected', String(place.selected));
    view.el.classList.toggle(styles.rowSelected ?? 'rowSelected', place.selected);
  }
  if (view.sorted !== place.sorted) {
    view.sorted = place.sorted;
    view.handle.disabled = place.sorted;
    view.handle.setAttribute('aria-disabled', String(place.sorted));
  }
  if (view.describedBy !== place.describedBy) {
    view.describedBy = place.describedBy;
    setAttr(view.handle, 'aria-describedby', place.describedBy);
  }
}
