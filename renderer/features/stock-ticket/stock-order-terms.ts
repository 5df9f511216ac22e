/**
 * What another panel may stage in the stock ticket. The sides and order types are the trading
 * domain's (shared/trading/ once it lands); prices and quantity are text as a trader would type them.
 */
export type StockSide = 'BUY' | 'SELL' | 'SHORT';
export type StockOrderType = 'MARKET' | 'LIMIT' | 'STOP_LOSS' | 'STOP_LOSS_LIMIT' | 'TRAILING_STOP_LOSS';
export type TrailingType = 'AMOUNT' | 'PERCENTAGE';
export type TimeInForce = 'DAY' | 'GTC';
export type TradingSession = 'CORE' | 'ALL' | 'NIGHT';

export interface StagedStockOrder {
  symbol: string;
  side: StockSide;
  orderType: StockOrderType;
  limitPrice?: string;
  stopPrice?: string;
  /** Shares; absent: the ticket's quantity (Settings' default for a new ticket) stays. */
  quantity?: string;
}
