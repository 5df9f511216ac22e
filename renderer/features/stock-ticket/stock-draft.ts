import {
  needsField,
  type OrderPriceField,
  type OrderType,
  type Side,
  type TimeInForce,
  type TradingSession,
  type TrailingType,
} from '../../../shared/trading';
import { EMPTY_LEG, type LegDraft, type LegField, type LinkedChoice } from './stock-legs';

/** What the stock ticket's form holds: text as typed, checked by `validateStockDraft` before anything is sent. */
export interface StockDraft {
  accountId: string;
  symbol: string;
  side: Side;
  orderType: OrderType;
  /** Whether the order is sized in shares or, where fractional shares are allowed, in dollars. */
  sizing: 'SHARES' | 'DOLLARS';
  quantity: string;
  amount: string;
  limitPrice: string;
  stopPrice: string;
  trailingType: TrailingType;
  trailingStep: string;
  timeInForce: TimeInForce;
  session: TradingSession;
  /** The linked order placed with the entry (stock-linked.ts), or none. */
  linked: LinkedChoice;
  /** A bracket's exits; '' leaves that exit out. */
  takeProfit: string;
  stopLoss: string;
  /** The contingent orders of an OTO (the first), an OCO (the first: the other order) or an OTOCO (both). */
  legs: [LegDraft, LegDraft];
}

export type StockField =
  | 'accountId'
  | 'side'
  | 'orderType'
  | 'quantity'
  | 'amount'
  | 'limitPrice'
  | 'stopPrice'
  | 'trailingStep'
  | 'timeInForce'
  | 'session'
  | 'takeProfit'
  | 'stopLoss'
  | 'linked'
  | LegField;
export type StockFieldErrors = Partial<Record<StockField, string>>;

/** The form's price fields and the wire field each stands for. */
const WIRE_FIELD = {
  limitPrice: 'limit_price',
  stopPrice: 'stop_price',
  trailingStep: 'trailing_stop_step',
} as const satisfies Record<string, OrderPriceField>;
type PriceField = keyof typeof WIRE_FIELD;

/** Whether orders of `type` take (and need) the price field (the domain's table, shared/trading/). */
export const takesField = (type: OrderType, field: PriceField): boolean =>
  needsField(type, WIRE_FIELD[field]);

export const EMPTY_STOCK_DRAFT: Omit<StockDraft, 'accountId' | 'symbol'> = {
  side: 'BUY',
  orderType: 'LIMIT',
  sizing: 'SHARES',
  quantity: '1',
  amount: '',
  limitPrice: '',
  stopPrice: '',
  trailingType: 'AMOUNT',
  trailingStep: '',
  timeInForce: 'DAY',
  session: 'CORE',
  linked: 'NONE',
  takeProfit: '',
  stopLoss: '',
  legs: [EMPTY_LEG, { ...EMPTY_LEG, orderType: 'STOP_LOSS' }],
};
