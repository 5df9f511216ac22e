import { ORDER_TYPES, orderTypesFor, type OrderType, type Side } from '../../../shared/trading';

/** The sides a stock order takes, as the ticket names them. */
export const SIDES: ReadonlyArray<[Side, string]> = [
  ['BUY', 'Buy'],
  ['SELL', 'Sell'],
  ['SHORT', 'Sell short'],
];
/** The order types the domain takes for equities (shared/trading/order-types.ts), with their labels. */
export const STOCK_ORDER_TYPES: ReadonlyArray<[OrderType, string]> = orderTypesFor('EQUITY').map((t) => [
  t,
  ORDER_TYPES[t].label,
]);
