import { useEffect } from 'react';
import { subscribe } from '../../lib/bridge';
import { useQuoteStore } from './quote-store';
import type { Category } from '../../../shared/openapi/primitives';
import type { QuoteLevel } from '../../../shared/ipc/streams';

export interface InstrumentRef {
  symbol: string;
  category: string;
}

/**
 * The category a quote is asked and shown under: the API routes an ETF apart, and every other
 * instrument a watchlist, a mover or a link carries as a stock.
 */
export const quoteCategory = (category: string | null | undefined): Category =>
  category === 'US_ETF' ? 'US_ETF' : 'US_STOCK';

/** Symbols grouped by the category the API routes them under (one category per call). */
export function groupByCategory(instruments: readonly InstrumentRef[]): Array<[Category, string[]]> {
  const groups = new Map<Category, Set<string>>();
  for (const i of instruments) {
    const category: Category = quoteCategory(i.category);
    const set = groups.get(category) ?? new Set<string>();
    set.add(i.symbol);
    groups.set(category, set);
  }
  return [...groups].map(([c, s]) => [c, [...s].sort()]);
}

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
 * (rows: best bid/ask, never the book) or `depth` (a panel that shows the ladder).
 */
export function useQuoteSubscription(instruments: readonly InstrumentRef[], level: QuoteLevel = 'top'): void {
  const key = JSON.stringify(quoteSubscriptionGroups(instruments));
  useEffect(() => {
    const groups = JSON.parse(key) as Array<[Category, string[]]>;
    const { applyBatch } = useQuoteStore.getState();
    const offs = groups.map(([category, symbols]) =>
      subscribe('quotes', { symbols, category, subTypes: ['SNAPSHOT', 'QUOTE'], level }, applyBatch),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [key, level]);
}
