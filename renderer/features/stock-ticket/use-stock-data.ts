import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '../../../shared/openapi/wire-constants';
import { apiQuery } from '../../lib/queries';
import { livePrice, useLiveQuote, useQuoteSubscription } from '../quotes';

/**
 * The stock ticket's market: bid, ask and last from the quote stream (the snapshot until the first
 * quote, as every panel shows one price per symbol), and the instrument record (whether it may be
 * sold short) from the instruments list.
 */
export function useStockData(symbol: string, category: Category = 'US_STOCK') {
  const enabled = symbol !== '';
  const snapshot = useQuery(
    apiQuery('api.snapshot', { symbols: [symbol], category }, { enabled, staleTime: 30_000 }),
  );
  const ref = useMemo(() => (enabled ? [{ symbol, category }] : []), [enabled, symbol, category]);
  useQuoteSubscription(ref);
  const live = useLiveQuote(enabled ? symbol : undefined);
  const snap = snapshot.data?.[0];
  const instrument = useQuery(
    apiQuery('api.instruments', { symbols: [symbol], category }, { enabled, staleTime: 5 * 60_000 }),
  );
  return {
    snapshot,
    bid: live?.bid ?? snap?.bid,
    ask: live?.ask ?? snap?.ask,
    last: livePrice(live, snap?.price),
    instrument: instrument.data?.find((i) => i.symbol === symbol),
  };
}
