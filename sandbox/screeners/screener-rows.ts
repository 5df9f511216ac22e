import { Decimal } from '../../shared/decimal';
import type { ScreenerRow } from '../../shared/openapi/records/screeners';
import { quickValuation, valuation } from '../fundamentals/valuation';
import { regularDayAt, tradingDayAt, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import { dailyBar } from '../market/bars';
import type { LiveState } from '../market/live';
import type { MarketSimulator } from '../market/simulator';
import { ratioText } from '../market/snapshot';
import { centsText } from '../market/prng';
import { mapInSlices } from '../market/slices';
import type { UniverseSeed } from '../market/universe';

/**
 * One screener row per instrument at `now`, computed from the simulator: change against the
 * previous close (or the period's reference for sector screens), regular-session volume, turnover
 * (volume × the day's typical price), 52-week range from the daily bars, valuation from the books.
 */

export type Period = '1D' | '5D' | 'MO1' | 'MO3' | '52W' | 'PRE' | 'AFTER';
const PERIOD_DAYS: Partial<Record<Period, number>> = { '5D': 5, MO1: 21, MO3: 63, '52W': 252 };

export interface RowData {
  info: UniverseSeed;
  price: number;
  reference: number;
  change: number;
  changeRatio: number;
  volume: number;
  /** Dollars. */
  turnover: Decimal;
  marketCap: Decimal;
  pe?: Decimal;
  dividendYield: Decimal;
  high52: number;
  low52: number;
  /** (high − low) / previous close of the day. */
  range: number;
}

/** The price and the reference a period's change is measured between (cents). */
function periodPoints(
  sim: MarketSimulator,
  info: UniverseSeed,
  period: Period,
  state: LiveState | undefined,
): { price: number; reference: number } {
  if (!state) return { price: 0, reference: 0 };
  if (period === 'PRE') {
    const ext = state.ext();
    const pre = ext.session === 'PRE' ? ext : undefined;
    return pre
      ? { price: pre.last, reference: pre.reference }
      : { price: state.preClose, reference: state.preClose };
  }
  if (period === 'AFTER') {
    const ext = state.ext();
    return ext.session === 'ATH'
      ? { price: ext.last, reference: ext.reference }
      : { price: state.regular.last, reference: state.regular.last };
  }
  const days = PERIOD_DAYS[period];
  if (!days) return { price: state.regular.last, reference: state.preClose };
  const model = sim.paths().model(info);
  return {
    price: state.regular.last,
    reference: model.close(tradingIndexOnOrBefore(state.regularDay) - days),
  };
}

/** 52-week high/low over the latest 252 daily bars, today's bar (so far) included. */
export function range52(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): { high52: number; low52: number } {
  // The latest day whose regular session has opened, its bar so far, and the 251 days before it.
  const index = tradingIndexOnOrBefore(regularDayAt(now));
  if (index < 0) return { high52: 0, low52: Number.MAX_SAFE_INTEGER };
  const today = dailyBar(sim.paths(), info, tradingDayAt(index), now);
  const past = sim
    .paths()
    .model(info)
    .rangeBetween(index - 251, index - 1);
  return {
    high52: Math.max(past.high, today?.high ?? 0),
    low52: Math.min(past.low, today?.low ?? Number.MAX_SAFE_INTEGER),
  };
}

export function rowData(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  period: Period = '1D',
): RowData {
  const state = sim.live(info.symbol, now);
  const { price, reference } = periodPoints(sim, info, period, state);
  const regular = state?.regular;
  // The 52-week range reads a year of daily bars: computed only when a row needs it (the 52-week
  // screener filters on it; the others show it on the rows of one page).
  let range: { high52: number; low52: number } | undefined;
  const lazyRange = () => (range ??= range52(sim, info, now));
  const v = quickValuation(sim, info, now, regular?.last);
  // P/E needs the company's books: built only for a row that is shown (a page, not the universe).
  let pe: { value?: Decimal } | undefined;
  const lazyPe = () => (pe ??= { value: valuation(sim, info, now, regular?.last).pe }).value;
  const volume = regular?.volume ?? 0;
  const typical = regular ? (regular.high + regular.low + regular.last) / 3 : 0;
  const preClose = state?.preClose ?? 0;
  return {
    info,
    price,
    reference,
    change: price - reference,
    changeRatio: reference === 0 ? 0 : (price - reference) / reference,
    volume,
    turnover: new Decimal(Math.round(typical * volume)).div(100),
    marketCap: v.marketCap,
    get pe() {
      return lazyPe();
    },
    dividendYield: v.dividendYield,
    get high52() {
      return lazyRange().high52;
    },
    get low52() {
      return lazyRange().low52;
    },
    range: regular && preClose > 0 ? (regular.high - regular.low) / preClose : 0,
  };
}

export function screenerRecord(r: RowData, rank: number): ScreenerRow {
  return {
    rank,
    symbol: r.info.symbol,
    instrument_id: r.info.instrument_id,
    name: r.info.name,
    category: r.info.category,
    price: centsText(r.price),
    change: centsText(r.change),
    change_ratio: ratioText(r.change, r.reference),
    volume: String(r.volume),
    turnover: r.turnover.toFixed(2),
    market_cap: r.marketCap.toFixed(2),
    ...(r.pe ? { pe_ratio: r.pe.toFixed(2) } : {}),
    dividend_yield: r.dividendYield.toFixed(4),
    high_52w: centsText(r.high52),
    low_52w: centsText(r.low52),
    sector: r.info.sector,
  };
}

export type SortKey = 'change_ratio' | 'volume' | 'turnover' | 'market_cap' | 'price' | 'dividend_yield';

export function sortValue(r: RowData, key: SortKey | 'range'): number {
  switch (key) {
    case 'change_ratio':
      return r.changeRatio;
    case 'volume':
      return r.volume;
    case 'turnover':
      return r.turnover.toNumber();
    case 'market_cap':
      return r.marketCap.toNumber();
    case 'price':
      return r.price;
    case 'dividend_yield':
      return r.dividendYield.toNumber();
    case 'range':
      return r.range;
  }
}

/** Stable ordering: by the value, then by symbol so equal values page deterministically. */
export function sortRows<T extends { info: UniverseSeed }>(
  rows: T[],
  value: (r: T) => number,
  direction: 'ASC' | 'DESC',
): T[] {
  const sign = direction === 'ASC' ? 1 : -1;
  // Each value once (a Decimal's toNumber per comparison was most of a warm screener's time).
  const keyed = rows.map((row) => ({ row, v: value(row) }));
  keyed.sort((a, b) => sign * (a.v - b.v) || a.row.info.symbol.localeCompare(b.row.info.symbol));
  return keyed.map((k) => k.row);
}

/** One page of records, made in slices: a record may build the row's books (P/E) and 52-week range. */
export async function pageOf<T, R>(
  rows: T[],
  pageIndex = 1,
  pageSize = 20,
  toRecord: (row: T, rank: number) => R,
) {
  const start = (pageIndex - 1) * pageSize;
  const page = rows.slice(start, start + pageSize).map((row, i) => ({ row, rank: start + i + 1 }));
  return {
    page_index: pageIndex,
    page_size: pageSize,
    total: rows.length,
    items: await mapInSlices(page, ({ row, rank }) => toRecord(row, rank)),
  };
}
