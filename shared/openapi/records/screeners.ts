import { z } from 'zod';
import { decimal, page, record } from '../primitives';
import { fraction, money, multiple } from './units';

/** One ranked instrument: the columns a trader scans in a screener table. */
export const screenerRow = record({
  rank: z.number().int(),
  symbol: z.string(),
  instrument_id: z.string(),
  name: z.string(),
  category: z.string().optional(),
  price: decimal,
  change: decimal,
  change_ratio: fraction('Change since the previous close'),
  volume: decimal,
  turnover: money('Traded value today').optional(),
  market_cap: money('Market capitalisation').optional(),
  pe_ratio: multiple('Price / trailing diluted EPS').optional(),
  dividend_yield: fraction('Trailing dividend yield').optional(),
  high_52w: decimal.optional(),
  low_52w: decimal.optional(),
  sector: z.string().optional(),
});

export const sectorRow = record({
  sector_id: z.string(),
  name: z.string(),
  change_ratio: fraction("The members' change, weighted by market cap"),
  volume: decimal,
  turnover: money('Traded value today').optional(),
  market_cap: money('Market capitalisation of the members'),
  up_count: z.number().int(),
  down_count: z.number().int(),
  flat_count: z.number().int(),
  leader_symbol: z.string().optional(),
  leader_change_ratio: fraction("The leader's change since the previous close").optional(),
});

export const screenerPage = page(screenerRow);
export const sectorPage = page(sectorRow);

export type ScreenerRow = z.output<typeof screenerRow>;
export type SectorRow = z.output<typeof sectorRow>;
export type ScreenerPage = z.output<typeof screenerPage>;
export type SectorPage = z.output<typeof sectorPage>;
