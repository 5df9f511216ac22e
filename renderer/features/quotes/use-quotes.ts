import { useEffect, useMemo } from 'react';
import { subscribe } from '../../lib/bridge';
import { useQuoteStore } from './quote-store';
import type { Category } from '../../../shared/openapi/primitives';
import type { QuoteLevel } from '../../../shared/ipc/streams';
import { groupByCategory, type InstrumentRef } from '../../../shared/ui/first-watchlists';

// Shared with main, which asks for the first screen's snapshots grouped the same way.
export { groupByCategory, quoteCategory, type InstrumentRef } from '../../../shared/ui/first-watchlists';

/** The most symbols one `quotes` subscription may name (shared/ipc/streams.ts). */
const MAX_SYMBOLS_PER_SUBSCRIPTION = 500;

/** Per-category groups cut to what one `quotes` subscription accepts (a 1,000-symbol watchlist is several). */
export function quoteSubscriptionGroups(instruments: readonly InstrumentRef[]): Array<[Category, string[]]> {
  return groupByCategory(instruments).flatMap(([category, symbols]) => {
    const parts: Array<[Category, string[]]> = [];
    for (let i = 0; i < symbols.length; i += MAX_SYMBOLS_PER_SUBSCRIPTION)
      parts.push([category, symbols.slice(i, i + MAX_SYMBOLS_PER_SUBSCRIPTION)]);
    return parts;
  });
}

/**
 * Live quotes for `instruments` into the store while the component is mounted. `level`: `top`
 * (rows: best bid/ask, never the book), `depth` (a panel that shows the ladder) or `hold` (kept
 * streaming in main, nothing sent here: a list's rows off screen, docs/streaming.md "Rows off screen").
 */
export function useQuoteSubscription(
  instruments: readonly InstrumentRef[],
  level: QuoteLevel | 'hold' = 'top',
): void {
  // Grouped once per list (not per render: a 1,000-row list's panel renders as its grid scrolls),
  // then kept by its text, so an equal list passed anew does not subscribe again.
  const key = useMemo(() => JSON.stringify(quoteSubscriptionGroups(instruments)), [instruments]);
  useEffect(() => {
    const groups = JSON.parse(key) as Array<[Category, string[]]>;
    const { applyBatch } = useQuoteStore.getState();
    const hold = level === 'hold';
    const offs = groups.map(([category, symbols]) =>
      subscribe(
        'quotes',
        { symbols, category, subTypes: ['SNAPSHOT', 'QUOTE'], level: hold ? 'top' : level, hold },
        applyBatch,
      ),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [key, level]);
}
