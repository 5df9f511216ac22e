import { z } from 'zod';
import { decimal, page, record } from '../primitives';

/** One ranked instrument: the columns a trader scans in a screener table. */
export const screenerRow = record({
  rank: z.number().int(),
  symbol: z.string(),
  instrument_id: z.string(),
  name: z.string(),
  category: z.string().optional(),
  price: decimal,
  change: decimal,
  change_ratio: decimal,
  volume: decimal,
  turnover: decimal.optional(),
  market_cap: decimal.optional(),
  pe_ratio: decimal.optional(),
  dividend_yield: decimal.optional(),
  high_52w: decimal.optional(),
  low_52w: decimal.optional(),
  sector: z.string().optional(),
});

export const sectorRow = record({
  sector_id: z.string(),
  name: z.string(),
  change_ratio: decimal,
  volume: decimal,
  turnover: decimal.optional(),
  market_cap: decimal,
  up_count: z.number().int(),
  down_count: z.number().int(),
  flat_count: z.number().int(),
  leader_symbol: z.string().optional(),
  leader_change_ratio: decimal.optional(),
});

export const screenerPage = page(screenerRow);
export const sectorPage = page(sectorRow);

export type ScreenerRow = z.output<typeof screenerRow>;
export type SectorRow = z.output<typeof sectorRow>;
export type ScreenerPage = z.output<typeof screenerPage>;
export type SectorPage = z.output<typeof sectorPage>;
