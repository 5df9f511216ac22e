import { useMemo, useSyncExternalStore } from 'react';
import { useQuoteSubscription } from '../quotes';
import type { GridRow } from './WatchlistGrid';

/** Rows are sent to the window in blocks of this many (the grid's overscan is 12). */
const RANGE_BLOCK = 20;

/**
 * The block of rows the grid renders, kept outside React state: the grid reports its range as it
 * scrolls and only `SentRows` re-renders for it, not the panel (whose render re-reads the whole
 * list's queries and props).
 */
export interface RenderedRange {
  /** The grid's rendered rows, first and last index (`WatchlistGrid`'s `onRenderedRange`). */
  set(first: number, last: number): void;
  get(): readonly [number, number];
  subscribe(listener: () => void): () => void;
}

/**
 * `schedule` runs the listeners after the task that moved the range (a task of its own, not a
 * microtask): the grid reports its range from the scroll's synchronous render, and a block's
 * subscribe and unsubscribe (SentRows' render, its effects, the bridge's calls to main) ran inside
 * that frame, about 0.4 ms of each frame of a fast scroll (docs/benchmark-log.md "A fourteenth
 * look"). A block is rows drawn with the overscan, so what it brings lags the screen by a task.
 */
export function renderedRange(
  schedule: (run: () => void) => void = (run) => void setTimeout(run, 0),
): RenderedRange {
  let range: readonly [number, number] = [0, RANGE_BLOCK - 1];
  const listeners = new Set<() => void>();
  let due = false;
  const notify = () => {
    due = false;
    for (const listener of listeners) listener();
  };
  return {
    set(first, last) {
      // Whole blocks of rows, so a scroll re-subscribes once every 20 rows, not every frame.
      const from = Math.floor(first / RANGE_BLOCK) * RANGE_BLOCK;
      const to = (Math.floor(last / RANGE_BLOCK) + 1) * RANGE_BLOCK - 1;
      if (range[0] === from && range[1] === to) return;
      range = [from, to];
      // One notification for every move before it runs: the listeners read the range then.
      if (due) return;
      due = true;
      schedule(notify);
    },
    get: () => range,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The window's subscription at top of book (docs/streaming.md "Rows off screen"): the rows in the
 * rendered blocks of `rows`, or all of them (`all`: sorted by a live column, whose order needs them).
 * One subscription a block, kept while its block stays in the range: a scroll that brings one block
 * in subscribes those 20 rows alone, and main's first entry for them (its current state) is 20
 * records, not the whole range's again, each re-rendering its row.
 */
export function SentRows({
  rows,
  all,
  range,
}: {
  rows: readonly GridRow[];
  all: boolean;
  range: RenderedRange;
}) {
  const [from, to] = useSyncExternalStore(range.subscribe, range.get);
  if (all) return <SentBlock rows={rows} />;
  const blocks = [];
  for (let start = from; start <= to && start < rows.length; start += RANGE_BLOCK)
    blocks.push(<SentRange key={start} rows={rows} start={start} />);
  return <>{blocks}</>;
}

/** One block of `rows` from `start`, subscribed while it is mounted. */
function SentRange({ rows, start }: { rows: readonly GridRow[]; start: number }) {
  const block = useMemo(() => rows.slice(start, start + RANGE_BLOCK), [rows, start]);
  return <SentBlock rows={block} />;
}

function SentBlock({ rows }: { rows: readonly GridRow[] }) {
  useQuoteSubscription(rows);
  return null;
}
