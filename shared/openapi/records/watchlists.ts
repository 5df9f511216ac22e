import { z } from 'zod';
import { record, timestampMs } from '../primitives';

export const watchlist = record({
  watchlist_id: z.string(),
  name: z.string(),
  sort: z.number().int(),
  instrument_count: z.number().int().optional(),
  created_at: timestampMs.optional(),
  updated_at: timestampMs.optional(),
});

export const watchlistInstrument = record({
  symbol: z.string(),
  instrument_id: z.string(),
  category: z.string(),
  name: z.string().optional(),
  sort: z.number().int(),
});

export const watchlistDeleted = record({ watchlist_id: z.string(), deleted: z.boolean() });

export type Watchlist = z.output<typeof watchlist>;
export type WatchlistInstrument = z.output<typeof watchlistInstrument>;
