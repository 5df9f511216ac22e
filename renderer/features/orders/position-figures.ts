import { Decimal } from '../../../shared/decimal';
import { formatOptionSymbol, parseOptionSymbol, type OptionContractId } from '../../../shared/market/occ';
import type { Position } from '../../../shared/openapi/records/accounts';

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
 * A position's figures marked to a live price: market value = last × quantity × multiplier, total
 * (unrealized) P&L = (last − average cost) × quantity × multiplier, day P&L = (last − previous
 * close) × quantity × multiplier. Without a live price the record's own figures stand (its day P&L
 * only when it carries a previous close).
 */
export function positionFigures(p: Position, mark: PositionMark | undefined): PositionFigures {
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
    marketValue: mark?.last ? l.times(qty).times(mult).toFixed(2) : p.market_value,
    totalPnl: mark?.last ? l.minus(p.cost_price).times(qty).times(mult).toFixed(2) : p.unrealized_profit_loss,
    dayPnl: preClose ? l.minus(preClose).times(qty).times(mult).toFixed(2) : undefined,
  };
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
