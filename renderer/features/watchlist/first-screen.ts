import type { QueryClient } from '@tanstack/react-query';
import type { Category } from '../../../shared/openapi/primitives';
import type { Snapshot } from '../../../shared/openapi/records/market';
import type { Watchlist, WatchlistInstrument } from '../../../shared/openapi/records/watchlists';
import type { WorkspaceState } from '../../../shared/ui/workspace';
import { apiQuery } from '../../lib/queries';
import type { QuoteUpdate } from '../../../shared/ipc/streams';
import { useQuoteStore } from '../quotes/quote-store';
import { groupByCategory, quoteCategory } from '../quotes/use-quotes';

/** The list a watchlist panel shows: its stored choice while that list exists, else the first. */
export function chooseWatchlistId(
  stored: string | undefined,
  lists: readonly Pick<Watchlist, 'watchlist_id'>[] | undefined,
): string | undefined {
  return stored && lists?.some((w) => w.watchlist_id === stored) ? stored : lists?.[0]?.watchlist_id;
}

export interface WatchlistRow {
  symbol: string;
  name?: string;
  category: Category;
}

/** A list's members as rows, in the list's own order. */
export function watchlistRows(instruments: readonly WatchlistInstrument[] | undefined): WatchlistRow[] {
  return [...(instruments ?? [])]
    .sort((a, b) => a.sort - b.sort)
    .map((x) => ({ symbol: x.symbol, name: x.name, category: quoteCategory(x.category) }));
}

/** The watchlists and one list's members: the same cache entries for the panel, its writes and the prefetch. */
export const watchlistListQuery = () => apiQuery('api.watchlistList', {});
export const watchlistMembersQuery = (watchlistId: string) =>
  apiQuery('api.watchlistInstruments', { watchlist_id: watchlistId });

/** One snapshot call per category: the seed of a watchlist's prices (the panel and the prefetch share the key). */
export const snapshotSeedQuery = (category: Category, symbols: string[]) =>
  apiQuery('api.snapshot', { symbols, category }, { staleTime: 60_000 });

/** Snapshots as the quote store's seed: what a row shows before the first streamed update. */
export function snapshotQuoteUpdates(snapshots: readonly Snapshot[]): QuoteUpdate[] {
  return snapshots.map((s) => ({
    symbol: s.symbol,
    time: s.last_trade_time,
    price: s.price,
    open: s.open,
    high: s.high,
    low: s.low,
    preClose: s.pre_close,
    volume: s.volume,
    change: s.change,
    changeRatio: s.change_ratio,
    bid: s.bid,
    ask: s.ask,
    bidSize: s.bid_size,
    askSize: s.ask_size,
  }));
}

/**
 * The watchlists the first screen shows, asked for as soon as the workspace is known rather than
 * when the dock mounts each panel (docs/ui.md "Start"): the list, its members and their snapshots,
 * one after the other, into the same cache entries the panel reads, and the snapshots into the
 * quote store. `opened` is the panel ids the workspace opens; the stored choice of each watchlist
 * panel is in `state.panels`. Errors are left to the panel, which asks again and shows them.
 */
export async function prefetchFirstWatchlists(
  qc: QueryClient,
  state: WorkspaceState,
  opened: readonly string[],
): Promise<void> {
  if (!opened.includes('watchlist')) return;
  const stored = Object.values(state.panels)
    .filter((p) => p.panel === 'watchlist')
    .map((p) => (typeof p.settings.watchlistId === 'string' ? p.settings.watchlistId : undefined));
  if (stored.length === 0) stored.push(undefined);
  const lists = await qc.fetchQuery(watchlistListQuery());
  const ids = new Set(stored.map((s) => chooseWatchlistId(s, lists)).filter((id) => id !== undefined));
  await Promise.all(
    [...ids].map(async (watchlistId) => {
      const members = await qc.fetchQuery(watchlistMembersQuery(watchlistId));
      await Promise.all(
        groupByCategory(watchlistRows(members)).map(async ([category, symbols]) => {
          const snapshots = await qc.fetchQuery(snapshotSeedQuery(category, symbols));
          // Into the quote store as they arrive: the panel's first render shows the prices, where
          // its own seed (an effect after that render) would take a render more.
          useQuoteStore.getState().seed(snapshotQuoteUpdates(snapshots));
        }),
      );
    }),
  );
}
