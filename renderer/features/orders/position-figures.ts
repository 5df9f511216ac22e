import { Decimal, sumDecimals } from '../../../shared/decimal';
import { formatOptionSymbol, parseOptionSymbol, type OptionContractId } from '../../../shared/market/occ';
import type { Position } from '../../../shared/openapi/records/accounts';
import { lotsDayPnl, type Lot } from '../../../shared/pnl/lots';

/** The option contract a position holds (from its own fields, else its OCC symbol); undefined for stock. */
export function positionOption(p: Position): OptionContractId | undefined {
  if (p.option_type && p.strike_price && p.option_expire_date) {
    const type = p.option_type.toUpperCase();
    if (type !== 'CALL' && type !== 'PUT') return undefined;
    return {
      underlying: p.underlying_symbol ?? parseOptionSymbol(p.symbol)?.underlying ?? p.symbol,
      expireDate: p.option_expire_date,
      optionType: type,
      strike: new Decimal(p.strike_price).toFixed(),
    };
  }
  return parseOptionSymbol(p.symbol);
}

/** The OCC symbol to ask an option position's quote by. */
export function positionOccSymbol(p: Position): string | undefined {
  const c = positionOption(p);
  return c ? formatOptionSymbol(c) : undefined;
}

export interface PositionMark {
  /** The price the position is marked at now (a stock's last price, an option's mid). */
  last?: string;
  /** The previous regular close of the instrument. */
  preClose?: string;
}

export interface PositionFigures {
  last: string | undefined;
  marketValue: string | undefined;
  dayPnl: string | undefined;
  totalPnl: string | undefined;
}

/**
 * A position's figures marked to a live price, unrounded (the format rounds what is shown; a total
 * sums these): market value = last × quantity × multiplier, total (unrealized) P&L = (last − average
 * cost) × quantity × multiplier, day P&L by the lots rule of shared/pnl/lots.ts: a lot opened since
 * the previous close (`sessionStart`) counts from its fill, an older one from the previous close, as
 * the broker's balance counts it (docs/ui.md "Day P&L"). Without the lots there is no day P&L (the
 * previous close alone would count today's buys from yesterday's price); without a live price the
 * record's own figures stand.
 */
export function positionFigures(
  p: Position,
  mark: PositionMark | undefined,
  lots?: readonly Lot[],
  sessionStart?: number,
): PositionFigures {
  const mult = new Decimal(p.multiplier ?? (positionOption(p) ? 100 : 1));
  const qty = new Decimal(p.quantity);
  const last = mark?.last ?? p.last_price;
  const recordPre = (p as Record<string, unknown>).pre_close;
  const preClose = mark?.preClose ?? (typeof recordPre === 'string' ? recordPre : undefined);
  if (!last)
    return { last, marketValue: p.market_value, dayPnl: undefined, totalPnl: p.unrealized_profit_loss };
  const l = new Decimal(last);
  return {
    last,
    marketValue: mark?.last ? l.times(qty).times(mult).toFixed() : p.market_value,
    totalPnl: mark?.last ? l.minus(p.cost_price).times(qty).times(mult).toFixed() : p.unrealized_profit_loss,
    dayPnl:
      lots && sessionStart !== undefined
        ? lotsDayPnl(lots, l, preClose, sessionStart, mult).toFixed()
        : undefined,
  };
}

/**
 * The panel's totals row: each figure summed over the rows, unrounded. A figure some row does not
 * have yet (its lots or its quote still loading) has no total: a sum of some rows would be wrong.
 */
export function positionTotals(
  rows: readonly PositionFigures[],
): Pick<PositionFigures, 'marketValue' | 'dayPnl' | 'totalPnl'> {
  const sum = (k: 'marketValue' | 'dayPnl' | 'totalPnl') => {
    const values = rows.map((r) => r[k]);
    return values.length === 0 || values.some((v) => v === undefined)
      ? undefined
      : sumDecimals(values as string[]).toFixed();
  };
  return { marketValue: sum('marketValue'), dayPnl: sum('dayPnl'), totalPnl: sum('totalPnl') };
}

/** An option's mark: the mid of bid and ask when both are quoted, else its last trade. */
export function optionMark(
  q: { bid?: string; ask?: string; price?: string } | undefined,
): string | undefined {
  if (!q) return undefined;
  if (q.bid && q.ask && new Decimal(q.bid).gt(0) && new Decimal(q.ask).gt(0))
    return new Decimal(q.bid).plus(q.ask).dividedBy(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return q.price;
}
