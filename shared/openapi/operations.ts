import { z } from 'zod';
import * as A from './records/accounts';
import * as Auth from './records/auth';
import * as F from './records/fundamentals';
import * as M from './records/market';
import * as O from './records/orders';
import * as S from './records/screeners';
import * as W from './records/watchlists';
import {
  category,
  dateText,
  direction,
  optionCategory,
  optionSymbol,
  optionSymbolList,
  queryBool,
  queryInt,
  symbol,
  symbolList,
  timespan,
  tradingSessions,
} from './primitives';

/**
 * The endpoint catalogue of ../shared/api/README.md §4, declared once. The client sends with it,
 * the sandbox routes and validates with it, and the IPC contract exposes it: one source of truth
 * for method, path, parameters and reply shape.
 *
 * `area` decides rate limiting (Market Data: 300/min/app key); `kind: 'order'` marks the POSTs that
 * are never retried blindly; `extension` marks the few calls the real catalogue does not list.
 */
export type Area = 'trading' | 'marketData' | 'auth';

export interface OperationDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  area: Area;
  params: P;
  response: R;
  kind?: 'order';
  extension?: true;
  summary: string;
}

const op = <P extends z.ZodType, R extends z.ZodType>(def: OperationDef<P, R>) => def;
const none = z.object({});
const accountId = z.string().min(1, 'account_id is required');
const symbolParams = z.object({ symbol, category: category.default('US_STOCK') });
const pageParams = {
  page_index: queryInt(1, 10_000).optional(),
  page_size: queryInt(1, 200).optional(),
  direction: direction.optional(),
};
const watchlistRef = z.object({
  symbol,
  category: category.default('US_STOCK'),
  sort: z.number().int().optional(),
});
const watchlistId = z.string().min(1, 'watchlist_id is required');
const statementParams = z.object({
  symbol,
  category: category.default('US_STOCK'),
  type: z.enum(['QUARTERLY', 'ANNUAL']).default('QUARTERLY'),
  count: queryInt(1, 40).optional(),
});
const fundParams = z.object({ symbol, category: z.literal('US_ETF').default('US_ETF') });
const barsParams = {
  category: category.default('US_STOCK'),
  timespan,
  count: queryInt(1, 1200).optional(),
  real_time_required: queryBool.optional(),
  trading_sessions: tradingSessions.optional(),
  start_time: queryInt(0, 99_999_999_999_999).optional(),
  end_time: queryInt(0, 99_999_999_999_999).optional(),
};
const rankType = z.enum(['1D', '5D', '1M', '3M', '52W', 'PRE', 'AFTER']);
const screenerSort = z.enum(['change_ratio', 'volume', 'turnover', 'market_cap', 'price', 'dividend_yield']);
const newOrders = z.object({
  account_id: accountId,
  new_orders: z.array(O.newOrder).min(1, 'new_orders is empty'),
});
const modifyOrders = z.object({ account_id: accountId, modify_orders: z.array(O.modifyOrder).min(1) });
const cancelOrder = z.object({
  account_id: accountId,
  client_order_id: z.string().regex(O.CLIENT_ORDER_ID_PATTERN),
});
const streamingSubTypes = z.array(z.enum(['QUOTE', 'SNAPSHOT', 'TICK'])).min(1);

export const operations = {
  // ---- handshake and access token (README §3) ----
  openApiConfig: op({
    method: 'GET',
    path: '/openapi/config',
    area: 'auth',
    params: none,
    response: Auth.openApiConfig,
    summary: 'Start-up handshake',
  }),
  tokenCreate: op({
    method: 'POST',
    path: '/openapi/auth/token/create',
    area: 'auth',
    params: z.object({ token: z.string().optional() }),
    response: Auth.accessToken,
    summary: 'Create access token',
  }),
  tokenCheck: op({
    method: 'POST',
    path: '/openapi/auth/token/check',
    area: 'auth',
    params: z.object({ token: z.string() }),
    response: Auth.accessToken,
    summary: 'Check access token',
  }),
  tokenRefresh: op({
    method: 'POST',
    path: '/openapi/auth/token/refresh',
    area: 'auth',
    params: z.object({ token: z.string() }),
    response: Auth.accessToken,
    summary: 'Refresh access token',
  }),

  // ---- accounts and assets ----
  accountList: op({
    method: 'GET',
    path: '/openapi/account/list',
    area: 'trading',
    params: none,
    response: z.array(A.account),
    summary: 'Account list',
  }),
  accountListV3: op({
    method: 'GET',
    path: '/trading/accounts/list',
    area: 'trading',
    params: none,
    response: z.array(A.account),
    summary: 'Account list (2026-09-20 path)',
  }),
  balance: op({
    method: 'GET',
    path: '/openapi/assets/balance',
    area: 'trading',
    params: z.object({ account_id: accountId, total_asset_currency: z.string().default('USD') }),
    response: A.balance,
    summary: 'Account balance',
  }),
  positions: op({
    method: 'GET',
    path: '/openapi/assets/positions',
    area: 'trading',
    params: z.object({ account_id: accountId }),
    response: z.array(A.position),
    summary: 'Positions',
  }),
  positionDetails: op({
    method: 'GET',
    path: '/openapi/assets/position/details',
    area: 'trading',
    params: z.object({
      account_id: accountId,
      instrument_id: z.string().min(1),
      page_size: queryInt(1, 100).optional(),
      last_id: z.string().optional(),
    }),
    response: A.positionDetails,
    summary: 'Position lots',
  }),

  // ---- market data ----
  snapshot: op({
    method: 'GET',
    path: '/openapi/market-data/stock/snapshot',
    area: 'marketData',
    params: z.object({
      symbols: symbolList,
      category: category.default('US_STOCK'),
      extend_hour_required: queryBool.optional(),
      overnight_required: queryBool.optional(),
    }),
    response: z.array(M.snapshot),
    summary: 'Stock snapshot',
  }),
  quotes: op({
    method: 'GET',
    path: '/openapi/market-data/stock/quotes',
    area: 'marketData',
    params: z.object({
      symbol,
      category: category.default('US_STOCK'),
      depth: queryInt(1, 50).optional(),
      overnight_required: queryBool.optional(),
    }),
    response: M.quoteDepth,
    summary: 'Quote with depth',
  }),
  ticks: op({
    method: 'GET',
    path: '/openapi/market-data/stock/tick',
    area: 'marketData',
    params: z.object({
      symbol,
      category: category.default('US_STOCK'),
      count: queryInt(1, 1000).optional(),
      trading_sessions: tradingSessions.optional(),
    }),
    response: M.ticks,
    summary: 'Ticks',
  }),
  bars: op({
    method: 'GET',
    path: '/openapi/market-data/stock/bars',
    area: 'marketData',
    params: z.object({ symbol, ...barsParams }),
    response: M.bars,
    summary: 'Historical bars',
  }),
  batchBars: op({
    method: 'POST',
    path: '/openapi/market-data/stock/batch-bars',
    area: 'marketData',
    params: z.object({ symbols: z.array(symbol).min(1).max(100), ...barsParams }),
    response: z.array(M.bars),
    summary: 'Batch bars',
  }),
  optionSnapshot: op({
    method: 'GET',
    path: '/openapi/market-data/option/snapshot',
    area: 'marketData',
    params: z.object({ symbols: optionSymbolList, category: optionCategory.default('US_OPTION') }),
    response: z.array(M.optionSnapshot),
    summary: 'Option snapshot',
  }),
  optionBars: op({
    method: 'GET',
    path: '/openapi/market-data/option/bars',
    area: 'marketData',
    params: z.object({
      symbol: optionSymbol,
      category: optionCategory.default('US_OPTION'),
      timespan,
      count: queryInt(1, 1200).optional(),
    }),
    response: M.bars,
    summary: 'Option bars',
  }),
  optionTick: op({
    method: 'GET',
    path: '/openapi/market-data/option/tick',
    area: 'marketData',
    params: z.object({
      symbol: optionSymbol,
      category: optionCategory.default('US_OPTION'),
      count: queryInt(1, 1000).optional(),
    }),
    response: M.ticks,
    summary: 'Option ticks',
  }),
  optionChain: op({
    method: 'GET',
    path: '/openapi/market-data/option/chain',
    area: 'marketData',
    params: z.object({ symbol, expire_date: dateText.optional() }),
    response: M.optionChain,
    extension: true,
    summary: 'Option chain (sandbox extension, see docs/openapi-client.md)',
  }),
  instruments: op({
    method: 'GET',
    path: '/openapi/instrument/stock/list',
    area: 'trading',
    params: z.object({
      symbols: symbolList.optional(),
      category: category.default('US_STOCK'),
      status: z.string().optional(),
      last_instrument_id: z.string().optional(),
      page_size: queryInt(1, 500).optional(),
    }),
    response: z.array(M.instrument),
    summary: 'Stock instruments',
  }),

  // ---- screeners ----
  gainersLosers: op({
    method: 'GET',
    path: '/openapi/market-data/screener/gainers-losers',
    area: 'marketData',
    params: z.object({
      rank_type: z.enum(['GAINERS', 'LOSERS']).default('GAINERS'),
      category: category.default('US_STOCK'),
      sort_by: screenerSort.optional(),
      ...pageParams,
    }),
    response: S.screenerPage,
    summary: 'Gainers and losers',
  }),
  topActive: op({
    method: 'GET',
    path: '/openapi/market-data/screener/top-active',
    area: 'marketData',
    params: z.object({
      rank_type: z.enum(['VOLUME', 'TURNOVER', 'RANGE']).default('VOLUME'),
      category: category.default('US_STOCK'),
      sort_by: screenerSort.optional(),
      ...pageParams,
    }),
    response: S.screenerPage,
    summary: 'Top active',
  }),
  marketSectors: op({
    method: 'GET',
    path: '/openapi/market-data/screener/market-sectors',
    area: 'marketData',
    params: z.object({
      category: category.default('US_STOCK'),
      agg_type: z.enum(['SECTOR', 'INDUSTRY']).default('SECTOR'),
      period: rankType.default('1D'),
      ...pageParams,
    }),
    response: S.sectorPage,
    summary: 'Market sectors',
  }),
  marketSectorsDetail: op({
    method: 'GET',
    path: '/openapi/market-data/screener/market-sectors-detail',
    area: 'marketData',
    params: z.object({
      sector_id: z.string().min(1, 'sector_id is required'),
      category: category.default('US_STOCK'),
      period: rankType.default('1D'),
      sort_by: screenerSort.optional(),
      ...pageParams,
    }),
    response: S.screenerPage,
    summary: 'Sector members',
  }),
  highDividend: op({
    method: 'GET',
    path: '/openapi/market-data/screener/high-dividend',
    area: 'marketData',
    params: z.object({
      category: category.default('US_STOCK'),
      sort_by: screenerSort.optional(),
      ...pageParams,
    }),
    response: S.screenerPage,
    summary: 'High dividend',
  }),
  week52HighLow: op({
    method: 'GET',
    path: '/openapi/market-data/screener/52whl',
    area: 'marketData',
    params: z.object({
      rank_type: z.enum(['HIGH', 'LOW']).default('HIGH'),
      category: category.default('US_STOCK'),
      sort_by: screenerSort.optional(),
      ...pageParams,
    }),
    response: S.screenerPage,
    summary: '52-week highs and lows',
  }),

  // ---- fundamentals (23) ----
  companyProfile: op({
    method: 'GET',
    path: '/openapi/instrument/company/profile',
    area: 'marketData',
    params: symbolParams,
    response: F.companyProfile,
    summary: 'Company profile',
  }),
  analystTargetPrice: op({
    method: 'GET',
    path: '/openapi/instrument/analyst/target-price',
    area: 'marketData',
    params: symbolParams,
    response: F.analystTargetPrice,
    summary: 'Analyst target price',
  }),
  analystRating: op({
    method: 'GET',
    path: '/openapi/instrument/analyst/rating',
    area: 'marketData',
    params: symbolParams,
    response: F.analystRating,
    summary: 'Analyst rating',
  }),
  forecastEps: op({
    method: 'GET',
    path: '/openapi/fundamentals/stock/forecast-eps',
    area: 'marketData',
    params: symbolParams,
    response: z.array(F.forecastEps),
    summary: 'EPS forecast',
  }),
  filings: op({
    method: 'GET',
    path: '/openapi/fundamentals/stock/filings',
    area: 'marketData',
    params: symbolParams,
    response: z.array(F.filing),
    summary: 'Filings',
  }),
  earningsCalendar: op({
    method: 'GET',
    path: '/openapi/fundamentals/stock/earnings-calendar',
    area: 'marketData',
    params: symbolParams,
    response: z.array(F.earningsEvent),
    summary: 'Earnings calendar',
  }),
  dividendCalendar: op({
    method: 'GET',
    path: '/openapi/fundamentals/stock/dividend-calendar',
    area: 'marketData',
    params: symbolParams,
    response: z.array(F.dividendEvent),
    summary: 'Dividend calendar',
  }),
  capitalFlow: op({
    method: 'GET',
    path: '/openapi/fundamentals/stock/capital-flow',
    area: 'marketData',
    params: symbolParams.extend({ count: queryInt(1, 250).optional() }),
    response: z.array(F.capitalFlow),
    summary: 'Capital flow',
  }),
  industryComparison: op({
    method: 'GET',
    path: '/openapi/fundamentals/stock/industry-comparison',
    area: 'marketData',
    params: symbolParams.extend({
      sort_by: z
        .enum(['market_cap', 'pe_ratio', 'change_ratio', 'revenue_growth', 'dividend_yield'])
        .optional(),
    }),
    response: F.industryComparison,
    summary: 'Industry comparison',
  }),
  financialIndicators: op({
    method: 'GET',
    path: '/openapi/fundamentals/financial/indicators',
    area: 'marketData',
    params: statementParams,
    response: z.array(F.financialIndicators),
    summary: 'Financial indicators',
  }),
  incomeStatement: op({
    method: 'GET',
    path: '/openapi/fundamentals/financial/income',
    area: 'marketData',
    params: statementParams,
    response: z.array(F.incomeStatement),
    summary: 'Income statement',
  }),
  cashFlowStatement: op({
    method: 'GET',
    path: '/openapi/fundamentals/financial/cash-flow',
    area: 'marketData',
    params: statementParams,
    response: z.array(F.cashFlowStatement),
    summary: 'Cash flow statement',
  }),
  balanceSheet: op({
    method: 'GET',
    path: '/openapi/fundamentals/financial/balance-sheet',
    area: 'marketData',
    params: statementParams,
    response: z.array(F.balanceSheet),
    summary: 'Balance sheet',
  }),
  financialAlert: op({
    method: 'GET',
    path: '/openapi/fundamentals/financial/alert',
    area: 'marketData',
    params: symbolParams,
    response: z.array(F.financialAlert),
    summary: 'Financial alerts',
  }),
  fundBrief: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/brief',
    area: 'marketData',
    params: fundParams,
    response: F.fundBrief,
    summary: 'Fund brief',
  }),
  fundPerformance: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/performance',
    area: 'marketData',
    params: fundParams,
    response: F.fundPerformance,
    summary: 'Fund performance',
  }),
  fundNetValue: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/net-value',
    area: 'marketData',
    params: fundParams.extend({ last_date: dateText.optional(), count: queryInt(1, 1000).optional() }),
    response: z.array(F.fundNetValue),
    summary: 'Fund net value',
  }),
  fundHoldings: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/holdings',
    area: 'marketData',
    params: fundParams,
    response: F.fundHoldings,
    summary: 'Fund holdings',
  }),
  fundDividends: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/dividends',
    area: 'marketData',
    params: fundParams.extend({
      page_index: queryInt(1, 10_000).optional(),
      page_size: queryInt(1, 200).optional(),
    }),
    response: F.fundDividendPage,
    summary: 'Fund dividends',
  }),
  fundRating: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/rating',
    area: 'marketData',
    params: fundParams,
    response: F.fundRating,
    summary: 'Fund rating',
  }),
  fundSplits: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/splits',
    area: 'marketData',
    params: fundParams,
    response: z.array(F.fundSplit),
    summary: 'Fund splits',
  }),
  fundFiles: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/files',
    area: 'marketData',
    params: fundParams,
    response: z.array(F.fundFile),
    summary: 'Fund files',
  }),
  fundAllocation: op({
    method: 'GET',
    path: '/openapi/fundamentals/fund/allocation',
    area: 'marketData',
    params: fundParams,
    response: F.fundAllocation,
    summary: 'Fund allocation',
  }),

  // ---- watchlists (8) ----
  watchlistList: op({
    method: 'GET',
    path: '/openapi/market-data/watchlist/list',
    area: 'marketData',
    params: none,
    response: z.array(W.watchlist),
    summary: 'Watchlists',
  }),
  watchlistCreate: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/create',
    area: 'marketData',
    params: z.object({
      name: z.string().trim().min(1, 'name is required').max(64),
      sort: z.number().int().optional(),
    }),
    response: W.watchlist,
    summary: 'Create watchlist',
  }),
  watchlistUpdate: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/update',
    area: 'marketData',
    params: z.object({
      watchlist_id: watchlistId,
      name: z.string().trim().min(1).max(64).optional(),
      sort: z.number().int().optional(),
    }),
    response: W.watchlist,
    summary: 'Rename or move watchlist',
  }),
  watchlistDelete: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/delete',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId }),
    response: W.watchlistDeleted,
    summary: 'Delete watchlist',
  }),
  watchlistInstruments: op({
    method: 'GET',
    path: '/openapi/market-data/watchlist/instruments/list',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId }),
    response: z.array(W.watchlistInstrument),
    summary: 'Watchlist instruments',
  }),
  watchlistAdd: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/instruments/add',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId, instruments: z.array(watchlistRef).min(1) }),
    response: z.array(W.watchlistInstrument),
    summary: 'Add to watchlist',
  }),
  watchlistRemove: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/instruments/remove',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId, instruments: z.array(watchlistRef).min(1) }),
    response: z.array(W.watchlistInstrument),
    summary: 'Remove from watchlist',
  }),
  watchlistReorder: op({
    method: 'POST',
    path: '/openapi/market-data/watchlist/instruments/update',
    area: 'marketData',
    params: z.object({ watchlist_id: watchlistId, instruments: z.array(watchlistRef).min(1) }),
    response: z.array(W.watchlistInstrument),
    summary: 'Reorder watchlist',
  }),

  // ---- orders (unified) ----
  orderPreview: op({
    method: 'POST',
    path: '/openapi/trade/order/preview',
    area: 'trading',
    params: newOrders,
    response: z.array(O.orderPreview),
    summary: 'Preview order',
  }),
  orderPlace: op({
    method: 'POST',
    path: '/openapi/trade/order/place',
    area: 'trading',
    kind: 'order',
    params: newOrders,
    response: z.array(O.orderAck),
    summary: 'Place order',
  }),
  orderReplace: op({
    method: 'POST',
    path: '/openapi/trade/order/replace',
    area: 'trading',
    kind: 'order',
    params: modifyOrders,
    response: z.array(O.orderAck),
    summary: 'Replace order',
  }),
  orderCancel: op({
    method: 'POST',
    path: '/openapi/trade/order/cancel',
    area: 'trading',
    kind: 'order',
    params: cancelOrder,
    response: O.orderCancelled,
    summary: 'Cancel order',
  }),
  orderDetail: op({
    method: 'GET',
    path: '/openapi/trade/order/detail',
    area: 'trading',
    params: z.object({ account_id: accountId, client_order_id: z.string().regex(O.CLIENT_ORDER_ID_PATTERN) }),
    response: O.orderRecord,
    summary: 'Order detail',
  }),
  ordersOpen: op({
    method: 'GET',
    path: '/openapi/trade/order/open',
    area: 'trading',
    params: z.object({
      account_id: accountId,
      page_size: queryInt(1, 100).optional(),
      last_client_order_id: z.string().optional(),
    }),
    response: z.array(O.orderRecord),
    summary: 'Open orders',
  }),
  ordersHistory: op({
    method: 'GET',
    path: '/openapi/trade/order/history',
    area: 'trading',
    params: z.object({
      account_id: accountId,
      page_size: queryInt(1, 100).optional(),
      start_date: dateText.optional(),
      end_date: dateText.optional(),
      last_client_order_id: z.string().optional(),
    }),
    response: z.array(O.orderRecord),
    summary: 'Order history',
  }),
  optionOrderPreview: op({
    method: 'POST',
    path: '/openapi/trade/option/order/preview',
    area: 'trading',
    params: newOrders,
    response: z.array(O.orderPreview),
    summary: 'Preview option order',
  }),
  optionOrderPlace: op({
    method: 'POST',
    path: '/openapi/trade/option/order/place',
    area: 'trading',
    kind: 'order',
    params: newOrders,
    response: z.array(O.orderAck),
    summary: 'Place option order',
  }),
  optionOrderReplace: op({
    method: 'POST',
    path: '/openapi/trade/option/order/replace',
    area: 'trading',
    kind: 'order',
    params: modifyOrders,
    response: z.array(O.orderAck),
    summary: 'Replace option order',
  }),
  optionOrderCancel: op({
    method: 'POST',
    path: '/openapi/trade/option/order/cancel',
    area: 'trading',
    kind: 'order',
    params: cancelOrder,
    response: O.orderCancelled,
    summary: 'Cancel option order',
  }),

  // ---- streaming routing (README §5) ----
  streamingSubscribe: op({
    method: 'POST',
    path: '/openapi/market-data/streaming/subscribe',
    area: 'marketData',
    params: z.object({
      session_id: z.string().min(1),
      symbols: z.array(symbol).min(1),
      category: category.default('US_STOCK'),
      sub_types: streamingSubTypes,
      depth: z.number().int().min(1).max(50).optional(),
      overnight_required: z.boolean().optional(),
    }),
    response: Auth.streamingAck,
    summary: 'Route quotes to a session',
  }),
  streamingUnsubscribe: op({
    method: 'POST',
    path: '/openapi/market-data/streaming/unsubscribe',
    area: 'marketData',
    params: z.object({
      session_id: z.string().min(1),
      symbols: z.array(symbol).optional(),
      category: category.optional(),
      sub_types: streamingSubTypes.optional(),
      unsubscribe_all: z.boolean().optional(),
    }),
    response: Auth.streamingAck,
    summary: 'Stop routing quotes',
  }),
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
/** What a typed caller passes (defaults may be omitted). */
export type OpParams<K extends OperationId> = z.input<Operations[K]['params']>;
/** What the receiver sees after validation (defaults filled, wire strings coerced). */
export type OpParsedParams<K extends OperationId> = z.output<Operations[K]['params']>;
export type OpResult<K extends OperationId> = z.output<Operations[K]['response']>;

export const OPERATION_IDS = Object.keys(operations) as OperationId[];

export function findOperation(method: string, path: string): OperationId | undefined {
  return OPERATION_IDS.find((id) => operations[id].method === method && operations[id].path === path);
}
