import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuoteUpdate } from '../../../shared/ipc/streams';
import { invoke } from '../../lib/bridge';
import { useQuoteStore } from '../quotes/quote-store';
import { groupByCategory, type InstrumentRef } from '../quotes/use-quotes';
import type { Category } from '../../../shared/openapi/primitives';

/** Server state in react-query, keyed by the operation and its input (STYLE.md habit 3). */
export function useWatchlists() {
  return useQuery({ queryKey: ['api.watchlistList', {}], queryFn: () => invoke('api.watchlistList') });
}

export function useWatchlistInstruments(watchlistId: string | undefined) {
  return useQuery({
    queryKey: ['api.watchlistInstruments', { watchlist_id: watchlistId }],
    queryFn: () => invoke('api.watchlistInstruments', { watchlist_id: watchlistId ?? '' }),
    enabled: Boolean(watchlistId),
  });
}

/** One snapshot call per category seeds prices before the first streamed update. */
export function useSnapshotSeed(instruments: readonly InstrumentRef[]) {
  const key = JSON.stringify(groupByCategory(instruments));
  const query = useQuery({
    queryKey: ['api.snapshot', key],
    queryFn: async () => {
      const groups = JSON.parse(key) as Array<[Category, string[]]>;
      const replies = await Promise.all(
        groups.map(([category, symbols]) => invoke('api.snapshot', { symbols, category })),
      );
      return replies.flat();
    },
    enabled: key !== '[]',
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!query.data) return;
    const updates: QuoteUpdate[] = query.data.map((s) => ({
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
    useQuoteStore.getState().seed(updates);
  }, [query.data]);
  return query;
}
