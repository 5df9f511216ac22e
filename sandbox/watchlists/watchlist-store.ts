import { z } from 'zod';
import type { Watchlist, WatchlistInstrument } from '../../shared/openapi/records/watchlists';
import type { MarketView } from '../market/market-view';

/** What `watchlists.json` holds. Instruments keep their own `sort` (the order the user chose). */
const instrumentState = z.object({
  symbol: z.string(),
  instrument_id: z.string(),
  category: z.string(),
  name: z.string().optional(),
  sort: z.number().int(),
});
const watchlistState = z.object({
  watchlist_id: z.string(),
  name: z.string(),
  sort: z.number().int(),
  created_at: z.number(),
  updated_at: z.number(),
  instruments: z.array(instrumentState),
});
export const watchlistFileSchema = z.object({
  nextId: z.number().int(),
  watchlists: z.array(watchlistState),
});
export type WatchlistFile = z.output<typeof watchlistFileSchema>;
export type WatchlistState = z.output<typeof watchlistState>;

/** Popular names a new user expects to see (a seeded "Default" list on first start). */
const DEFAULT_WATCHLIST_SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'TSLA', 'META', 'SPY', 'QQQ'];

export function seedWatchlists(market: MarketView, now: number): WatchlistFile {
  const instruments = DEFAULT_WATCHLIST_SYMBOLS.flatMap((symbol) => {
    const entry = market.lookup(symbol);
    return entry
      ? [{ symbol, instrument_id: entry.instrument_id, category: entry.category, name: entry.name }]
      : [];
  }).map((i, sort) => ({ ...i, sort }));
  return {
    nextId: 2,
    watchlists: [
      { watchlist_id: 'WL1', name: 'Default', sort: 0, created_at: now, updated_at: now, instruments },
    ],
  };
}

export function watchlistView(w: WatchlistState): Watchlist {
  return {
    watchlist_id: w.watchlist_id,
    name: w.name,
    sort: w.sort,
    instrument_count: w.instruments.length,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

export function instrumentsView(w: WatchlistState): WatchlistInstrument[] {
  return [...w.instruments].sort((a, b) => a.sort - b.sort).map((i) => ({ ...i }));
}
