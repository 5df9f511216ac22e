import type { WatchlistGridProps } from './WatchlistGrid';

/**
 * The grid's props for the jsdom cases that render it alone: a list's label, no rows, no sort,
 * normal density and handlers that do nothing. Each case spreads them and sets what it tests.
 */
export const GRID_PROPS: WatchlistGridProps = {
  label: 'Watchlist Core',
  rows: [],
  columns: [],
  sort: undefined,
  onSort: () => undefined,
  dense: false,
  onChoose: () => undefined,
  onRemove: () => undefined,
  onMove: () => undefined,
};
