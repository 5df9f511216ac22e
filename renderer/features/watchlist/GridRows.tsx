import { useDraggable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { dropLineTop } from './row-drag';
import { RowLayer, type CellPosition, type GridRowsView } from './row-layer';
import type { GridRow } from './row-view';
import styles from './Watchlist.module.css';

export type { CellPosition } from './row-layer';
export type { GridRow } from './row-view';

/** Stable: reads the grid's latest handlers, so a new parent callback changes nothing here. */
interface RowActions {
  choose(row: GridRow): void;
  remove(row: GridRow): void;
}

export interface GridBodyProps extends GridRowsView {
  setFocus(f: CellPosition): void;
  /** Renders left in which to move the focus to `focus`'s cell: set by the grid, counted down here. */
  pendingFocus: RefObject<number>;
  /** The lifted row's index and the index it would be dropped at, while a row is dragged. */
  drag: { from: number; to: number } | undefined;
  actions: RowActions;
  scroller: RefObject<HTMLDivElement | null>;
  /** Set to the rows' `scrollToIndex`, for the grid's keyboard. */
  scrollTo: RefObject<((index: number) => void) | undefined>;
  onRenderedRange?(first: number, last: number): void;
}

/** The row an event happened in, by its place in the list. */
function rowOf(
  e: SyntheticEvent,
  rows: readonly GridRow[],
): { row: GridRow; index: number; el: Element } | undefined {
  const el = (e.target as Element).closest('[role="row"][data-symbol]');
  const index = Number(el?.getAttribute('aria-rowindex')) - 2;
  const row = rows[index];
  return el && row && row.symbol === el.getAttribute('data-symbol') ? { row, index, el } : undefined;
}

/**
 * The grid's rows, virtualised (TanStack Virtual on the grid's scroller) and written by a row layer
 * outside React (row-layer.ts): this component renders one row group and hands the layer what to
 * show after each render. A component of its own below dnd-kit's context: a scroll renders it on
 * every frame, and rendered from the grid it rendered dnd-kit's provider too (docs/ui.md
 * "Watchlists").
 */
export function GridBody(props: GridBodyProps) {
  const { rows, height, drag, scroller, actions, setFocus } = props;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => height,
    overscan: 12,
    initialRect: { width: 800, height: 480 },
  });
  const { scrollTo } = props;
  useLayoutEffect(() => {
    scrollTo.current = (index) => virtualizer.scrollToIndex(index);
  }, [scrollTo, virtualizer]);
  const rendered = virtualizer.getVirtualItems();
  const group = useRef<HTMLDivElement>(null);
  const [layer, setLayer] = useState<RowLayer>();
  useLayoutEffect(() => {
    if (!group.current) return undefined;
    const made = new RowLayer(group.current);
    setLayer(made);
    return () => made.destroy();
  }, []);
  const describedBy = useRef<string>(undefined);
  const lifted = drag ? rows[drag.from]?.symbol : undefined;
  useLayoutEffect(() => {
    layer?.render({
      rows,
      items: rendered,
      height,
      columns: props.columns,
      shown: props.shown,
      selected: props.selected,
      sorted: props.sorted,
      focus: props.focus,
      scrolling: virtualizer.isScrolling,
      lifted,
      dropTop: drag && drag.to !== drag.from ? dropLineTop(drag.from, drag.to, height) : undefined,
      describedBy: describedBy.current,
    });
  });
  const firstRendered = rendered[0]?.index ?? 0;
  const lastRendered = rendered[rendered.length - 1]?.index ?? -1;
  const onRange = useRef(props.onRenderedRange);
  onRange.current = props.onRenderedRange;
  useEffect(() => {
    onRange.current?.(firstRendered, lastRendered);
  }, [firstRendered, lastRendered]);

  const { pendingFocus, focus: f } = props;
  useEffect(() => {
    if (pendingFocus.current <= 0) return;
    pendingFocus.current--;
    // A row scrolled into view is written a frame later: try again on the next renders.
    const cell = scroller.current?.querySelector<HTMLElement>(
      `[aria-rowindex="${f.r + 2}"] [data-col="${f.c}"]`,
    );
    if (!cell) return;
    pendingFocus.current = 0;
    cell.focus();
  });

  // The row whose handle a pointer or key went down on: dnd-kit's draggable is that row's.
  const [armed, setArmed] = useState<{ symbol: string; el: HTMLElement }>();
  const listeners = useRef<DragListeners>(undefined);
  const onHandle = (e: PointerEvent | KeyboardEvent, kind: keyof DragListeners) => {
    if (props.sorted || !(e.target as Element).closest('[data-drag-handle]')) return;
    const at = rowOf(e, rows);
    if (!at || !(at.el instanceof HTMLElement)) return;
    const el = at.el;
    // Armed now, before dnd-kit sees the event: its activator looks the row up by its id.
    if (armed?.symbol !== at.row.symbol || armed.el !== el)
      flushSync(() => setArmed({ symbol: at.row.symbol, el }));
    (listeners.current?.[kind] as ((e: SyntheticEvent) => void) | undefined)?.(e);
  };

  return (
    <>
      <div
        ref={group}
        role="rowgroup"
        className={styles.body}
        style={{ height: virtualizer.getTotalSize() }}
        onClick={(e) => {
          const at = rowOf(e, rows);
          if (!at) return;
          if ((e.target as Element).closest('[data-remove]')) actions.remove(at.row);
          else actions.choose(at.row);
        }}
        // One handler for every cell (focus bubbles in React): each cell names its column in
        // `data-col`, and its row its place in `aria-rowindex`.
        onFocus={(e) => {
          const at = rowOf(e, rows);
          const c = Number((e.target as HTMLElement).closest('[data-col]')?.getAttribute('data-col'));
          if (at && Number.isInteger(c)) setFocus({ r: at.index, c });
        }}
        onPointerDown={(e) => onHandle(e, 'onPointerDown')}
        onKeyDown={(e) => onHandle(e, 'onKeyDown')}
      />
      <RowDragSource armed={armed} sorted={props.sorted} listeners={listeners} describedBy={describedBy} />
    </>
  );
}

type DragListeners = Partial<Record<'onPointerDown' | 'onKeyDown', (e: SyntheticEvent) => void>>;

/**
 * dnd-kit's one draggable for the rows: the armed row's element is its node, its listeners are
 * called by the row group's handlers, and while it is lifted its element takes dnd-kit's transform
 * (`top` places the row; `transform` is dnd-kit's alone, which measures rows without it). No row is
 * a drop target (row-drag.ts).
 */
const RowDragSource = memo(function RowDragSource({
  armed,
  sorted,
  listeners,
  describedBy,
}: {
  armed: { symbol: string; el: HTMLElement } | undefined;
  sorted: boolean;
  listeners: RefObject<DragListeners | undefined>;
  describedBy: RefObject<string | undefined>;
}) {
  const drag = useDraggable({ id: armed?.symbol ?? '', disabled: sorted || !armed });
  const { setNodeRef } = drag;
  useLayoutEffect(() => {
    listeners.current = drag.listeners as DragListeners | undefined;
    describedBy.current = drag.attributes['aria-describedby'];
  });
  useLayoutEffect(() => setNodeRef(armed?.el ?? null), [armed, setNodeRef]);
  const y = drag.transform?.y;
  const lifted = drag.isDragging;
  useLayoutEffect(() => {
    const el = armed?.el;
    if (!el) return undefined;
    el.classList.toggle(styles.dragging ?? 'dragging', lifted);
    el.style.transform = lifted && y !== undefined ? `translate3d(0, ${y}px, 0)` : '';
    const handle = el.querySelector('[data-drag-handle]');
    if (lifted) handle?.setAttribute('aria-pressed', 'true');
    else handle?.removeAttribute('aria-pressed');
    return undefined;
  }, [armed, lifted, y]);
  return null;
});
