/**
 * The palette's matching (cmdk's `filter`): every word typed must begin a word of the entry's
 * label or keywords. cmdk's default scores any scattered subsequence, so "cancel" found "Chart:
 * Log scale" (c…a…n…c…e…l across its words) above anything about orders. A label that begins
 * with what is typed ranks first, then one whose own words match, then one matched by keywords.
 */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9%&]+/)
    .filter(Boolean);

export function paletteFilter(value: string, search: string, keywords: readonly string[] = []): number {
  const typed = search.trim().toLowerCase();
  if (typed === '') return 1;
  // A symbol hit carries the query it was found by: the server already matched it.
  if (keywords.some((k) => k.trim().toLowerCase() === typed)) return 1;
  const tokens = words(typed);
  if (tokens.length === 0) return 0;
  const label = value.toLowerCase();
  const own = words(value);
  const all = [...own, ...keywords.flatMap(words)];
  const begins = (pool: string[]) => tokens.every((t) => pool.some((w) => w.startsWith(t)));
  if (label.startsWith(typed)) return 1;
  if (begins(own)) return 0.8;
  if (begins(all)) return 0.5;
  return 0;
}
