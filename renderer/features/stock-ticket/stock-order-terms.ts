import type { OrderType, Side } from '../../../shared/trading';

/** What another panel may stage in the stock ticket: prices and quantity as a trader would type them. */
export interface StagedStockOrder {
  symbol: string;
  side: Side;
  orderType: OrderType;
  limitPrice?: string;
  stopPrice?: string;
  /** Shares; absent: the ticket's quantity (Settings' default for a new ticket) stays. */
  quantity?: string;
}
