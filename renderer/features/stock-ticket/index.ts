/** The stock and ETF ticket: what other features may use (docs/ui.md "Stock ticket"). */
export { stageStockOrder, useStagedStockOrder } from './staged-stock-order';
export type { StagedStockOrder, StockOrderType, StockSide } from './stock-order-terms';
