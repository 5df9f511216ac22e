import type { ColumnId } from './columns';

/** What a watchlist panel keeps in the workspace file (the registry declares it without loading the panel). */
export type WatchlistSettings = {
  watchlistId?: string;
  columns?: ColumnId[];
  dense?: boolean;
  /** Column widths the user dragged (px); a column without one takes its share of the width. */
  columnWidths?: Partial<Record<ColumnId, number>>;
  /** The column order the user set by dragging a header or Alt+←/→ (the symbol stays first). */
  columnOrder?: ColumnId[];
  extendedHours?: boolean;
};
