import { z } from 'zod';
import * as Auth from '../records/auth';
import * as M from '../records/market';
import {
  category,
  dateText,
  optionCategory,
  optionSymbol,
  optionSymbolList,
  queryBool,
  queryInt,
  symbol,
  symbolList,
  timespan,
  tradingSessions,
  rows,
} from '../primitives';
import { op } from './operation-def';

const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal like 150 or 152.5');

const barsParams = {
  category: category.default('US_STOCK'),
  timespan,
  count: queryInt(1, 1200).optional(),
  real_time_required: queryBool.optional(),
  trading_sessions: tradingSessions.optional(),
  start_time: queryInt(0, 99_999_999_999_999).optional(),
  end_time: queryInt(0, 99_999_999_999_999).optional(),
};
const streamingSubTypes = z.array(z.enum(['QUOTE', 'SNAPSHOT', 'TICK'])).min(1);

/** Snapshots, depth, ticks, bars, options, instruments and streaming routing (docs/openapi-client.md, docs/streaming.md). */
export const marketDataOperations = {
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
    response: rows(M.snapshot),
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
    response: rows(M.bars),
    summary: 'Batch bars',
  }),
  optionSnapshot: op({
    method: 'GET',
    path: '/openapi/market-data/option/snapshot',
    area: 'marketData',
    params: z.object({ symbols: optionSymbolList, category: optionCategory.default('US_OPTION') }),
    response: rows(M.optionSnapshot),
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
  optionContracts: op({
    method: 'GET',
    path: '/trading/instruments/options/contracts/list',
    area: 'trading',
    params: z.object({
      category: optionCategory.default('US_OPTION'),
      underlying_symbols: symbolList.optional(),
      option_symbols: optionSymbolList.optional(),
      status: z.enum(['LISTING', 'DELISTING']).optional(),
      // The reference calls start_date the exact expiry and end_date a bound: read as a range.
      start_date: dateText.optional(),
      end_date: dateText.optional(),
      root_symbol: symbol.optional(),
      option_type: z.enum(['CALL', 'PUT']).optional(),
      style: z.enum(['AMERICAN', 'EUROPEAN']).optional(),
      strike_price_gte: decimalText.optional(),
      strike_price_lte: decimalText.optional(),
      ppind: queryBool.optional(),
      show_deliverables: queryBool.optional(),
      pagination_key: z.string().min(1).optional(),
    }),
    response: M.optionContractPage,
    summary: 'List option contracts (expiries and strikes of an underlying)',
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
      // 1,000 is the broker's SDK default page size.
      page_size: queryInt(1, 1000).optional(),
    }),
    response: rows(M.instrument),
    summary: 'Stock instruments',
  }),

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
