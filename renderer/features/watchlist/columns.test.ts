import { describe, expect, it } from 'vitest';
import type { LiveQuote } from '../quotes/quote-store';
import {
  COLUMNS,
  fitColumns,
  mayOverflow,
  moveColumn,
  NAME_COLUMN_MIN_PANEL_WIDTH,
  nextSort,
  orderColumns,
  sortRows,
  visibleColumns,
} from './columns';

const quotes: Record<string, Partial<LiveQuote>> = {
  AAPL: { price: '189.5', changeRatio: '0.012' },
  MSFT: { price: '1000.25', changeRatio: '-0.004' },
  SPY: { price: '99.9' },
  TSLA: {},
};
const rows = ['AAPL', 'MSFT', 'SPY', 'TSLA'].map((symbol) => ({ symbol, name: `${symbol} name` }));
const quoteOf = (s: string) => quotes[s] as LiveQuote | undefined;
const order = (sort: Parameters<typeof sortRows>[1]) => sortRows(rows, sort, quoteOf).map((r) => r.symbol);

describe('watchlist sorting and columns', () => {
  it('keeps the user order without a sort and compares prices as decimals, blanks last', () => {
    expect(order(undefined)).toEqual(['AAPL', 'MSFT', 'SPY', 'TSLA']);
    expect(order({ column: 'last', direction: 'ascending' })).toEqual(['SPY', 'AAPL', 'MSFT', 'TSLA']);
    expect(order({ column: 'last', direction: 'descending' })).toEqual(['MSFT', 'AAPL', 'SPY', 'TSLA']);
    expect(order({ column: 'changeRatio', direction: 'ascending' })).toEqual(['MSFT', 'AAPL', 'SPY', 'TSLA']);
    expect(order({ column: 'symbol', direction: 'descending' })).toEqual(['TSLA', 'SPY', 'MSFT', 'AAPL']);
  });

  it('cycles a header through ascending, descending and the user order', () => {
    const a = nextSort(undefined, 'last');
    expect(a).toEqual({ column: 'last', direction: 'ascending' });
    const d = nextSort(a, 'last');
    expect(d).toEqual({ column: 'last', direction: 'descending' });
    expect(nextSort(d, 'last')).toBeUndefined();
    expect(nextSort(d, 'bid')).toEqual({ column: 'bid', direction: 'ascending' });
  });

  it('shows extended-hours columns only when extended hours are on and always the symbol', () => {
    expect(visibleColumns(['last'], false).map((c) => c.id)).toEqual(['symbol', 'last']);
    expect(visibleColumns(['last', 'extPrice'], true).map((c) => c.id)).toEqual([
      'symbol',
      'last',
      'extPrice',
    ]);
    expect(visibleColumns(undefined, false).some((c) => c.ext)).toBe(false);
  });

  it('drops the Name column first in a narrow panel, and only it', () => {
    const all = visibleColumns(undefined, false);
    const ids = (w: number | undefined) => fitColumns(all, w).map((c) => c.id);
    expect(ids(undefined)).toContain('name');
    expect(ids(NAME_COLUMN_MIN_PANEL_WIDTH)).toContain('name');
    const narrow = ids(NAME_COLUMN_MIN_PANEL_WIDTH - 1);
    expect(narrow).not.toContain('name');
    expect(narrow).toEqual(all.map((c) => c.id).filter((id) => id !== 'name'));
  });

  it('tells a cell whose text may not fit its column from one that surely fits', () => {
    const last = COLUMNS.last; // 76 px, 6 px of padding each side
    expect(mayOverflow('189.50', last)).toBe(false);
    expect(mayOverflow('12,345.67', last)).toBe(false);
    expect(mayOverflow('123,456.78', last)).toBe(true);
    expect(mayOverflow('', last)).toBe(false);
    // Letters and signs count as a full em: a wide symbol is clipped before it could spill.
    expect(mayOverflow('AAPL', COLUMNS.symbol)).toBe(false);
    expect(mayOverflow('AAPL261218C00150000', COLUMNS.symbol)).toBe(true);
    expect(mayOverflow('+12.34%', COLUMNS.changeRatio)).toBe(false);
    expect(mayOverflow('WWWWWW', COLUMNS.changeRatio)).toBe(true);
    expect(mayOverflow('1.23M', COLUMNS.volume)).toBe(false);
  });
});

describe('column order', () => {
  const ids = (cols: readonly { id: string }[]) => cols.map((c) => c.id);
  const shown = visibleColumns(['symbol', 'name', 'last', 'bid', 'change'], false);

  it('keeps the symbol first, then the stored order, then the rest in canonical order', () => {
    expect(ids(orderColumns(shown, undefined))).toEqual(['symbol', 'name', 'last', 'bid', 'change']);
    expect(ids(orderColumns(shown, ['change', 'last']))).toEqual(['symbol', 'change', 'last', 'name', 'bid']);
    // A stored order that puts the symbol elsewhere, or names what is no column, changes neither.
    expect(ids(orderColumns(shown, ['bid', 'symbol', 'nope']))).toEqual([
      'symbol',
      'bid',
      'name',
      'last',
      'change',
    ]);
  });

  it('moves a column among the shown ones; the symbol never moves and nothing goes before it', () => {
    const order = ['symbol', 'name', 'last', 'bid', 'change'] as const;
    expect(moveColumn(order, undefined, 'bid', 1)).toEqual(['symbol', 'bid', 'name', 'last', 'change']);
    expect(moveColumn(order, undefined, 'name', 4)).toEqual(['symbol', 'last', 'bid', 'change', 'name']);
    expect(moveColumn(order, undefined, 'last', 0)).toEqual(['symbol', 'last', 'name', 'bid', 'change']);
    expect(moveColumn(order, undefined, 'symbol', 3)).toEqual([...order]);
    expect(moveColumn(order, undefined, 'change', 99)).toEqual([...order]);
  });

  it('remembers where a hidden column was', () => {
    const stored = ['symbol', 'extPrice', 'last', 'name'];
    expect(moveColumn(['symbol', 'last', 'name'], stored, 'name', 1)).toEqual([
      'symbol',
      'name',
      'last',
      'extPrice',
    ]);
  });
});
