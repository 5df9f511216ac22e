import { Decimal } from '../../../shared/decimal';
import type { NewOrder } from '../../../shared/openapi/records/orders';
import { AMOUNT_PLACES, newClientOrderId, type ComboType } from '../../../shared/trading';
import { takesField, type StockDraft } from './stock-draft';
import { exitSide, legAsDraft, legsOf, ticketParts } from './stock-linked';
import { type LegDraft } from './stock-legs';

/** The client order ids of one intent: the entry's, a bracket's exits' and the contingent orders'. */
export interface IntentIds {
  entry: string;
  takeProfit: string;
  stopLoss: string;
  leg0: string;
  leg1: string;
}

export const newIntentIds = (): IntentIds => ({
  entry: newClientOrderId(),
  takeProfit: newClientOrderId(),
  stopLoss: newClientOrderId(),
  leg0: newClientOrderId(),
  leg1: newClientOrderId(),
});

/** Sent as the value, not the text typed: "190.50" stays, "190.500" goes as "190.5". */
const value = (text: string) => new Decimal(text.trim()).toFixed();

/** The trail as sent: dollars as typed, a percent as the fraction the wire takes (2.5 % → 0.025). */
function trailStep(d: StockDraft): string {
  const step = new Decimal(d.trailingStep.trim());
  return (d.trailingType === 'PERCENTAGE' ? step.dividedBy(100) : step).toFixed();
}

/** The side, type and price fields of an order of the draft's (the entry, or a contingent order as its own draft). */
function priced(d: StockDraft) {
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(d.orderType, f);
  return {
    side: d.side,
    order_type: d.orderType,
    ...(needs('limitPrice') ? { limit_price: value(d.limitPrice) } : {}),
    ...(needs('stopPrice') ? { stop_price: value(d.stopPrice) } : {}),
    ...(needs('trailingStep') ? { trailing_type: d.trailingType, trailing_stop_step: trailStep(d) } : {}),
  };
}

/**
 * The `new_orders` of a valid draft, in one placement: the entry alone, or with its linked orders
 * (stock-linked.ts `ticketParts`): a bracket's take-profit (a limit) and stop-loss (a stop) on the
 * other side; an OTO's, OCO's or OTOCO's contingent orders with their own side, type and prices.
 * Every order of a group is for the entry's shares, time in force and session. An order by dollars
 * goes as its amount (`entrust_type` AMOUNT with `total_cash_amount` in cents,
 * shared/trading/entrust-types.ts): the broker turns it into shares at the price of the fill.
 */
export function toStockOrders(d: StockDraft, ids: IntentIds): NewOrder[] {
  const dollars = d.sizing === 'DOLLARS';
  const common = {
    instrument_type: 'EQUITY' as const,
    market: 'US' as const,
    symbol: d.symbol,
    time_in_force: d.timeInForce,
    support_trading_session: d.session,
    entrust_type: 'QTY' as const,
  };
  const shares = value(d.quantity);
  return ticketParts(d).map(({ part, role }): NewOrder => {
    const combo = { ...common, client_order_id: ids[part], combo_type: role };
    switch (part) {
      case 'entry':
        return {
          ...combo,
          ...priced(d),
          ...(dollars
            ? {
                entrust_type: 'AMOUNT',
                total_cash_amount: new Decimal(d.amount.trim()).toFixed(AMOUNT_PLACES),
              }
            : { quantity: shares }),
        } as NewOrder;
      case 'takeProfit':
        return {
          ...combo,
          side: exitSide(d.side),
          quantity: shares,
          order_type: 'LIMIT',
          limit_price: value(d.takeProfit),
        } as NewOrder;
      case 'stopLoss':
        return {
          ...combo,
          side: exitSide(d.side),
          quantity: shares,
          order_type: 'STOP_LOSS',
          stop_price: value(d.stopLoss),
        } as NewOrder;
      case 'leg0':
      case 'leg1':
        return {
          ...combo,
          ...priced(legAsDraft(d, d.legs[part === 'leg0' ? 0 : 1])),
          quantity: shares,
        } as NewOrder;
    }
  });
}

/** The combo role of each order `toStockOrders` sends, in its order. */
export const orderRoles = (d: StockDraft): ComboType[] => ticketParts(d).map((p) => p.role);

/** What makes a contingent order what it is (the prices its type takes). */
function legIntent(leg: LegDraft) {
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(leg.orderType, f);
  return [
    leg.side,
    leg.orderType,
    needs('limitPrice') ? leg.limitPrice.trim() : '',
    needs('stopPrice') ? leg.stopPrice.trim() : '',
    needs('trailingStep') ? [leg.trailingType, leg.trailingStep.trim()] : '',
  ];
}

/** Everything that makes the order what it is: a change here is a new intent (new client order ids). */
export function stockIntentKey(d: StockDraft): string {
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(d.orderType, f);
  const dollars = d.sizing === 'DOLLARS';
  return JSON.stringify([
    d.accountId,
    d.symbol,
    d.side,
    d.orderType,
    d.sizing,
    dollars ? d.amount.trim() : d.quantity.trim(),
    needs('limitPrice') ? d.limitPrice.trim() : '',
    needs('stopPrice') ? d.stopPrice.trim() : '',
    needs('trailingStep') ? [d.trailingType, d.trailingStep.trim()] : '',
    d.timeInForce,
    d.session,
    d.linked,
    d.linked === 'BRACKET' ? [d.takeProfit.trim(), d.stopLoss.trim()] : '',
    legsOf(d.linked).map((i) => legIntent(d.legs[i])),
  ]);
}
