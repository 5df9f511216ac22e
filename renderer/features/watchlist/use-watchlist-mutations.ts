import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { Watchlist, WatchlistInstrument } from '../../../shared/openapi/records/watchlists';
import { BridgeError, invoke } from '../../lib/bridge';
import { watchlistListQuery, watchlistMembersQuery } from './first-screen';
import type { Category } from '../../../shared/openapi/primitives';

export const listsKey = watchlistListQuery().queryKey;
export const instrumentsKey = (watchlistId: string) => watchlistMembersQuery(watchlistId).queryKey;

export interface SymbolRef {
  symbol: string;
  category: Category;
  name?: string;
}

/** "Could not remove AAPL: RATE_LIMITED — …": names the action and the error code. */
function failureText(action: string, error: unknown): string {
  const code = error instanceof BridgeError ? error.code : 'ERROR';
  const message = error instanceof Error ? error.message : String(error);
  return `Could not ${action}: ${code} — ${message}`;
}

interface Snapshot {
  key: QueryKey;
  data: unknown;
}

/** Apply an optimistic change to one cached query and return how to put it back. */
async function optimistic<T>(qc: QueryClient, key: QueryKey, change: (old: T | undefined) => T | undefined) {
  await qc.cancelQueries({ queryKey: key });
  const data = qc.getQueryData(key);
  qc.setQueryData<T>(key, (old) => change(old));
  return { key, data } satisfies Snapshot;
}

/**
 * Every watchlist write, optimistic with rollback (docs/ui.md, "Watchlists"). Writes to one list
 * share a mutation scope, so TanStack Query runs them one after another in the order issued: a
 * reorder never races an add. After each write the list's queries are refetched (the server's
 * order and sort numbers are the truth), which is also how another window's changes arrive.
 */
export function useWatchlistMutations(onCreated: (w: Watchlist) => void) {
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | undefined>();
  const rollback = (action: string) => (error: unknown, _v: unknown, ctx: Snapshot[] | undefined) => {
    for (const s of ctx ?? []) qc.setQueryData(s.key, s.data);
    setFailure(failureText(action, error));
  };
  const settle = (watchlistId?: string) => () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: listsKey }),
      watchlistId ? qc.invalidateQueries({ queryKey: instrumentsKey(watchlistId) }) : undefined,
    ]);
  const scoped = (id: string) => ({ id: `watchlist:${id}` });

  const create = useMutation({
    scope: { id: 'watchlists' },
    mutationFn: (name: string) => invoke('api.watchlistCreate', { name }),
    onMutate: async (name) => [
      await optimistic<Watchlist[]>(qc, listsKey, (old) => [
        ...(old ?? []),
        { watchlist_id: `pending:${name}`, name, sort: old?.length ?? 0 },
      ]),
    ],
    onSuccess: (w) => onCreated(w),
    onError: rollback('create the watchlist'),
    onSettled: settle(),
  });

  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      invoke('api.watchlistUpdate', { watchlist_id: id, name }),
    onMutate: async ({ id, name }) => [
      await optimistic<Watchlist[]>(qc, listsKey, (old) =>
        old?.map((w) => (w.watchlist_id === id ? { ...w, name } : w)),
      ),
    ],
    onError: rollback('rename the watchlist'),
    onSettled: (_d, _e, v) => settle(v.id)(),
  });

  const remove = useMutation({
    mutationFn: (id: string) => invoke('api.watchlistDelete', { watchlist_id: id }),
    onMutate: async (id) => [
      await optimistic<Watchlist[]>(qc, listsKey, (old) => old?.filter((w) => w.watchlist_id !== id)),
    ],
    onError: rollback('delete the watchlist'),
    onSettled: settle(),
  });

  return { create, rename, remove, failure, setFailure, rollback, settle, scoped, qc };
}

/** Writes to the members of one list, serialised by the list's scope. */
export function useMemberMutations(watchlistId: string, base: ReturnType<typeof useWatchlistMutations>) {
  const { qc, rollback, settle, scoped } = base;
  const key = instrumentsKey(watchlistId);
  const scope = scoped(watchlistId);

  const add = useMutation({
    scope,
    mutationFn: (refs: SymbolRef[]) =>
      invoke('api.watchlistAdd', {
        watchlist_id: watchlistId,
        instruments: refs.map(({ symbol, category }) => ({ symbol, category })),
      }),
    onMutate: async (refs) => [
      await optimistic<WatchlistInstrument[]>(qc, key, (old) => {
        const have = new Set((old ?? []).map((x) => x.symbol));
        let sort = Math.max(-1, ...(old ?? []).map((x) => x.sort)) + 1;
        return [
          ...(old ?? []),
          ...refs
            .filter((r) => !have.has(r.symbol))
            .map((r) => ({
              symbol: r.symbol,
              category: r.category,
              name: r.name,
              instrument_id: '',
              sort: sort++,
            })),
        ];
      }),
    ],
    onError: (e, v, c) => rollback(`add ${v.map((r) => r.symbol).join(', ')}`)(e, v, c),
    onSettled: settle(watchlistId),
  });

  const removeSymbols = useMutation({
    scope,
    mutationFn: (refs: SymbolRef[]) =>
      invoke('api.watchlistRemove', {
        watchlist_id: watchlistId,
        instruments: refs.map(({ symbol, category }) => ({ symbol, category })),
      }),
    onMutate: async (refs) => {
      const gone = new Set(refs.map((r) => r.symbol));
      return [
        await optimistic<WatchlistInstrument[]>(qc, key, (old) => old?.filter((x) => !gone.has(x.symbol))),
      ];
    },
    onError: (e, v, c) => rollback(`remove ${v.map((r) => r.symbol).join(', ')}`)(e, v, c),
    onSettled: settle(watchlistId),
  });

  /** The whole list in its new order (the server numbers `sort` from the order given). */
  const reorder = useMutation({
    scope,
    mutationFn: (refs: SymbolRef[]) =>
      invoke('api.watchlistReorder', {
        watchlist_id: watchlistId,
        instruments: refs.map(({ symbol, category }, sort) => ({ symbol, category, sort })),
      }),
    onMutate: async (refs) => [
      await optimistic<WatchlistInstrument[]>(qc, key, (old) => {
        const bySymbol = new Map((old ?? []).map((x) => [x.symbol, x]));
        return refs.flatMap((r, sort) => {
          const x = bySymbol.get(r.symbol);
          return x ? [{ ...x, sort }] : [];
        });
      }),
    ],
    onError: rollback('reorder the watchlist'),
    onSettled: settle(watchlistId),
  });

  return { add, removeSymbols, reorder };
}
