import type { OperationId, OpParams } from '../../../shared/openapi/operations';

/**
 * One valid parameter set for every operation of the catalogue (`shared/openapi/operations.ts`),
 * for the suites that drive the sandbox through the real client. The mapped type makes the compiler
 * refuse this file the day an operation is added without a sample, so "every operation is exercised"
 * cannot silently drift.
 *
 * Values that only exist at run time (account ids, a watchlist just created, a listed option contract,
 * the session id of a connected MQTT client…) come from the context the test builds as it goes.
 */
interface ListedOption {
  /** OCC form, e.g. `AAPL261218C00150000`. */
  symbol: string;
  underlying: string;
  strike: string;
  expireDate: string;
  optionType: 'CALL' | 'PUT';
}

export interface CatalogueContext {
  marginAccountId: string;
  /** An instrument the margin account holds (position lots). */
  heldInstrumentId: string;
  watchlistId: string;
  /** From the market-sectors screener. */
  sectorId: string;
  option: ListedOption;
  /** Stock order placed, replaced, read and cancelled by the catalogue run (32 hex). */
  stockOrderId: string;
  /** Option order placed, replaced and cancelled by the catalogue run (32 hex). */
  optionOrderId: string;
  /** Client id of a connected MQTT session (the routing calls need one). */
  sessionId: string;
  /** From tokenCreate. */
  token: string;
  /** Makes names unique per run. */
  tag: string;
}

export type CatalogueSamples = { [K in OperationId]: (ctx: CatalogueContext) => OpParams<K> };

/** A price far below the market: the order rests, so it can be replaced and cancelled. */
export const RESTING_STOCK_LIMIT = '1.00';
export const REPLACED_STOCK_LIMIT = '1.50';
const RESTING_OPTION_LIMIT = '0.05';
export const REPLACED_OPTION_LIMIT = '0.10';

const stockOrder = (ctx: CatalogueContext) => ({
  client_order_id: ctx.stockOrderId,
  symbol: 'AAPL',
  instrument_type: 'EQUITY' as const,
  market: 'US' as const,
  order_type: 'LIMIT' as const,
  limit_price: RESTING_STOCK_LIMIT,
  quantity: '2',
  side: 'BUY' as const,
  time_in_force: 'GTC' as const,
  entrust_type: 'QTY' as const,
});

/** A single-leg option order, as the API document's worked example places it. */
const optionOrder = (ctx: CatalogueContext) => ({
  client_order_id: ctx.optionOrderId,
  combo_type: 'NORMAL' as const,
  option_strategy: 'SINGLE' as const,
  order_type: 'LIMIT' as const,
  limit_price: RESTING_OPTION_LIMIT,
  quantity: '1',
  side: 'BUY' as const,
  time_in_force: 'GTC' as const,
  entrust_type: 'QTY' as const,
  legs: [
    {
      side: 'BUY' as const,
      quantity: '1',
      symbol: ctx.option.underlying,
      strike_price: ctx.option.strike,
      option_expire_date: ctx.option.expireDate,
      option_type: ctx.option.optionType,
      instrument_type: 'OPTION' as const,
      market: 'US' as const,
    },
  ],
});

const stock = { symbol: 'AAPL', category: 'US_STOCK' } as const;
const fund = { symbol: 'SPY', category: 'US_ETF' } as const;

export const catalogueSamples: CatalogueSamples = {
  openApiConfig: () => ({}),
  tokenCreate: () => ({}),
  tokenCheck: (ctx) => ({ token: ctx.token }),
  tokenRefresh: (ctx) => ({ token: ctx.token }),

  accountList: () => ({}),
  accountListV3: () => ({}),
  balance: (ctx) => ({ account_id: ctx.marginAccountId, total_asset_currency: 'USD' }),
  positions: (ctx) => ({ account_id: ctx.marginAccountId }),
  positionDetails: (ctx) => ({
    account_id: ctx.marginAccountId,
    instrument_id: ctx.heldInstrumentId,
    page_size: 1,
  }),

  snapshot: () => ({ symbols: ['AAPL', 'MSFT'], category: 'US_STOCK', extend_hour_required: true }),
  quotes: () => ({ symbol: 'AAPL', category: 'US_STOCK', depth: 3 }),
  ticks: () => ({ symbol: 'AAPL', category: 'US_STOCK', count: 5 }),
  bars: () => ({ symbol: 'AAPL', category: 'US_STOCK', timespan: 'M5', count: 12 }),
  batchBars: () => ({ symbols: ['AAPL', 'MSFT'], category: 'US_STOCK', timespan: 'D', count: 7 }),
  optionChain: () => ({ symbol: 'AAPL' }),
  optionContracts: () => ({ underlying_symbols: ['AAPL'], option_type: 'CALL' }),
  optionSnapshot: (ctx) => ({ symbols: [ctx.option.symbol], category: 'US_OPTION' }),
  optionBars: (ctx) => ({ symbol: ctx.option.symbol, timespan: 'M15', count: 4 }),
  optionTick: (ctx) => ({ symbol: ctx.option.symbol, count: 3 }),
  instruments: () => ({ symbols: ['AAPL', 'MSFT'], category: 'US_STOCK' }),

  gainersLosers: () => ({ rank_type: 'GAINERS', page_index: 1, page_size: 5 }),
  topActive: () => ({ rank_type: 'VOLUME', page_size: 5 }),
  marketSectors: () => ({ agg_type: 'SECTOR', period: '1D', page_size: 20 }),
  marketSectorsDetail: (ctx) => ({ sector_id: ctx.sectorId, page_size: 5 }),
  highDividend: () => ({ page_size: 5 }),
  week52HighLow: () => ({ rank_type: 'HIGH', page_size: 5 }),

  companyProfile: () => stock,
  analystTargetPrice: () => stock,
  analystRating: () => stock,
  forecastEps: () => stock,
  filings: () => stock,
  earningsCalendar: () => stock,
  dividendCalendar: () => stock,
  capitalFlow: () => ({ ...stock, count: 5 }),
  industryComparison: () => ({ ...stock, sort_by: 'market_cap' }),
  financialIndicators: () => ({ ...stock, type: 'QUARTERLY', count: 4 }),
  incomeStatement: () => ({ ...stock, type: 'ANNUAL', count: 3 }),
  cashFlowStatement: () => ({ ...stock, type: 'QUARTERLY', count: 2 }),
  balanceSheet: () => ({ ...stock, type: 'QUARTERLY', count: 2 }),
  financialAlert: () => stock,
  fundBrief: () => fund,
  fundPerformance: () => fund,
  fundNetValue: () => ({ ...fund, count: 10 }),
  fundHoldings: () => fund,
  fundDividends: () => ({ ...fund, page_index: 1, page_size: 4 }),
  fundRating: () => fund,
  fundSplits: () => fund,
  fundFiles: () => fund,
  fundAllocation: () => fund,

  watchlistList: () => ({}),
  watchlistCreate: (ctx) => ({ name: `Catalogue ${ctx.tag}` }),
  watchlistUpdate: (ctx) => ({ watchlist_id: ctx.watchlistId, name: `Catalogue ${ctx.tag} renamed` }),
  watchlistDelete: (ctx) => ({ watchlist_id: ctx.watchlistId }),
  watchlistInstruments: (ctx) => ({ watchlist_id: ctx.watchlistId }),
  watchlistAdd: (ctx) => ({
    watchlist_id: ctx.watchlistId,
    instruments: [{ symbol: 'AAPL' }, { symbol: 'MSFT' }, { symbol: 'SPY', category: 'US_ETF' }],
  }),
  watchlistRemove: (ctx) => ({ watchlist_id: ctx.watchlistId, instruments: [{ symbol: 'MSFT' }] }),
  // The order given becomes `sort`: SPY first, then AAPL.
  watchlistReorder: (ctx) => ({
    watchlist_id: ctx.watchlistId,
    instruments: [{ symbol: 'SPY', category: 'US_ETF' }, { symbol: 'AAPL' }],
  }),

  orderPreview: (ctx) => ({ account_id: ctx.marginAccountId, new_orders: [stockOrder(ctx)] }),
  orderPlace: (ctx) => ({ account_id: ctx.marginAccountId, new_orders: [stockOrder(ctx)] }),
  orderReplace: (ctx) => ({
    account_id: ctx.marginAccountId,
    modify_orders: [{ client_order_id: ctx.stockOrderId, limit_price: REPLACED_STOCK_LIMIT }],
  }),
  orderCancel: (ctx) => ({ account_id: ctx.marginAccountId, client_order_id: ctx.stockOrderId }),
  orderDetail: (ctx) => ({ account_id: ctx.marginAccountId, client_order_id: ctx.stockOrderId }),
  ordersOpen: (ctx) => ({ account_id: ctx.marginAccountId, page_size: 100 }),
  ordersHistory: (ctx) => ({ account_id: ctx.marginAccountId, page_size: 100 }),
  optionOrderPreview: (ctx) => ({ account_id: ctx.marginAccountId, new_orders: [optionOrder(ctx)] }),
  optionOrderPlace: (ctx) => ({ account_id: ctx.marginAccountId, new_orders: [optionOrder(ctx)] }),
  optionOrderReplace: (ctx) => ({
    account_id: ctx.marginAccountId,
    modify_orders: [{ client_order_id: ctx.optionOrderId, limit_price: REPLACED_OPTION_LIMIT }],
  }),
  optionOrderCancel: (ctx) => ({ account_id: ctx.marginAccountId, client_order_id: ctx.optionOrderId }),

  streamingSubscribe: (ctx) => ({
    session_id: ctx.sessionId,
    symbols: ['AAPL', 'MSFT'],
    category: 'US_STOCK',
    sub_types: ['SNAPSHOT', 'QUOTE'],
    depth: 2,
  }),
  streamingUnsubscribe: (ctx) => ({
    session_id: ctx.sessionId,
    symbols: ['MSFT'],
    category: 'US_STOCK',
    sub_types: ['SNAPSHOT', 'QUOTE'],
  }),
};
