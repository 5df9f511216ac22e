import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { direction, formatPercent, formatPrice, formatSigned, formatVolume } from '../../lib/format';
import { markFirstPriceShown } from '../../lib/first-price-shown';
import { useLiveQuoteRow, useQuoteStore, type LiveQuote } from '../quotes';
import { cellValue, fitColumns, mayOverflow, type ColumnDef, type ColumnId, type SortState } from './columns';
import styles from './Watchlist.module.css';
import { flasher } from './flash';
import type { Category } from '../../../shared/openapi/primitives';
import { ColumnResizer } from './ColumnResizer';
import { dropIndex, dropLineTop, rowKeyboardCoordinates } from './row-drag';
import { assignSlots, renderOrder } from './row-slots';

export interface GridRow {
  symbol: string;
  name?: string;
  category: Category;
}

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

function display(col: ColumnId, row: GridRow, q: LiveQuote | undefined): string {
  const v = cellValue(col, row, q);
  switch (col) {
    case 'symbol':
    case 'name':
      return v ?? '';
    case 'change':
    case 'extChange':
      return formatSigned(v);
    case 'changeRatio':
    case 'extChangeRatio':
      return formatPercent(v);
    case 'volume':
      return formatVolume(v);
    default:
      return formatPrice(v);
  }
}

const HANDLE = 0;

/** A drag starts after the pointer moves 4 px, so a click still clicks (one object: see `sensors`). */
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };

interface RowProps {
  row: GridRow;
  index: number;
  start: number;
  height: number;
  columns: readonly ColumnDef[];
  selected: boolean;
  sorted: boolean;
  /** The focused column when the roving focus is on this row. */
  focusCol: number | undefined;
  setFocus: (f: { r: number; c: number }) => void;
  /** Stable: reads the grid's latest handlers, so a new parent callback does not re-render rows. */
  actions: { choose(row: GridRow): void; remove(row: GridRow): void };
}

/** The price cell's flash, by the direction of the move (Watchlist.module.css). */
const FLASH_CLASS = { up: styles['flash-up'] ?? 'flash-up', down: styles['flash-down'] ?? 'flash-down' };

/**
 * One row's shell: its place, its selection and dnd-kit's draggable. Memoised, with only stable or
 * primitive props: a batch that moves another symbol, a sort that keeps it in place, or the panel's
 * clock do not re-render it, and neither does a move of its own quote, which only its cells read
 * (`RowCells`; docs/streaming.md "Renderer").
 */
const Row = memo(function Row({
  row,
  index,
  start,
  height,
  columns,
  selected,
  sorted,
  focusCol,
  setFocus,
  actions,
}: RowProps) {
  // Main's verdict (shared/market/quote-staleness.ts): the row shows it, it judges nothing itself.
  // Read as a flag, so the shell renders again when it flips, not on each move of the quote.
  const stale = useQuoteStore((s) => s.quotes[row.symbol]?.stale === true);
  // Draggable only: no row is a drop target (row-drag.ts), so a row mounting re-renders no other.
  const drag = useDraggable({ id: row.symbol, disabled: sorted });
  return (
    <div
      ref={drag.setNodeRef}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-symbol={row.symbol}
      className={[
        styles.row,
        selected ? styles.rowSelected : '',
        stale ? styles.stale : '',
        drag.isDragging ? styles.dragging : '',
      ].join(' ')}
      // `top` places the virtual row; `transform` is dnd-kit's alone (it measures rows without it).
      style={{
        top: start,
        transform: drag.transform ? `translate3d(0, ${drag.transform.y}px, 0)` : undefined,
        height,
      }}
      onClick={() => actions.choose(row)}
      // One handler for the row's cells (focus bubbles in React): each cell names its place in
      // `data-cell`, so no cell needs a handler of its own, made again on each of its renders.
      onFocus={(e) => {
        const c = Number(
          (e.target as HTMLElement).closest('[data-cell]')?.getAttribute('data-cell')?.split(':')[1],
        );
        if (Number.isInteger(c)) setFocus({ r: index, c });
      }}
    >
      <div role="gridcell" className={styles.handleCell}>
        <button
          {...drag.attributes}
          {...drag.listeners}
          // dnd-kit's attributes set role="button" and a tabindex; ours follow so roving focus wins.
          role={undefined}
          type="button"
          className={styles.handle}
          aria-label={`Move ${row.symbol}`}
          data-cell={`${index}:${HANDLE}`}
          data-drag-handle
          tabIndex={focusCol === HANDLE ? 0 : -1}
          disabled={sorted}
        >
          ⠿
        </button>
      </div>
      <RowCells row={row} index={index} columns={columns} focusCol={focusCol} actions={actions} />
    </div>
  );
});

const CLIP_CLASS = styles.clip ?? 'clip';

/**
 * Each column's own class names, made once for a set of columns: a row's cells render on every
 * move of its quote, and building them there made an array and a string a cell each time.
 */
const columnClasses = new WeakMap<readonly ColumnDef[], string[]>();
function classesOf(columns: readonly ColumnDef[]): string[] {
  let classes = columnClasses.get(columns);
  if (!classes) {
    classes = columns.map((col) =>
      [
        styles.cell,
        col.numeric ? styles.num : '',
        col.id === 'symbol' ? styles.sym : '',
        col.id === 'name' ? CLIP_CLASS : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    columnClasses.set(columns, classes);
  }
  return classes;
}

interface RowCellsProps {
  row: GridRow;
  index: number;
  columns: readonly ColumnDef[];
  focusCol: number | undefined;
  actions: RowProps['actions'];
}

/**
 * A row's cells after the handle, and the one part of the row that reads its symbol's quote: a
 * move re-renders the cells, not the row's shell, whose dnd-kit draggable hook was most of what the
 * shell's render allocated (docs/benchmark-log.md "A twelfth look"). Memoised apart from the shell:
 * dnd-kit's context changes when a row is lifted, moved over a new place and dropped, which
 * re-renders every mounted row's `useDraggable`; the cells, whose props did not change, are then
 * not formatted and diffed again.
 */
const RowCells = memo(function RowCells({ row, index, columns, focusCol, actions }: RowCellsProps) {
  const q = useLiveQuoteRow(row.symbol);
  const hasPrice = q?.price !== undefined;
  // After the commit that put a price on screen: the window's deferred work waits for it. Keyed on
  // having a price, not on the price, so a streamed move schedules no effect.
  useEffect(() => {
    if (hasPrice) markFirstPriceShown();
  }, [hasPrice]);
  // The price flashes on each move seen while the row is mounted (a row scrolled into view does
  // not flash for an old move). Put on and taken off outside React (flash.ts).
  const priceCell = useRef<HTMLDivElement>(null);
  const moves = q?.moves ?? 0;
  const lastMove = q?.lastMove;
  const flashedMoves = useRef(moves);
  // A recycled row (row-slots.ts) shows another symbol in the same elements: it takes that symbol's
  // moves as seen, and drops the flash of the symbol it showed before.
  const shownSymbol = useRef(row.symbol);
  useLayoutEffect(() => {
    const el = priceCell.current;
    if (shownSymbol.current !== row.symbol) {
      shownSymbol.current = row.symbol;
      flashedMoves.current = moves;
      if (el) flasher.stop(el, [FLASH_CLASS.up, FLASH_CLASS.down]);
      return;
    }
    if (moves === flashedMoves.current || !el || !lastMove) return;
    flashedMoves.current = moves;
    flasher.flash(el, FLASH_CLASS[lastMove], [FLASH_CLASS[lastMove === 'up' ? 'down' : 'up']]);
  }, [row.symbol, moves, lastMove]);
  const stale = q?.stale === true;
  const lastCol = columns.length + 1;
  const tab = (c: number) => (focusCol === c ? 0 : -1);
  const dir = direction(q?.change);
  const classes = classesOf(columns);
  return (
    <>
      {columns.map((col, i) => {
        const text = display(col.id, row, q);
        const tone = (col.id === 'change' || col.id === 'changeRatio') && dir ? ` ${dir}` : '';
        const clip = col.id !== 'name' && mayOverflow(text, col) ? ` ${CLIP_CLASS}` : '';
        return (
          <div
            key={col.id}
            ref={col.id === 'last' ? priceCell : undefined}
            role="gridcell"
            tabIndex={tab(i + 1)}
            data-cell={`${index}:${i + 1}`}
            data-testid={col.id === 'last' ? `price-${row.symbol}` : undefined}
            data-quote-time={col.id === 'last' ? (q?.time ?? 0) : undefined}
            className={tone || clip ? `${classes[i]}${tone}${clip}` : classes[i]}
            title={col.id === 'name' ? text : col.id === 'symbol' ? row.name : undefined}
          >
            {text}
            {col.id === 'symbol' && stale ? <span className="visually-hidden"> (stale)</span> : null}
          </div>
        );
      })}
      <div role="gridcell" className={styles.removeCell}>
        <button
          type="button"
          className={styles.remove}
          aria-label={`Remove ${row.symbol}`}
          tabIndex={tab(lastCol)}
          data-cell={`${index}:${lastCol}`}
          onClick={(e) => {
            e.stopPropagation();
            actions.remove(row);
          }}
        >
          ×
        </button>
      </div>
    </>
  );
});

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
  const [focus, setFocusState] = useState({ r: 0, c: 1 });
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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => height,
    overscan: 12,
    initialRect: { width: 800, height: 480 },
  });
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
  const rendered = virtualizer.getVirtualItems();
  // Each rendered row's React key (row-slots.ts): rows entering take the elements of rows leaving.
  // The row holding the focus and the lifted row keep theirs when they leave.
  const slotsShown = useRef(new Map<string, number>());
  const focusedRow = scroller.current?.contains(document.activeElement)
    ? document.activeElement?.closest('[data-symbol]')?.getAttribute('data-symbol')
    : undefined;
  const lifted = drag ? rows[drag.from]?.symbol : undefined;
  const slots = assignSlots(
    slotsShown.current,
    rendered.flatMap((v) => rows[v.index]?.symbol ?? []),
    lifted ?? focusedRow ?? undefined,
  );
  useLayoutEffect(() => {
    slotsShown.current = slots;
  });
  const ordered = renderOrder(
    rendered,
    (v) => slots.get(rows[v.index]?.symbol ?? '') ?? 0,
    virtualizer.isScrolling,
  );
  const firstRendered = rendered[0]?.index ?? 0;
  const lastRendered = rendered[rendered.length - 1]?.index ?? -1;
  useEffect(() => {
    latest.current.onRenderedRange?.(firstRendered, lastRendered);
  }, [firstRendered, lastRendered]);
  const lastCol = columns.length + 1;
  const r = Math.min(focus.r, Math.max(0, rows.length - 1));
  const f = { r, c: Math.min(focus.c, lastCol) };

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

  useEffect(() => {
    if (pendingFocus.current <= 0) return;
    pendingFocus.current--;
    // A row scrolled into view renders a frame later: try again on the next renders.
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${f.r}:${f.c}"]`);
    if (!cell) return;
    pendingFocus.current = 0;
    cell.focus();
  });

  const move = (next: { r: number; c: number }) => {
    const clamped = {
      r: Math.max(0, Math.min(rows.length - 1, next.r)),
      c: Math.max(0, Math.min(lastCol, next.c)),
    };
    virtualizer.scrollToIndex(clamped.r);
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
      move({ r: to, c: f.c });
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

  const template = `24px ${columns
    .map((c) => (c.fixed ? `${c.width}px` : `minmax(${c.width}px, ${c.id === 'name' ? 2 : 1}fr)`))
    .join(' ')} 24px`;
  const minWidth = 48 + columns.reduce((s, c) => s + c.width, 0);
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
            <div role="columnheader" className={styles.cell}>
              <span className="visually-hidden">Move</span>
            </div>
            <ColumnHeaders
              columns={columns}
              sort={props.sort}
              onSort={props.onSort}
              onResize={props.onResize}
              onMoveColumn={props.onMoveColumn}
            />
            <div role="columnheader" className={styles.cell}>
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
          <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
            {drag && drag.to !== drag.from ? (
              <div
                aria-hidden="true"
                className={styles.dropLine}
                style={{ top: dropLineTop(drag.from, drag.to, height) }}
              />
            ) : null}
            {ordered.map((v) => {
              const row = rows[v.index];
              return row ? (
                <Row
                  key={`slot-${slots.get(row.symbol) ?? row.symbol}`}
                  row={row}
                  index={v.index}
                  start={v.start}
                  height={height}
                  columns={columns}
                  selected={props.selected === row.symbol}
                  sorted={Boolean(props.sort)}
                  focusCol={f.r === v.index ? f.c : undefined}
                  setFocus={setFocusState}
                  actions={actions}
                />
              ) : null;
            })}
          </div>
        </DndContext>
      </div>
    </div>
  );
}

/**
 * The header cells: each sorts on a click; a column's header drags it to another place (a pointer
 * moved 4 px, so a click still sorts) and Alt+←/→ on it moves it one place, both through
 * `onMoveColumn`. The symbol's header is frozen first: it neither drags nor takes another's place.
 * Memoised: the grid renders on every frame of a scroll, and each header's sortable hook was
 * about a fifth of what that render allocated (docs/ui.md "Watchlists").
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
  sorted,
  onSort,
  onResize,
  onMove,
}: {
  col: ColumnDef;
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
