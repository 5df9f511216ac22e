import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isSearchQuery } from '../../shared/ipc/search-query';
import { apiQuery } from './queries';

/** Typing must pause this long before a search goes to main (one search per pause, not per key). */
const PAUSE_MS = 120;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * `instruments.search` for what the user is typing (the palette, the watchlist's add box): asked
 * once typing pauses, only for text the contract accepts (1–32 printable characters), and the
 * hits are shown only while they answer the text as it is now, never a previous one.
 */
export function useInstrumentSearch(text: string, limit: number) {
  const typed = text.trim();
  const query = useDebounced(typed, PAUSE_MS);
  const valid = isSearchQuery(query);
  const results = useQuery(
    apiQuery('instruments.search', { query, limit }, { enabled: valid, staleTime: 60_000 }),
  );
  const current = query === typed;
  return {
    query,
    /** The debounced query is the text as typed now. */
    current,
    hits: valid && current ? (results.data ?? []) : [],
    isFetching: results.isFetching,
    error: results.error,
  };
}
