import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Reordering rows without a drop target a row (docs/ui.md "Watchlists"): rows are all one height,
 * so where a lifted row would land is its own index moved by the drag's vertical distance in rows
 * (to the nearest row centre, as dnd-kit's `closestCenter` chose among per-row targets), kept
 * inside the list. No row registers as a drop target, so a row mounting in a scroll changes no
 * shared state and re-renders no other row.
 */
export function dropIndex(from: number, deltaY: number, rowHeight: number, count: number): number {
  if (count <= 0 || rowHeight <= 0) return from;
  const moved = from + Math.round(deltaY / rowHeight);
  return Math.max(0, Math.min(count - 1, moved));
}

/** Where the insertion line goes while `from` is lifted over `to`: the edge of `to` it would take. */
export function dropLineTop(from: number, to: number, rowHeight: number): number {
  return (to > from ? to + 1 : to) * rowHeight;
}

/** dnd-kit's keyboard sensor, a row at a time: ↑/↓ move the lifted row one row height. */
export function rowKeyboardCoordinates(rowHeight: number): KeyboardCoordinateGetter {
  return (event, { currentCoordinates }) => {
    if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + rowHeight };
    if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - rowHeight };
    return undefined;
  };
}
