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

export const SCREENER_COLUMNS: Column<ScreenerRow>[] = [
  { key: 'rank', label: 'Rank', numeric: true, show: (r) => text(r.rank), raw: (r) => rawText(r.rank) },
  { key: 'symbol', label: 'Symbol', show: (r) => text(r.symbol), raw: (r) => r.symbol },
  { key: 'name', label: 'Name', show: (r) => text(r.name), raw: (r) => r.name },
  {
    key: 'price',
    label: 'Last',
    numeric: true,
    sortKey: 'price',
    show: (r) => formatNumber(r.price),
    raw: (r) => r.price,
  },
  {
    key: 'change_ratio',
    label: 'Change %',
    numeric: true,
    sortKey: 'change_ratio',
    show: (r) => formatRatioPercent(r.change_ratio, { signed: true }),
    raw: (r) => r.change_ratio,
    tone: (r) => tone(r.change_ratio),
  },
  {
    key: 'volume',
    label: 'Volume',
    numeric: true,
    sortKey: 'volume',
    show: (r) => formatCompact(r.volume),
    raw: (r) => r.volume,
  },
  {
    key: 'turnover',
    label: 'Turnover',
    numeric: true,
    sortKey: 'turnover',
    show: (r) => formatCompact(r.turnover),
    raw: (r) => r.turnover,
  },
  {
    key: 'market_cap',
    label: 'Mkt cap',
    numeric: true,
    sortKey: 'market_cap',
    show: (r) => formatCompact(r.market_cap),
    raw: (r) => r.market_cap,
  },
];

const DIVIDEND_COLUMN: Column<ScreenerRow> = {
  key: 'dividend_yield',
  label: 'Div yield',
  numeric: true,
  sortKey: 'dividend_yield',
  show: (r) => formatRatioPercent(r.dividend_yield),
  raw: (r) => r.dividend_yield,
};
const RANGE_COLUMNS: Column<ScreenerRow>[] = [
  {
    key: 'high_52w',
    label: '52W high',
    numeric: true,
    show: (r) => formatNumber(r.high_52w),
    raw: (r) => r.high_52w,
  },
  {
    key: 'low_52w',
    label: '52W low',
    numeric: true,
    show: (r) => formatNumber(r.low_52w),
    raw: (r) => r.low_52w,
  },
];

export function columnsFor(kind: ScreenerKind): Column<ScreenerRow>[] {
  if (kind === 'highDividend') return [...SCREENER_COLUMNS, DIVIDEND_COLUMN];
  if (kind === 'week52HighLow') return [...SCREENER_COLUMNS, ...RANGE_COLUMNS];
  return SCREENER_COLUMNS;
}

export const SECTOR_COLUMNS: Column<SectorRow>[] = [
  { key: 'name', label: 'Sector', show: (r) => text(r.name), raw: (r) => r.name },
  {
    key: 'change_ratio',
    label: 'Change %',
    numeric: true,
    show: (r) => formatRatioPercent(r.change_ratio, { signed: true }),
    raw: (r) => r.change_ratio,
    tone: (r) => tone(r.change_ratio),
  },
  {
    key: 'volume',
    label: 'Volume',
    numeric: true,
    show: (r) => formatCompact(r.volume),
    raw: (r) => r.volume,
  },
  {
    key: 'market_cap',
    label: 'Mkt cap',
    numeric: true,
    show: (r) => formatCompact(r.market_cap),
    raw: (r) => r.market_cap,
  },
  {
    key: 'breadth',
    label: 'Up / down / flat',
    show: (r) => `${text(r.up_count)} / ${text(r.down_count)} / ${text(r.flat_count)}`,
  },
  {
    key: 'leader',
    label: 'Leader',
    show: (r) =>
      r.leader_symbol
        ? `${r.leader_symbol} ${formatRatioPercent(r.leader_change_ratio, { signed: true })}`
        : '—',
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
