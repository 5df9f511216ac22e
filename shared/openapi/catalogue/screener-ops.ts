import { z } from 'zod';
import * as S from '../records/screeners';
import { category } from '../primitives';
import { op, pageParams } from './operation-def';

/**
 * Sector periods. The real service spells the month periods `MO1` / `MO3` (letter O) and refuses
 * other spellings with 417 `UNSUPPORTED_PERIOD`; `1M` / `3M` from a caller are sent as those.
 */
export const SECTOR_PERIODS = ['1D', '5D', 'MO1', 'MO3', '52W', 'PRE', 'AFTER'] as const;
const MONTH_PERIOD_SPELLINGS: Record<string, (typeof SECTOR_PERIODS)[number]> = { '1M': 'MO1', '3M': 'MO3' };
const rankType = z
  .enum([...SECTOR_PERIODS, '1M', '3M'])
  .transform((p) => MONTH_PERIOD_SPELLINGS[p] ?? (p as (typeof SECTOR_PERIODS)[number]));
const screenerSort = z.enum(['change_ratio', 'volume', 'turnover', 'market_cap', 'price', 'dividend_yield']);

/** The six screeners (docs/openapi-client.md). */
export const screenerOperations = {
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
} as const;
