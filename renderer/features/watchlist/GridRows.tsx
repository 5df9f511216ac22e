import { useDraggable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { direction } from '../../lib/format';
import { markFirstPriceShown } from '../../lib/first-price-shown';
import { useLiveQuoteRow, useQuoteStore } from '../quotes';
import { cellText, mayOverflow, type ColumnDef } from './columns';
import { LAST_TRACK, placement } from './column-window';
import { flasher } from './flash';
import { dropLineTop } from './row-drag';
import { assignSlots, renderOrder } from './row-slots';
import styles from './Watchlist.module.css';
import type { Category } from '../../../shared/openapi/primitives';

/** A watchlist row: its instrument. */
export interface GridRow {
  symbol: string;
  name?: string;
  category: Category;
}

/** A cell of the grid's roving focus: row index, column (0 the handle, then the data columns). */
export interface CellPosition {
  r: number;
  c: number;
}

export interface GridBodyProps {
  rows: readonly GridRow[];
  /** A row's height (px). */
  height: number;
  columns: readonly ColumnDef[];
  /** The data columns rendered, by index (column-window.ts); `undefined` renders them all. */
  shown: readonly number[] | undefined;
  selected: string | undefined;
  sorted: boolean;
  focus: CellPosition;
  setFocus(f: CellPosition): void;
  /** Renders left in which to move the focus to `focus`'s cell: set by the grid, counted down here. */
  pendingFocus: RefObject<number>;
  /** The lifted row's index and the index it would be dropped at, while a row is dragged. */
  drag: { from: number; to: number } | undefined;
  actions: RowProps['actions'];
  scroller: RefObject<HTMLDivElement | null>;
  /** Set to the rows' `scrollToIndex`, for the grid's keyboard. */
  scrollTo: RefObject<((index: number) => void) | undefined>;
  onRenderedRange?(first: number, last: number): void;
}

/**
 * The grid's rows, virtualised (TanStack Virtual on the grid's scroller). A component of its own
 * below dnd-kit's context: a scroll renders it on every frame, and rendered from the grid it
 * rendered dnd-kit's provider too, whose new transform object each render had React search every
 * mounted row for readers of the context (docs/ui.md "Watchlists").
 */
export function GridBody(props: GridBodyProps) {
  const { rows, height, columns, shown, focus: f, drag, scroller } = props;
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
  const onRange = useRef(props.onRenderedRange);
  onRange.current = props.onRenderedRange;
  useEffect(() => {
    onRange.current?.(firstRendered, lastRendered);
  }, [firstRendered, lastRendered]);

  const { pendingFocus } = props;
  useEffect(() => {
    if (pendingFocus.current <= 0) return;
    pendingFocus.current--;
    // A row scrolled into view renders a frame later: try again on the next renders.
    const cell = scroller.current?.querySelector<HTMLElement>(
      `[aria-rowindex="${f.r + 2}"] [data-col="${f.c}"]`,
    );
    if (!cell) return;
    pendingFocus.current = 0;
    cell.focus();
  });

  return (
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
            shown={shown}
            selected={props.selected === row.symbol}
            sorted={props.sorted}
            focusCol={f.r === v.index ? f.c : undefined}
            setFocus={props.setFocus}
            actions={props.actions}
          />
        ) : null;
      })}
    </div>
  );
}

const HANDLE = 0;

interface RowProps {
  row: GridRow;
  index: number;
  start: number;
  height: number;
  columns: readonly ColumnDef[];
  /** The data columns rendered, by index (column-window.ts); `undefined` renders them all. */
  shown: readonly number[] | undefined;
  selected: boolean;
  sorted: boolean;
  /** The focused column when the roving focus is on this row. */
  focusCol: number | undefined;
  setFocus: (f: CellPosition) => void;
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
  shown,
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
      // One handler for the row's cells (focus bubbles in React): each cell names its column in
      // `data-col`, so no cell needs a handler of its own, made again on each of its renders. The
      // column alone, not the row's index too: a recycled row's cells keep their attributes.
      onFocus={(e) => {
        const c = Number((e.target as HTMLElement).closest('[data-col]')?.getAttribute('data-col'));
        if (Number.isInteger(c)) setFocus({ r: index, c });
      }}
    >
      <div role="gridcell" aria-colindex={1} className={styles.handleCell}>
        <button
          {...drag.attributes}
          {...drag.listeners}
          // dnd-kit's attributes set role="button" and a tabindex; ours follow so roving focus wins.
          role={undefined}
          type="button"
          className={styles.handle}
          aria-label={`Move ${row.symbol}`}
          data-col={HANDLE}
          data-drag-handle
          tabIndex={focusCol === HANDLE ? 0 : -1}
          disabled={sorted}
        >
          ⠿
        </button>
      </div>
      <RowCells row={row} columns={columns} shown={shown} focusCol={focusCol} actions={actions} />
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
  columns: readonly ColumnDef[];
  shown: RowProps['shown'];
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
const RowCells = memo(function RowCells({ row, columns, shown, focusCol, actions }: RowCellsProps) {
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
  const cell = (col: ColumnDef, i: number) => {
    const text = cellText(col.id, row, q);
    const tone = (col.id === 'change' || col.id === 'changeRatio') && dir ? ` ${dir}` : '';
    const clip = col.id !== 'name' && mayOverflow(text, col) ? ` ${CLIP_CLASS}` : '';
    return (
      <div
        key={col.id}
        ref={col.id === 'last' ? priceCell : undefined}
        role="gridcell"
        aria-colindex={i + 2}
        // Placed on its own track only when cells before it may be missing: all rendered, each
        // follows the one before.
        style={shown ? placement(i + 2) : undefined}
        tabIndex={tab(i + 1)}
        data-col={i + 1}
        data-testid={col.id === 'last' ? `price-${row.symbol}` : undefined}
        data-quote-time={col.id === 'last' ? (q?.time ?? 0) : undefined}
        className={tone || clip ? `${classes[i]}${tone}${clip}` : classes[i]}
        title={col.id === 'name' ? text : col.id === 'symbol' ? row.name : undefined}
      >
        {text}
        {col.id === 'symbol' && stale ? <span className="visually-hidden"> (stale)</span> : null}
      </div>
    );
  };
  return (
    <>
      {shown
        ? shown.map((i) => {
            const col = columns[i];
            return col ? cell(col, i) : null;
          })
        : columns.map(cell)}
      <div
        role="gridcell"
        aria-colindex={lastCol + 1}
        style={shown ? LAST_TRACK : undefined}
        className={styles.removeCell}
      >
        <button
          type="button"
          className={styles.remove}
          aria-label={`Remove ${row.symbol}`}
          tabIndex={tab(lastCol)}
          data-col={lastCol}
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
