import type { QueryClient } from '@tanstack/react-query';
import type { Category } from '../../../shared/openapi/primitives';
import type { Snapshot } from '../../../shared/openapi/records/market';
import type { WatchlistInstrument } from '../../../shared/openapi/records/watchlists';
import { apiQuery } from '../../lib/queries';
import type { QuoteRecord } from '../../../shared/ipc/streams';
import { quoteFromSnapshot } from '../../../shared/ipc/snapshot-quote';
import { useQuoteStore } from '../quotes';
import { inListOrder, quoteCategory } from '../../../shared/ui/first-watchlists';
import { invoke } from '../../lib/bridge';

export { chooseWatchlistId } from '../../../shared/ui/first-watchlists';

export interface WatchlistRow {
  symbol: string;
  name?: string;
  category: Category;
}

/** A list's members as rows, in the list's own order. */
export function watchlistRows(instruments: readonly WatchlistInstrument[] | undefined): WatchlistRow[] {
  return inListOrder(instruments).map((x) => ({
    symbol: x.symbol,
    name: x.name,
    category: quoteCategory(x.category),
  }));
}

/** The watchlists and one list's members: the same cache entries for the panel, its writes and the prefetch. */
export const watchlistListQuery = () => apiQuery('api.watchlistList', {});
export const watchlistMembersQuery = (watchlistId: string) =>
  apiQuery('api.watchlistInstruments', { watchlist_id: watchlistId });

/** One snapshot call per category: the seed of a watchlist's prices (the panel and the prefetch share the key). */
export const snapshotSeedQuery = (category: Category, symbols: string[]) =>
  apiQuery('api.snapshot', { symbols, category }, { staleTime: 60_000 });

/**
 * Snapshots as the quote store's seed: what a row shows before the first streamed update, through
 * the one snapshot mapping main uses too (shared/ipc/snapshot-quote.ts). A seed's `time` is its
 * last trade's: any streamed record is newer.
 */
export function snapshotQuoteRecords(snapshots: readonly Snapshot[]): QuoteRecord[] {
  return snapshots.map((s) =>
    quoteFromSnapshot(s.symbol, s.last_trade_time, { ...s, trade_time: s.last_trade_time }),
  );
}

/**
 * The watchlists the first screen shows, in one call that goes out as the code starts
 * (docs/ui.md "Start"): main decides the lists from the active workspace as the panels do
 * (shared/ui/first-watchlists.ts), and has usually asked for them already when the session
 * started. Each part goes into the cache entry the panel reads, and the snapshots into the quote
 * store. Errors are left to the panel, which asks again and shows them.
 */
export async function prefetchFirstScreen(qc: QueryClient): Promise<void> {
  const first = await invoke('watchlist.firstScreen', {});
  // A panel that already has its own answer keeps it (it may be newer).
  const fill = <T>(key: readonly unknown[], value: T) => {
    if (qc.getQueryData(key) === undefined) qc.setQueryData(key, value);
  };
  fill(watchlistListQuery().queryKey, first.lists);
  for (const m of first.members) fill(watchlistMembersQuery(m.watchlistId).queryKey, m.instruments);
  for (const s of first.snapshots) {
    fill(snapshotSeedQuery(s.category, s.symbols).queryKey, s.snapshots);
    // Into the quote store at once: the panel's first render shows the prices, where its own seed
    // (an effect after that render) would take a render more.
    useQuoteStore.getState().seed(snapshotQuoteRecords(s.snapshots));
  }
}
