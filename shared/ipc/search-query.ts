/**
 * The instrument search's query rule, without a schema library: the watchlist's add box on the
 * first screen checks what is typed before asking main, without evaluating zod (docs/ui.md
 * "Start"). instrumentSearchInput (instrument-search.ts) is built from the same values.
 */
export const SEARCH_QUERY = {
  max: 32,
  printable: /^[\x20-\x7e]+$/,
  empty: 'query is required',
  tooLong: 'query is at most 32 characters',
  unprintable: 'query must be printable characters',
} as const;

/** True when main accepts `query` as a search (1–32 printable ASCII characters). */
export function isSearchQuery(query: string): boolean {
  return query.length >= 1 && query.length <= SEARCH_QUERY.max && SEARCH_QUERY.printable.test(query);
}
