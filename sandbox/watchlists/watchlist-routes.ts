import type { MarketView } from '../market/market-view';
import { type RouteTable, SandboxError, badParameter, notFound } from '../http/route-types';
import type { JsonFile } from '../store/atomic-json';
import { type WatchlistFile, type WatchlistState, instrumentsView, watchlistView } from './watchlist-store';

/**
 * The eight watchlist operations (docs/openapi-client.md). Every change is persisted with an atomic
 * write before the reply goes out, so an acknowledged change survives a crash.
 */
export function createWatchlistRoutes(
  market: MarketView,
  file: JsonFile<WatchlistFile>,
  /** Wall clock for created_at/updated_at: a user's edit happens now, not in a replayed session. */
  clock: () => number,
): RouteTable {
  const lists = () => file.get().watchlists;
  const find = (id: string): WatchlistState => {
    const w = lists().find((x) => x.watchlist_id === id);
    if (!w) throw notFound(`Watchlist '${id}'`);
    return w;
  };
  const replace = async (next: WatchlistState, extra: Partial<WatchlistFile> = {}) => {
    const current = file.get();
    await file.save({
      ...current,
      ...extra,
      watchlists: current.watchlists.map((w) => (w.watchlist_id === next.watchlist_id ? next : w)),
    });
  };
  const assertUniqueName = (name: string, exceptId?: string) => {
    if (lists().some((w) => w.name === name && w.watchlist_id !== exceptId)) {
      throw new SandboxError(409, 'WATCHLIST_NAME_TAKEN', `A watchlist named '${name}' already exists`);
    }
  };

  return {
    watchlistList: () => [...lists()].sort((a, b) => a.sort - b.sort).map(watchlistView),

    watchlistCreate: async (params) => {
      assertUniqueName(params.name);
      const current = file.get();
      const now = clock();
      const sort = params.sort ?? current.watchlists.reduce((max, w) => Math.max(max, w.sort + 1), 0);
      const created: WatchlistState = {
        watchlist_id: `WL${current.nextId}`,
        name: params.name,
        sort,
        created_at: now,
        updated_at: now,
        instruments: [],
      };
      await file.save({ nextId: current.nextId + 1, watchlists: [...current.watchlists, created] });
      return watchlistView(created);
    },

    watchlistUpdate: async (params) => {
      const w = find(params.watchlist_id);
      if (params.name === undefined && params.sort === undefined)
        throw badParameter('name', 'give a new name or sort');
      if (params.name !== undefined) assertUniqueName(params.name, w.watchlist_id);
      const next = { ...w, name: params.name ?? w.name, sort: params.sort ?? w.sort, updated_at: clock() };
      await replace(next);
      return watchlistView(next);
    },

    watchlistDelete: async (params) => {
      find(params.watchlist_id);
      const current = file.get();
      await file.save({
        ...current,
        watchlists: current.watchlists.filter((w) => w.watchlist_id !== params.watchlist_id),
      });
      return { watchlist_id: params.watchlist_id, deleted: true };
    },

    watchlistInstruments: (params) => instrumentsView(find(params.watchlist_id)),

    watchlistAdd: async (params) => {
      const w = find(params.watchlist_id);
      const entries = params.instruments.map((ref, i) => {
        const entry = market.lookup(ref.symbol);
        if (!entry) throw badParameter(`instruments[${i}].symbol`, `unknown symbol '${ref.symbol}'`);
        return entry;
      });
      const instruments = [...w.instruments];
      let nextSort = instruments.reduce((max, x) => Math.max(max, x.sort + 1), 0);
      for (const entry of entries) {
        if (instruments.some((x) => x.symbol === entry.symbol)) continue; // already there: adding is idempotent
        instruments.push({
          symbol: entry.symbol,
          instrument_id: entry.instrument_id,
          category: entry.category,
          name: entry.name,
          sort: nextSort++,
        });
      }
      const next = { ...w, instruments, updated_at: clock() };
      await replace(next);
      return instrumentsView(next);
    },

    watchlistRemove: async (params) => {
      const w = find(params.watchlist_id);
      const gone = new Set(params.instruments.map((r) => r.symbol));
      const next = {
        ...w,
        instruments: w.instruments.filter((x) => !gone.has(x.symbol)),
        updated_at: clock(),
      };
      await replace(next);
      return instrumentsView(next);
    },

    // "Update sort order": the order given becomes `sort`; members not named keep their order after them.
    watchlistReorder: async (params) => {
      const w = find(params.watchlist_id);
      const current = instrumentsView(w);
      const named = params.instruments.map((ref, i) => {
        const member = current.find((x) => x.symbol === ref.symbol);
        if (!member)
          throw badParameter(
            `instruments[${i}].symbol`,
            `'${ref.symbol}' is not in watchlist '${w.watchlist_id}'`,
          );
        return member;
      });
      const rest = current.filter((x) => !named.includes(x));
      const instruments = [...new Set([...named, ...rest])].map((x, sort) => ({ ...x, sort }));
      const next = { ...w, instruments, updated_at: clock() };
      await replace(next);
      return instrumentsView(next);
    },
  };
}
