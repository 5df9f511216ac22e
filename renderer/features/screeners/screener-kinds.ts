import type { ScreenerRow, SectorRow } from '../../../shared/openapi/records/screeners';
import { csvText } from '../../lib/csv';
import { formatCompact, formatNumber, formatRatioPercent, text } from '../../lib/unit-format';
import type { TableColumn } from '../../ui/DataTable';
import type { Category } from '../../../shared/openapi/primitives';

/** The screener kinds the panel offers, one per screener operation (the sector detail is a drill-down). */
export const SCREENER_KINDS = [
  { id: 'gainersLosers', label: 'Gainers and losers' },
  { id: 'topActive', label: 'Top active' },
  { id: 'marketSectors', label: 'Market sectors' },
  { id: 'highDividend', label: 'High dividend' },
  { id: 'week52HighLow', label: '52-week high/low' },
] as const;
export type ScreenerKind = (typeof SCREENER_KINDS)[number]['id'];

type ScreenerSortKey = 'change_ratio' | 'volume' | 'turnover' | 'market_cap' | 'price' | 'dividend_yield';
type SortDir = 'ASC' | 'DESC';

export interface ScreenerSettings {
  kind: ScreenerKind;
  category: Category;
  /** gainersLosers: GAINERS/LOSERS; topActive: VOLUME/TURNOVER/RANGE; week52HighLow: HIGH/LOW. */
  gainersLosers: 'GAINERS' | 'LOSERS';
  topActive: 'VOLUME' | 'TURNOVER' | 'RANGE';
  week52: 'HIGH' | 'LOW';
  aggType: 'SECTOR' | 'INDUSTRY';
  period: '1D' | '5D' | '1M' | '3M' | '52W' | 'PRE' | 'AFTER';
  sortBy?: ScreenerSortKey;
  sortDir: SortDir;
  pageSize: number;
  /** The sector drilled into (market sectors), with its name for the heading. */
  sector?: { id: string; name: string };
}

export const DEFAULT_SCREENER_SETTINGS: ScreenerSettings = {
  kind: 'gainersLosers',
  category: 'US_STOCK',
  gainersLosers: 'GAINERS',
  topActive: 'VOLUME',
  week52: 'HIGH',
  aggType: 'SECTOR',
  period: '1D',
  sortDir: 'DESC',
  pageSize: 20,
};

export const PERIODS = ['1D', '5D', '1M', '3M', '52W', 'PRE', 'AFTER'] as const;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A screener column: the kit's table column, with its server sort key and its raw value for CSV. */
export interface Column<R> extends TableColumn<R> {
  /** The server's sort key for this column (screener ops take sort_by + direction). */
  sortKey?: ScreenerSortKey;
  /** Display text. */
  show(row: R): string;
  /**
   * The wire's value, unformatted (a decimal string, a fraction for a ratio): what CSV export
   * writes, and what sector tables sort the visible page by. A column without one exports its text.
   */
  raw?(row: R): string | undefined;
}

const tone = (v: string | undefined) =>
  v === undefined ? undefined : v.startsWith('-') ? 'down' : /^0(\.0*)?$/.test(v) ? 'flat' : 'up';

/** A numeric column of one wire field (a decimal, as text once read): shown through `format`, exported raw. */
function numeric<R>(
  key: Extract<keyof R, string>,
  label: string,
  format: (v: string | undefined) => string,
  more: Partial<Column<R>> = {},
): Column<R> {
  const raw = (r: R) => r[key] as string | undefined;
  return { key, label, numeric: true, show: (r) => format(raw(r)), raw, ...more };
}
const signedPercent = (v: string | undefined) => formatRatioPercent(v, { signed: true });
/** Change %: signed, coloured by its sign. */
const changeColumn = <R extends { change_ratio?: string }>(more: Partial<Column<R>> = {}) =>
  numeric<R>('change_ratio' as Extract<keyof R, string>, 'Change %', signedPercent, {
    tone: (r) => tone(r.change_ratio),
    ...more,
  });

export const SCREENER_COLUMNS: Column<ScreenerRow>[] = [
  { key: 'rank', label: 'Rank', numeric: true, show: (r) => text(r.rank), raw: (r) => rawText(r.rank) },
  { key: 'symbol', label: 'Symbol', show: (r) => text(r.symbol), raw: (r) => r.symbol },
  { key: 'name', label: 'Name', show: (r) => text(r.name), raw: (r) => r.name },
  numeric('price', 'Last', formatNumber, { sortKey: 'price' }),
  changeColumn({ sortKey: 'change_ratio' }),
  numeric('volume', 'Volume', formatCompact, { sortKey: 'volume' }),
  numeric('turnover', 'Turnover', formatCompact, { sortKey: 'turnover' }),
  numeric('market_cap', 'Mkt cap', formatCompact, { sortKey: 'market_cap' }),
];

const DIVIDEND_COLUMN = numeric<ScreenerRow>('dividend_yield', 'Div yield', formatRatioPercent, {
  sortKey: 'dividend_yield',
});
const RANGE_COLUMNS: Column<ScreenerRow>[] = [
  numeric('high_52w', '52W high', formatNumber),
  numeric('low_52w', '52W low', formatNumber),
];

export function columnsFor(kind: ScreenerKind): Column<ScreenerRow>[] {
  if (kind === 'highDividend') return [...SCREENER_COLUMNS, DIVIDEND_COLUMN];
  if (kind === 'week52HighLow') return [...SCREENER_COLUMNS, ...RANGE_COLUMNS];
  return SCREENER_COLUMNS;
}

export const SECTOR_COLUMNS: Column<SectorRow>[] = [
  { key: 'name', label: 'Sector', show: (r) => text(r.name), raw: (r) => r.name },
  changeColumn(),
  numeric('volume', 'Volume', formatCompact),
  numeric('market_cap', 'Mkt cap', formatCompact),
  {
    key: 'breadth',
    label: 'Up / down / flat',
    show: (r) => `${text(r.up_count)} / ${text(r.down_count)} / ${text(r.flat_count)}`,
  },
  {
    key: 'leader',
    label: 'Leader',
    show: (r) => (r.leader_symbol ? `${r.leader_symbol} ${signedPercent(r.leader_change_ratio)}` : '—'),
  },
];

const rawText = (v: unknown): string | undefined =>
  typeof v === 'number' || typeof v === 'string' ? String(v) : undefined;

/**
 * CSV quoted where needed (RFC 4180). `display`: what the table shows (headers and formatted
 * cells). `raw` (what Export CSV writes): the field names as headers and the wire's unformatted
 * values (decimal strings; ratios as fractions, 0.0123 = 1.23 %), a missing value empty.
 */
export function toCsv<R>(columns: Column<R>[], rows: R[], form: 'display' | 'raw' = 'display'): string {
  const value = (c: Column<R>, r: R) => (form === 'raw' && c.raw ? (c.raw(r) ?? '') : c.show(r));
  return csvText(
    columns.map((c) => (form === 'raw' ? c.key : c.label)),
    rows.map((r) => columns.map((c) => value(c, r))),
  );
}
