import { Decimal } from '../../../shared/decimal';
import type { NewOrder } from '../../../shared/openapi/records/orders';
import { STOCK_PRICE_FIELDS, type StockDraft } from './stock-draft';

/** The client order ids of one intent: the entry's, and its exits' when it is a bracket. */
export interface IntentIds {
  entry: string;
  takeProfit: string;
  stopLoss: string;
}

/** A fresh `client_order_id` (32 lower-case hex, the API's format). */
export function newClientOrderId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const newIntentIds = (): IntentIds => ({
  entry: newClientOrderId(),
  takeProfit: newClientOrderId(),
  stopLoss: newClientOrderId(),
});

/** Sent as the value, not the text typed: "190.50" stays, "190.500" goes as "190.5". */
const value = (text: string) => new Decimal(text.trim()).toFixed();

/** The side that closes what `side` opens. */
const exitSide = (side: StockDraft['side']) => (side === 'BUY' ? 'SELL' : 'BUY');

/**
 * The `new_orders` of a valid draft: the entry alone, or the entry as the bracket's MASTER with its
 * take-profit (a limit) and stop-loss (a stop) on the other side, for the same shares.
 */
export function toStockOrders(d: StockDraft, ids: IntentIds): NewOrder[] {
  const needs = STOCK_PRICE_FIELDS[d.orderType];
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
      ? { entrust_type: 'AMOUNT', total_cash_amount: value(d.amount) }
      : { entrust_type: 'QTY', quantity: value(d.quantity) }),
    ...(needs.includes('limitPrice') ? { limit_price: value(d.limitPrice) } : {}),
    ...(needs.includes('stopPrice') ? { stop_price: value(d.stopPrice) } : {}),
    ...(needs.includes('trailingStep')
      ? { trailing_type: d.trailingType, trailing_stop_step: value(d.trailingStep) }
      : {}),
  } as unknown as NewOrder;
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
    } as unknown as NewOrder);
  if (d.stopLoss.trim())
    orders.push({
      ...exit,
      client_order_id: ids.stopLoss,
      combo_type: 'STOP_LOSS',
      order_type: 'STOP_LOSS',
      stop_price: value(d.stopLoss),
    } as unknown as NewOrder);
  return orders;
}

/** The combo role of each order `toStockOrders` sends, in its order. */
export function orderRoles(d: StockDraft): string[] {
  if (!d.bracket) return ['NORMAL'];
  return [
    'MASTER',
    ...(d.takeProfit.trim() ? ['STOP_PROFIT'] : []),
    ...(d.stopLoss.trim() ? ['STOP_LOSS'] : []),
  ];
}

/** Everything that makes the order what it is: a change here is a new intent (new client order ids). */
export function stockIntentKey(d: StockDraft): string {
  const needs = STOCK_PRICE_FIELDS[d.orderType];
  const dollars = d.sizing === 'DOLLARS';
  return JSON.stringify([
    d.accountId,
    d.symbol,
    d.side,
    d.orderType,
    d.sizing,
    dollars ? d.amount.trim() : d.quantity.trim(),
    needs.includes('limitPrice') ? d.limitPrice.trim() : '',
    needs.includes('stopPrice') ? d.stopPrice.trim() : '',
    needs.includes('trailingStep') ? [d.trailingType, d.trailingStep.trim()] : '',
    d.timeInForce,
    d.session,
    d.bracket ? [d.takeProfit.trim(), d.stopLoss.trim()] : '',
  ]);
}
