import { Decimal } from '../../../shared/decimal';
import type { NewOrder } from '../../../shared/openapi/records/orders';
import { AMOUNT_PLACES, newClientOrderId, type ComboType } from '../../../shared/trading';
import { takesField, type StockDraft } from './stock-draft';

/** The client order ids of one intent: the entry's, and its exits' when it is a bracket. */
export interface IntentIds {
  entry: string;
  takeProfit: string;
  stopLoss: string;
}

export const newIntentIds = (): IntentIds => ({
  entry: newClientOrderId(),
  takeProfit: newClientOrderId(),
  stopLoss: newClientOrderId(),
});

/** Sent as the value, not the text typed: "190.50" stays, "190.500" goes as "190.5". */
const value = (text: string) => new Decimal(text.trim()).toFixed();

/** The trail as sent: dollars as typed, a percent as the fraction the wire takes (2.5 % → 0.025). */
function trailStep(d: StockDraft): string {
  const step = new Decimal(d.trailingStep.trim());
  return (d.trailingType === 'PERCENTAGE' ? step.dividedBy(100) : step).toFixed();
}

/** The side that closes what `side` opens. */
const exitSide = (side: StockDraft['side']) => (side === 'BUY' ? 'SELL' : 'BUY');

/**
 * The `new_orders` of a valid draft: the entry alone, or the entry as the bracket's MASTER with its
 * take-profit (a limit) and stop-loss (a stop) on the other side, for the same shares. An order by
 * dollars goes as its amount (`entrust_type` AMOUNT with `total_cash_amount` in cents,
 * shared/trading/entrust-types.ts): the broker turns it into shares at the price of the fill.
 */
export function toStockOrders(d: StockDraft, ids: IntentIds): NewOrder[] {
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(d.orderType, f);
  const dollars = d.sizing === 'DOLLARS';
  const common = {
    instrument_type: 'EQUITY' as const,
    market: 'US' as const,
    symbol: d.symbol,
    time_in_force: d.timeInForce,
    support_trading_session: d.session,
  };
  const entry = {
    ...common,
    client_order_id: ids.entry,
    combo_type: d.bracket ? 'MASTER' : 'NORMAL',
    side: d.side,
    order_type: d.orderType,
    ...(dollars
      ? {
          entrust_type: 'AMOUNT',
          total_cash_amount: new Decimal(d.amount.trim()).toFixed(AMOUNT_PLACES),
        }
      : { entrust_type: 'QTY', quantity: value(d.quantity) }),
    ...(needs('limitPrice') ? { limit_price: value(d.limitPrice) } : {}),
    ...(needs('stopPrice') ? { stop_price: value(d.stopPrice) } : {}),
    ...(needs('trailingStep') ? { trailing_type: d.trailingType, trailing_stop_step: trailStep(d) } : {}),
  } as NewOrder;
  if (!d.bracket) return [entry];
  const exit = { ...common, side: exitSide(d.side), entrust_type: 'QTY', quantity: value(d.quantity) };
  const orders = [entry];
  if (d.takeProfit.trim())
    orders.push({
      ...exit,
      client_order_id: ids.takeProfit,
      combo_type: 'STOP_PROFIT',
      order_type: 'LIMIT',
      limit_price: value(d.takeProfit),
    } as NewOrder);
  if (d.stopLoss.trim())
    orders.push({
      ...exit,
      client_order_id: ids.stopLoss,
      combo_type: 'STOP_LOSS',
      order_type: 'STOP_LOSS',
      stop_price: value(d.stopLoss),
    } as NewOrder);
  return orders;
}

/** The combo role of each order `toStockOrders` sends, in its order. */
export function orderRoles(d: StockDraft): ComboType[] {
  if (!d.bracket) return ['NORMAL'];
  return [
    'MASTER',
    ...(d.takeProfit.trim() ? (['STOP_PROFIT'] as const) : []),
    ...(d.stopLoss.trim() ? (['STOP_LOSS'] as const) : []),
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
    d.bracket ? [d.takeProfit.trim(), d.stopLoss.trim()] : '',
  ]);
}
