import {
  ORDER_TYPES,
  TRADING_SESSIONS,
  orderTypesFor,
  type OrderType,
  type Side,
  type TradingSession,
} from '../../../shared/trading';
import type { StockDraft } from './stock-draft';
import type { Option } from './OptionSelect';

/** The sides a stock order takes, as the ticket names them. */
export const SIDES: ReadonlyArray<Option<Side>> = [
  { value: 'BUY', label: 'Buy' },
  { value: 'SELL', label: 'Sell' },
  { value: 'SHORT', label: 'Sell short' },
];
/** The order types the domain takes for equities (shared/trading/order-types.ts), with their labels. */
export const STOCK_ORDER_TYPES: ReadonlyArray<Option<OrderType>> = orderTypesFor('EQUITY').map((t) => ({
  value: t,
  label: ORDER_TYPES[t].label,
}));
/** How a trailing stop's step is read: an amount of money or a percent of the price. */
export const TRAILING_TYPES: ReadonlyArray<Option<StockDraft['trailingType']>> = [
  { value: 'AMOUNT', label: 'Amount ($)' },
  { value: 'PERCENTAGE', label: 'Percent (%)' },
];
export const TIMES_IN_FORCE: ReadonlyArray<Option<StockDraft['timeInForce']>> = [
  { value: 'DAY', label: 'Day' },
  { value: 'GTC', label: 'Good till cancelled' },
];
export const SIZINGS: ReadonlyArray<Option<StockDraft['sizing']>> = [
  { value: 'SHARES', label: 'Shares' },
  { value: 'DOLLARS', label: 'Dollars' },
];
/** Every session with its label (shared/trading); the fields offer the overnight ones only where taken. */
export const SESSIONS: ReadonlyArray<Option<TradingSession>> = Object.entries(TRADING_SESSIONS).map(
  ([v, s]) => ({ value: v as TradingSession, label: s.label }),
);
