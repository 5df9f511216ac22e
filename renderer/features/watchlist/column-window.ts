import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useMemo, type CSSProperties, type RefObject } from 'react';
import type { ColumnDef } from './columns';

/** The drag handle's and the remove button's columns, each side of the data columns (px). */
export const EDGE_COLUMN_PX = 24;

/** Columns rendered past each edge of the scroller's view, so a short sideways scroll shows no gap. */
const COLUMN_OVERSCAN = 1;

/** The grid's narrowest width: every column at its own width, and the two edge columns. */
export function gridMinWidth(columns: readonly ColumnDef[]): number {
  return 2 * EDGE_COLUMN_PX + columns.reduce((sum, c) => sum + c.width, 0);
}

/**
 * The data columns a row renders, by index into `columns`: `undefined` while the scroller is as wide
 * as the grid, when every column is in view and each row renders them all. Narrower, the grid
 * scrolls sideways and each row renders only the columns in view and one past each edge (TanStack
 * Virtual, horizontal, on the grid's own scroller), the symbol column always (it is frozen), and the
 * keyboard's focused column, so the cell focus moves to is there to take it. A row's work (render,
 * style, layout, paint) follows its cells: in a panel 560 px wide over 902 px of columns, each row
 * drew three of its eleven data columns past the edge (docs/ui.md "Watchlists").
 *
 * The array is the same object while the set is the same, so memoised rows do not render again
 * on a scroll that shows the same columns.
 */
export function useColumnWindow(
  scroller: RefObject<HTMLElement | null>,
  columns: readonly ColumnDef[],
  width: number | undefined,
  /** The focused data column's index into `columns`, if the focus is on one. */
  focused: number | undefined,
): readonly number[] | undefined {
  // Narrower than its columns, every track is at its own width (`minmax(width, …)` with no room
  // left over), so each column's place follows from the widths: what the virtualiser is told.
  const sideways = width !== undefined && width < gridMinWidth(columns);
  const getItemKey = useCallback((i: number) => `${columns[i]?.id}:${columns[i]?.width}`, [columns]);
  const rangeExtractor = useCallback(
    (range: Range) => withPinned(defaultRangeExtractor(range), focused),
    [focused],
  );
  const virtualizer = useVirtualizer({
    horizontal: true,
    enabled: sideways,
    count: columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => columns[i]?.width ?? 0,
    getItemKey,
    paddingStart: EDGE_COLUMN_PX,
    paddingEnd: EDGE_COLUMN_PX,
    overscan: COLUMN_OVERSCAN,
    rangeExtractor,
  });
  const key = sideways ? virtualizer.getVirtualIndexes().join(',') : undefined;
  return useMemo(() => (key === undefined ? undefined : key.split(',').filter(Boolean).map(Number)), [key]);
}

/** The range's indexes with the frozen symbol column (index 0) and the focused column, in order. */
export function withPinned(indexes: readonly number[], focused: number | undefined): number[] {
  const all = new Set(indexes);
  all.add(0);
  if (focused !== undefined && focused >= 0) all.add(focused);
  return [...all].sort((a, b) => a - b);
}

/**
 * A cell's grid column when some of the row's cells are not rendered (1 is the drag handle's), so
 * each lands on its own track. One object a column, made once: a recycled cell keeps its object,
 * and React compares nothing for it.
 */
const placements: CSSProperties[] = [];
export function placement(gridColumn: number): CSSProperties {
  return (placements[gridColumn] ??= { gridColumn: String(gridColumn) });
}

/** The remove button's cell: the last track, whichever columns are rendered. */
export const LAST_TRACK: CSSProperties = { gridColumn: '-2' };
