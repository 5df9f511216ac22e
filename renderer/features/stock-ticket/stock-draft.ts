import type {
  StockOrderType,
  StockSide,
  TimeInForce,
  TradingSession,
  TrailingType,
} from './stock-order-terms';

/** What the stock ticket's form holds: text as typed, checked by `validateStockDraft` before anything is sent. */
export interface StockDraft {
  accountId: string;
  symbol: string;
  side: StockSide;
  orderType: StockOrderType;
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
  /** Bracket exits attached to the entry; '' leaves that exit out. */
  bracket: boolean;
  takeProfit: string;
  stopLoss: string;
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
  | 'stopLoss';
export type StockFieldErrors = Partial<Record<StockField, string>>;

/** Which price fields each order type takes (and needs). */
export const STOCK_PRICE_FIELDS: Record<
  StockOrderType,
  readonly ('limitPrice' | 'stopPrice' | 'trailingStep')[]
> = {
  MARKET: [],
  LIMIT: ['limitPrice'],
  STOP_LOSS: ['stopPrice'],
  STOP_LOSS_LIMIT: ['stopPrice', 'limitPrice'],
  TRAILING_STOP_LOSS: ['trailingStep'],
};

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
  bracket: false,
  takeProfit: '',
  stopLoss: '',
};
