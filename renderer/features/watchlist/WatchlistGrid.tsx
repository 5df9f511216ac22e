import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { fitColumns, type ColumnDef, type ColumnId, type SortState } from './columns';
import styles from './Watchlist.module.css';
import { ColumnResizer } from './ColumnResizer';
import { EDGE_COLUMN_PX, gridMinWidth, useColumnWindow } from './column-window';
import { GridBody, type CellPosition, type GridRow } from './GridRows';
import { dropIndex, rowKeyboardCoordinates } from './row-drag';

export type { GridRow } from './GridRows';

export interface WatchlistGridProps {
  label: string;
  rows: readonly GridRow[];
  columns: readonly ColumnDef[];
  sort: SortState;
  onSort(column: ColumnId): void;
  dense: boolean;
  selected?: string;
  onChoose(row: GridRow): void;
  onRemove(row: GridRow): void;
  /** `A` on a row: set a price alert on its instrument (docs/ui.md "Alerts"). */
  onAlert?(row: GridRow): void;
  /** Move a row to another index of the shown order (only offered while no column sort is on). */
  onMove(from: number, to: number): void;
  /** A column's width set by its header's resize handle; `undefined` gives it its own width back. */
  onResize?(column: ColumnId, width: number | undefined): void;
  /**
   * Move column `id` to position `to` of the columns shown (`shown`, in their order): a header
   * dragged, or Alt+←/→ on it. The symbol column is frozen first and offers neither.
   */
  onMoveColumn?(shown: ColumnId[], id: ColumnId, to: number): void;
  /** The rows rendered (on screen and the overscan), first and last index: told when it changes. */
  onRenderedRange?(first: number, last: number): void;
}

/** A drag starts after the pointer moves 4 px, so a click still clicks (one object: see `sensors`). */
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };

/** An element's width, kept current (undefined before layout or without ResizeObserver). */
function useWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The watchlist grid (role="grid", roving tabindex): arrows move between cells, Enter links the
 * row's instrument, Delete removes it, A sets a price alert on it, Alt+↑/↓ moves it; the handle drags with the mouse or, with
 * dnd-kit's keyboard sensor, Space to lift, arrows, Space to drop. Rows are virtualised.
 */
export function WatchlistGrid(props: WatchlistGridProps) {
  const { rows, dense } = props;
  const height = dense ? 22 : 28;
  const scroller = useRef<HTMLDivElement>(null);
  const width = useWidth(scroller);
  const columns = useMemo(() => fitColumns(props.columns, width), [props.columns, width]);
  const [focus, setFocusState] = useState<CellPosition>({ r: 0, c: 1 });
  /** Renders left in which to move focus to the chosen cell (bounded: never steal focus later). */
  const pendingFocus = useRef(0);
  /** The lifted row's index and the index it would be dropped at, while a row is dragged. */
  const [drag, setDragState] = useState<{ from: number; to: number }>();
  // Read by dnd-kit's announcements, which run after the handlers and before the next render.
  const dragNow = useRef(drag);
  const setDrag = (d: { from: number; to: number } | undefined) => {
    dragNow.current = d;
    setDragState(d);
  };
  const dragging = drag !== undefined;
  const lastCol = columns.length + 1;
  const r = Math.min(focus.r, Math.max(0, rows.length - 1));
  const f = { r, c: Math.min(focus.c, lastCol) };
  const shownColumns = useColumnWindow(
    scroller,
    columns,
    width,
    f.c >= 1 && f.c < lastCol ? f.c - 1 : undefined,
  );
  /** The rows' `scrollToIndex` (GridBody sets it). */
  const scrollTo = useRef<(index: number) => void>(undefined);
  // Options kept the same objects between renders: dnd-kit rebuilds its activators, and so its
  // context and every row reading it, when a sensor's options object is new.
  const keyboardOptions = useMemo(() => ({ coordinateGetter: rowKeyboardCoordinates(height) }), [height]);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const latest = useRef(props);
  latest.current = props;
  const actions = useMemo(
    () => ({
      choose: (row: GridRow) => latest.current.onChoose(row),
      remove: (row: GridRow) => latest.current.onRemove(row),
    }),
    [],
  );
  // The handle and symbol columns are frozen (sticky) only while the grid is scrolled sideways: at
  // the left edge they are where sticky would put them, and a sticky cell is a composited layer of
  // its own, two a row, whose layerization dominated every frame of a vertical scroll
  // (docs/ui.md "Watchlists"). Set outside React: a scroll event renders nothing for it.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const onScroll = () => el.toggleAttribute('data-sideways', el.scrollLeft > 0);
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const move = (next: { r: number; c: number }) => {
    const clamped = {
      r: Math.max(0, Math.min(rows.length - 1, next.r)),
      c: Math.max(0, Math.min(lastCol, next.c)),
    };
    scrollTo.current?.(clamped.r);
    pendingFocus.current = 4;
    setFocusState(clamped);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (dragging || e.defaultPrevented || rows.length === 0) return;
    const onHandle = (e.target as HTMLElement).closest('[data-drag-handle]');
    const row = rows[f.r];
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      if (props.sort || !row) return;
      const to = f.r + (e.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= rows.length) return;
      props.onMove(f.r, to);
      // The focus stays in the moved row's cell, whose element moves with its row (row-layer.ts):
      // the list may show the new order a render later, and focusing by index then took the row
      // still at the new index.
      scrollTo.current?.(to);
      setFocusState({ r: to, c: f.c });
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / height) - 1);
    const nav: Record<string, { r: number; c: number } | undefined> = {
      ArrowDown: { r: f.r + 1, c: f.c },
      ArrowUp: { r: f.r - 1, c: f.c },
      ArrowLeft: { r: f.r, c: f.c - 1 },
      ArrowRight: { r: f.r, c: f.c + 1 },
      PageDown: { r: f.r + page, c: f.c },
      PageUp: { r: f.r - page, c: f.c },
      Home: e.ctrlKey ? { r: 0, c: 0 } : { r: f.r, c: 0 },
      End: e.ctrlKey ? { r: rows.length - 1, c: lastCol } : { r: f.r, c: lastCol },
    };
    const target = nav[e.key];
    if (target) {
      e.preventDefault();
      move(target);
    } else if (e.key === 'Enter' && !onHandle && row && f.c !== lastCol) {
      e.preventDefault();
      props.onChoose(row);
    } else if (e.key === 'Delete' && row) {
      e.preventDefault();
      props.onRemove(row);
    } else if (
      (e.key === 'a' || e.key === 'A') &&
      !e.ctrlKey &&
      !e.metaKey &&
      !e.altKey &&
      row &&
      props.onAlert
    ) {
      e.preventDefault();
      props.onAlert(row);
    }
  };

  const onDragStart = (e: DragStartEvent) => {
    const from = rows.findIndex((x) => x.symbol === e.active.id);
    if (from >= 0) setDrag({ from, to: from });
  };
  const onDragMove = (e: DragMoveEvent) => {
    const d = dragNow.current;
    if (!d) return;
    const to = dropIndex(d.from, e.delta.y, height, rows.length);
    // Only when the place changes: a pointer move within a row renders nothing.
    if (to !== d.to) setDrag({ from: d.from, to });
  };
  const onDragEnd = (e: DragEndEvent) => {
    setDrag(undefined);
    const from = rows.findIndex((x) => x.symbol === e.active.id);
    if (from < 0) return;
    const to = dropIndex(from, e.delta.y, height, rows.length);
    if (to !== from) props.onMove(from, to);
  };
  const announce = (symbol: string, to: number) => `${symbol} is at row ${to + 1} of ${rows.length}.`;

  const edge = `${EDGE_COLUMN_PX}px`;
  const template = `${edge} ${columns
    .map((c) => (c.fixed ? `${c.width}px` : `minmax(${c.width}px, ${c.id === 'name' ? 2 : 1}fr)`))
    .join(' ')} ${edge}`;
  const minWidth = gridMinWidth(columns);
  return (
    <div
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 2}
      className={dense ? `${styles.grid} ${styles.dense}` : styles.grid}
      style={{ ['--wl-cols' as string]: template, ['--wl-min' as string]: `${minWidth}px` }}
      onKeyDown={onKeyDown}
    >
      <div ref={scroller} className={styles.scroller}>
        <div role="rowgroup" className={styles.head}>
          <div role="row" aria-rowindex={1} className={styles.headRow}>
            <div role="columnheader" aria-colindex={1} className={styles.cell}>
              <span className="visually-hidden">Move</span>
            </div>
            <ColumnHeaders
              columns={columns}
              sort={props.sort}
              onSort={props.onSort}
              onResize={props.onResize}
              onMoveColumn={props.onMoveColumn}
            />
            <div role="columnheader" aria-colindex={lastCol + 1} className={styles.cell}>
              <span className="visually-hidden">Remove</span>
            </div>
          </div>
        </div>
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragMove={onDragMove}
          onDragCancel={() => setDrag(undefined)}
          onDragEnd={onDragEnd}
          accessibility={{
            // dnd-kit's live region (role="status") may not sit inside role="grid" (axe:
            // aria-required-children), so it goes to the end of the body.
            container: document.body,
            screenReaderInstructions: {
              draggable:
                'To move a row, press Space, use the arrow keys, then press Space again to drop it, or Escape to cancel.',
            },
            // There are no drop targets to name (row-drag.ts): the announcements say the row's place.
            announcements: {
              onDragStart: ({ active }) =>
                `Picked up ${String(active.id)}. ${announce(String(active.id), dragNow.current?.from ?? 0)}`,
              onDragMove: ({ active }) => {
                const d = dragNow.current;
                return d ? announce(String(active.id), d.to) : undefined;
              },
              onDragOver: () => undefined,
              onDragEnd: ({ active }) => `${String(active.id)} was dropped.`,
              onDragCancel: ({ active }) => `Moving ${String(active.id)} was cancelled.`,
            },
          }}
        >
          <GridBody
            rows={rows}
            height={height}
            columns={columns}
            shown={shownColumns}
            selected={props.selected}
            sorted={Boolean(props.sort)}
            focus={f}
            setFocus={setFocusState}
            pendingFocus={pendingFocus}
            drag={drag}
            actions={actions}
            scroller={scroller}
            scrollTo={scrollTo}
            onRenderedRange={props.onRenderedRange}
          />
        </DndContext>
      </div>
    </div>
  );
}

/**
 * The header cells: each sorts on a click; a column's header drags it to another place (a pointer
 * moved 4 px, so a click still sorts) and Alt+←/→ on it moves it one place, both through
 * `onMoveColumn`. The symbol's header is frozen first: it neither drags nor takes another's place.
 * Memoised: the grid renders again as the focus moves, a row is dragged or a scroll starts, and
 * each header's sortable hook was about a fifth of what such a render allocated (docs/ui.md
 * "Watchlists").
 */
const ColumnHeaders = memo(function ColumnHeaders({
  columns,
  sort,
  onSort,
  onResize,
  onMoveColumn,
}: Pick<WatchlistGridProps, 'sort' | 'onSort' | 'onResize' | 'onMoveColumn'> & {
  columns: readonly ColumnDef[];
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  const ids = columns.map((c) => c.id);
  const onDragEnd = (e: DragEndEvent) => {
    const to = ids.indexOf(e.over?.id as ColumnId);
    if (!e.over || e.active.id === e.over.id || to < 0) return;
    onMoveColumn?.(ids, e.active.id as ColumnId, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ container: document.body }}
    >
      <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
        {columns.map((col, i) => (
          <ColumnHeader
            key={col.id}
            col={col}
            colIndex={i + 2}
            sorted={sort?.column === col.id ? sort.direction : undefined}
            onSort={() => onSort(col.id)}
            onResize={onResize}
            onMove={
              onMoveColumn && col.id !== 'symbol' ? (step) => onMoveColumn(ids, col.id, i + step) : undefined
            }
          />
        ))}
      </SortableContext>
    </DndContext>
  );
});

function ColumnHeader({
  col,
  colIndex,
  sorted,
  onSort,
  onResize,
  onMove,
}: {
  col: ColumnDef;
  /** Its `aria-colindex`: the cells under it name theirs, as a row may render only some. */
  colIndex: number;
  sorted: 'ascending' | 'descending' | undefined;
  onSort(): void;
  onResize: WatchlistGridProps['onResize'];
  /** Undefined for the frozen symbol column (or a grid that cannot reorder). */
  onMove?(step: -1 | 1): void;
}) {
  const sortable = useSortable({ id: col.id, disabled: !onMove });
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!onMove || !e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    // Handled here: the grid's own arrow keys (which move between cells) leave it alone.
    e.preventDefault();
    onMove(e.key === 'ArrowLeft' ? -1 : 1);
  };
  return (
    <div
      ref={sortable.setNodeRef}
      role="columnheader"
      aria-colindex={colIndex}
      aria-sort={sorted ?? 'none'}
      className={[
        styles.cell,
        styles.clip,
        styles.resizable,
        col.numeric ? styles.num : '',
        sortable.isDragging ? styles.dragging : '',
      ].join(' ')}
      style={{
        transform: sortable.transform ? `translate3d(${sortable.transform.x}px, 0, 0)` : undefined,
        transition: sortable.transition,
      }}
    >
      <button
        type="button"
        className={styles.sortButton}
        {...(onMove ? sortable.listeners : {})}
        onClick={onSort}
        onKeyDown={onKeyDown}
        title={onMove ? `Sort by ${col.label} · drag or Alt+←/→ to move the column` : `Sort by ${col.label}`}
        aria-keyshortcuts={onMove ? 'Alt+ArrowLeft Alt+ArrowRight' : undefined}
      >
        {col.label}
        <span aria-hidden="true">{sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}</span>
      </button>
      {onResize && (
        <ColumnResizer
          label={col.label}
          width={col.width}
          onResize={(w) => onResize(col.id, w)}
          onReset={() => onResize(col.id, undefined)}
        />
      )}
    </div>
  );
}
