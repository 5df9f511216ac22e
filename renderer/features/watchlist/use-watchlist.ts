import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useQuoteStore } from '../quotes';
import { groupByCategory, type InstrumentRef } from '../quotes';
import {
  snapshotQuoteRecords,
  snapshotSeedQuery,
  watchlistListQuery,
  watchlistMembersQuery,
} from './first-screen';
import type { Category } from '../../../shared/openapi/primitives';

/** Server state in react-query, keyed by the operation and its input. */
export function useWatchlists() {
  return useQuery(watchlistListQuery());
}

export function useWatchlistInstruments(watchlistId: string | undefined) {
  return useQuery({ ...watchlistMembersQuery(watchlistId ?? ''), enabled: Boolean(watchlistId) });
}

/** One snapshot call per category seeds prices before the first streamed update. */
export function useSnapshotSeed(instruments: readonly InstrumentRef[]) {
  // Grouped once per list (not per render: a 1,000-row list's panel renders as its grid scrolls),
  // then kept by its text, so an equal list passed anew asks for nothing again.
  const key = useMemo(() => JSON.stringify(groupByCategory(instruments)), [instruments]);
  const queries = useMemo(
    () =>
      (JSON.parse(key) as Array<[Category, string[]]>).map(([category, symbols]) =>
        snapshotSeedQuery(category, symbols),
      ),
    [key],
  );
  // The same queries array between renders: TanStack defaults (and hashes) each query only then.
  const results = useQueries({ queries });
  // Seed once per arrival of a reply (not once per render: the results array is new every time).
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  const latest = useRef(results);
  latest.current = results;
  useEffect(() => {
    const data = latest.current.flatMap((r) => r.data ?? []);
    if (data.length === 0) return;
    useQuoteStore.getState().seed(snapshotQuoteRecords(data));
  }, [stamp]);
  return results;
}
