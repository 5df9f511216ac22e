/** The stock and ETF ticket: what other features may use (docs/ui.md "Stock ticket"). */
export { stageStockOrder, useStagedStockOrder } from './staged-stock-order';
export type { StagedStockOrder } from './stock-order-terms';
/** The trading domain's names for what a staged order carries (shared/trading/). */
