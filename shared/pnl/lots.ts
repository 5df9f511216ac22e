import { Decimal } from '../decimal';
import { closeMinute, nyInstant, previousTradingDay, regularDayAt } from '../market/calendar';

/**
 * Position P&L from its lots (what the position-details operation lists), in decimal. One rule for
 * the day's P&L, shared by the sandbox's balance and the Positions panel, so the two agree
 * (docs/ui.md "Day P&L"): a lot opened since the previous regular close counts from its fill
 * price; an older lot counts from the previous close.
 */
export interface Lot {
  /** Signed: negative for a short lot. */
  quantity: string;
  cost_price: string;
  /** Epoch ms of the fill that opened the lot. */
  open_time: number;
}

/**
 * The instant of the close a quote's previous close belongs to: the close before the latest
 * regular session that has opened at `at` (market time), so after-hours still counts from
 * yesterday's close, as the quote's change does.
 */
export function previousCloseInstant(at: number): number {
  const day = previousTradingDay(regularDayAt(at));
  return nyInstant(day, closeMinute(day));
}

/**
 * The day's P&L of a position's lots marked at `last`: Σ (last − reference) × quantity × multiplier,
 * the reference being the lot's cost for a lot opened at or after `sessionStart`
 * ({@link previousCloseInstant}) and `preClose` for an older one. Without a previous close every
 * lot counts from its cost (an instrument first quoted today).
 */
export function lotsDayPnl(
  lots: readonly Lot[],
  last: string | Decimal,
  preClose: string | Decimal | undefined,
  sessionStart: number,
  multiplier: string | number | Decimal = 1,
): Decimal {
  const mark = new Decimal(last);
  let total = new Decimal(0);
  for (const lot of lots) {
    const reference = lot.open_time >= sessionStart || preClose === undefined ? lot.cost_price : preClose;
    total = total.plus(mark.minus(reference).times(lot.quantity));
  }
  return total.times(multiplier);
}

/** Unrealized P&L of the lots at `last`: Σ (last − cost) × quantity × multiplier. */
export function lotsUnrealizedPnl(
  lots: readonly Lot[],
  last: string | Decimal,
  multiplier: string | number | Decimal = 1,
): Decimal {
  const mark = new Decimal(last);
  let total = new Decimal(0);
  for (const lot of lots) total = total.plus(mark.minus(lot.cost_price).times(lot.quantity));
  return total.times(multiplier);
}
