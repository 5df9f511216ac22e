import type { Category } from '../openapi/primitives';
import type { Snapshot } from '../openapi/records/market';
import type { Watchlist, WatchlistInstrument } from '../openapi/records/watchlists';
import type { WorkspaceState } from './workspace';

/**
 * What the first screen's watchlists need, decided the same way in main (which asks for it as the
 * session starts) and in the renderer (whose panels read it from their query cache): which lists,
 * their members in list order, and their symbols grouped one snapshot call per category
 * (docs/ui.md "Start"). Types only from the catalogue: the renderer's first screen evaluates no zod.
 */
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

/** Symbols grouped by the category the API routes them under (one category per call), each group sorted. */
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

/** The list a watchlist panel shows: its stored choice while that list exists, else the first. */
export function chooseWatchlistId(
  stored: string | undefined,
  lists: readonly Pick<Watchlist, 'watchlist_id'>[] | undefined,
): string | undefined {
  return stored && lists?.some((w) => w.watchlist_id === stored) ? stored : lists?.[0]?.watchlist_id;
}

/** A list's members in the list's own order. */
export function inListOrder(instruments: readonly WatchlistInstrument[] | undefined): WatchlistInstrument[] {
  return [...(instruments ?? [])].sort((a, b) => a.sort - b.sort);
}

/**
 * The stored choice of each watchlist panel a workspace opens (undefined: the first list). A
 * workspace with no saved layout opens the default one, which holds one watchlist panel with no
 * choice (renderer/shell/workspace/default-layout.ts; a test there holds the two together).
 */
export function watchlistChoices(state: WorkspaceState): Array<string | undefined> {
  if (state.layout === null) return [undefined];
  return Object.values(state.panels)
    .filter((p) => p.panel === 'watchlist')
    .map((p) => (typeof p.settings.watchlistId === 'string' ? p.settings.watchlistId : undefined));
}

/**
 * `watchlist.firstScreen`'s reply: the same values the renderer's `api.watchlistList`,
 * `api.watchlistInstruments` and `api.snapshot` calls return, for the lists the workspace shows.
 * A part that failed is left out: the panel asks for it itself and shows its error.
 */
export interface FirstScreen {
  lists: Watchlist[];
  members: Array<{ watchlistId: string; instruments: WatchlistInstrument[] }>;
  snapshots: Array<{ category: Category; symbols: string[]; snapshots: Snapshot[] }>;
}
