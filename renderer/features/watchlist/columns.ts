import { Decimal } from '../../../shared/decimal';
import { formatPercent, formatPrice, formatSigned, formatVolume } from '../../lib/format';
import type { LiveQuote } from '../quotes';

/** The watchlist's columns (docs/ui.md, "Watchlists"); `ext` ones only show with extended hours on. */
export const COLUMN_IDS = [
  'symbol',
  'name',
  'last',
  // Bid and ask beside the last price: after the day's open, high and low they lay past the
  // right edge of a watchlist at its default width.
  'bid',
  'ask',
  'change',
  'changeRatio',
  'volume',
  'open',
  'high',
  'low',
  'extPrice',
  'extChange',
  'extChangeRatio',
  'ovnPrice',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export interface ColumnDef {
  id: ColumnId;
  label: string;
  /** Numeric columns are right-aligned with tabular figures. */
  numeric: boolean;
  /** Shown only when extended hours are on. */
  ext?: boolean;
  width: number;
  /** A width the user set: the column keeps it rather than growing with the panel. */
  fixed?: boolean;
}

export const COLUMNS: Record<ColumnId, ColumnDef> = {
  symbol: { id: 'symbol', label: 'Symbol', numeric: false, width: 72 },
  name: { id: 'name', label: 'Name', numeric: false, width: 150 },
  last: { id: 'last', label: 'Last', numeric: true, width: 76 },
  change: { id: 'change', label: 'Chg', numeric: true, width: 66 },
  changeRatio: { id: 'changeRatio', label: 'Chg %', numeric: true, width: 70 },
  volume: { id: 'volume', label: 'Vol', numeric: true, width: 70 },
  open: { id: 'open', label: 'Open', numeric: true, width: 70 },
  high: { id: 'high', label: 'High', numeric: true, width: 70 },
  low: { id: 'low', label: 'Low', numeric: true, width: 70 },
  bid: { id: 'bid', label: 'Bid', numeric: true, width: 70 },
  ask: { id: 'ask', label: 'Ask', numeric: true, width: 70 },
  extPrice: { id: 'extPrice', label: 'Ext last', numeric: true, ext: true, width: 76 },
  extChange: { id: 'extChange', label: 'Ext chg', numeric: true, ext: true, width: 66 },
  extChangeRatio: { id: 'extChangeRatio', label: 'Ext chg %', numeric: true, ext: true, width: 76 },
  ovnPrice: { id: 'ovnPrice', label: 'Overnight', numeric: true, ext: true, width: 76 },
};

export const DEFAULT_COLUMNS: ColumnId[] = [...COLUMN_IDS];

/** The columns to draw: the chosen ones in the canonical order, ext ones only with extended hours. */
export function visibleColumns(chosen: readonly ColumnId[] | undefined, extendedHours: boolean): ColumnDef[] {
  const set = new Set(chosen && chosen.length > 0 ? chosen : DEFAULT_COLUMNS);
  set.add('symbol');
  return COLUMN_IDS.filter((id) => set.has(id) && (extendedHours || !COLUMNS[id].ext)).map(
    (id) => COLUMNS[id],
  );
}

/**
 * The columns in the order the user set (docs/ui.md "Watchlists"): the symbol first always (it is
 * frozen: it names the row), then the columns `order` names in its order, then the others in their
 * canonical order. Ids `order` holds that are not columns (an older file's) are ignored.
 */
export function orderColumns(
  columns: readonly ColumnDef[],
  order: readonly unknown[] | undefined,
): ColumnDef[] {
  const rank = new Map<unknown, number>((order ?? []).map((id, i) => [id, i]));
  const keyed = columns.map((c, i) => ({
    c,
    key: c.id === 'symbol' ? -1 : (rank.get(c.id) ?? (order?.length ?? 0) + i),
  }));
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.c);
}

/**
 * The order to keep after moving column `id` to position `to` of the columns shown (`shown`, in
 * their order): the symbol never moves and nothing moves before it; the shown columns in their new
 * order, then the ones the stored order held that are not shown (an extended-hours column while
 * extended hours are off), so hiding a column does not forget where it was.
 */
export function moveColumn(
  shown: readonly ColumnId[],
  stored: readonly unknown[] | undefined,
  id: ColumnId,
  to: number,
): ColumnId[] {
  const from = shown.indexOf(id);
  if (id === 'symbol' || from < 0) return [...shown];
  const next = shown.filter((c) => c !== id);
  const first = next[0] === 'symbol' ? 1 : 0;
  next.splice(Math.max(first, Math.min(next.length, to)), 0, id);
  const rest = (stored ?? []).filter(
    (c): c is ColumnId => (COLUMN_IDS as readonly unknown[]).includes(c) && !next.includes(c as ColumnId),
  );
  return [...next, ...rest];
}

/** The columns with the widths the user set applied (out-of-range saved widths are ignored). */
export function withWidths(
  columns: readonly ColumnDef[],
  widths: Partial<Record<ColumnId, number>> | undefined,
): ColumnDef[] {
  return columns.map((c) => {
    const w = widths?.[c.id];
    return typeof w === 'number' && Number.isFinite(w) && w >= 40 && w <= 480
      ? { ...c, width: w, fixed: true }
      : c;
  });
}

/**
 * Below this width the Name column gives way, so Last, Chg and Chg % stay in view in a narrow
 * panel (the symbol names the row; the name is on the row's title and in the quote panel).
 */
export const NAME_COLUMN_MIN_PANEL_WIDTH = 560;

/** The columns that fit a grid `width` px wide (unknown width: all of them). */
export function fitColumns(columns: readonly ColumnDef[], width: number | undefined): readonly ColumnDef[] {
  if (width === undefined || width >= NAME_COLUMN_MIN_PANEL_WIDTH) return columns;
  return columns.filter((c) => c.id !== 'name');
}

/**
 * A grid cell's horizontal padding and the largest font a row uses (Watchlist.module.css `.cell`,
 * and the 12 px body font the grid inherits; dense rows are smaller).
 */
const CELL_PADDING_PX = 12;
const CELL_FONT_PX = 12;

/**
 * The widest advance, in em, of each kind of character a cell shows, over the sans fonts the app's
 * stack falls back to (DejaVu Sans is the widest of them: digits 0.636, `+`/`-` 0.838, `%` 0.95,
 * bold capitals up to 1.1). An upper bound, so a cell judged to fit does fit.
 */
function advanceEm(ch: string): number {
  if (ch >= '0' && ch <= '9') return 0.64;
  if (ch === '.' || ch === ',' || ch === ' ' || ch === ':') return 0.35;
  if (ch === '+' || ch === '-' || ch === '\u2212') return 0.84;
  if (ch === '%') return 1;
  return 1.15;
}

/**
 * Whether `text` may be wider than its column's narrowest width. Only such a cell is clipped (with
 * an ellipsis): a clipped box is a paint clip of its own, and a clip on every cell of every row made
 * each frame's layerization and commit several times dearer under a busy feed (docs/ui.md
 * "Watchlists"). A cell that surely fits draws the same either way.
 */
export function mayOverflow(text: string, column: Pick<ColumnDef, 'width'>): boolean {
  const room = (column.width - CELL_PADDING_PX) / CELL_FONT_PX;
  let em = 0;
  for (const ch of text) {
    em += advanceEm(ch);
    if (em > room) return true;
  }
  return false;
}

/**
 * Extended-hours values another stream branch may add to `QuoteRecord`; read structurally so this
 * compiles before and after it lands. `price` is always the regular-session last.
 */
type ExtFields = Partial<Record<'extPrice' | 'extChange' | 'extChangeRatio' | 'ovnPrice', string>>;

function cellValue(
  col: ColumnId,
  row: { symbol: string; name?: string },
  q: LiveQuote | undefined,
): string | undefined {
  const ext = q as (LiveQuote & ExtFields) | undefined;
  switch (col) {
    case 'symbol':
      return row.symbol;
    case 'name':
      return row.name;
    case 'last':
      return q?.price;
    case 'change':
      return q?.change;
    case 'changeRatio':
      return q?.changeRatio;
    default:
      return (ext as Record<string, unknown> | undefined)?.[col] as string | undefined;
  }
}

/** A cell's text as the grid shows it: the value, formatted for its column (lib/format.ts). */
export function cellText(
  col: ColumnId,
  row: { symbol: string; name?: string },
  q: LiveQuote | undefined,
): string {
  const v = cellValue(col, row, q);
  switch (col) {
    case 'symbol':
    case 'name':
      return v ?? '';
    case 'change':
    case 'extChange':
      return formatSigned(v);
    case 'changeRatio':
    case 'extChangeRatio':
      return formatPercent(v);
    case 'volume':
      return formatVolume(v);
    default:
      return formatPrice(v);
  }
}

export type SortState = { column: ColumnId; direction: 'ascending' | 'descending' } | undefined;

/** Header click cycle: ascending → descending → back to the user's order. */
export function nextSort(current: SortState, column: ColumnId): SortState {
  if (current?.column !== column) return { column, direction: 'ascending' };
  if (current.direction === 'ascending') return { column, direction: 'descending' };
  return undefined;
}

/**
 * Rows in display order: the user's order unless a column sort is on. Numbers compare as decimals;
 * rows without a value go last in either direction; ties keep the user's order.
 */
export function sortRows<R extends { symbol: string; name?: string }>(
  rows: readonly R[],
  sort: SortState,
  quoteOf: (symbol: string) => LiveQuote | undefined,
): R[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const numeric = COLUMNS[sort.column].numeric;
  // Parsed once per row, not once per comparison: this runs on every batch while sorted.
  const keyed = rows.map((r, i) => {
    const v = cellValue(sort.column, r, quoteOf(r.symbol));
    return { r, i, v, d: numeric && v ? new Decimal(v) : undefined };
  });
  keyed.sort((a, b) => {
    if (a.v === undefined || a.v === '') return b.v === undefined || b.v === '' ? a.i - b.i : 1;
    if (b.v === undefined || b.v === '') return -1;
    const c = a.d && b.d ? a.d.comparedTo(b.d) : a.v.localeCompare(b.v);
    return c * sign || a.i - b.i;
  });
  return keyed.map((k) => k.r);
}
