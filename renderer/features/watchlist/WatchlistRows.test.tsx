// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPriceShown } from '../../lib/first-price-shown';
import type { LinkedInstrument } from '../../ui/panel-types';
import type { QuoteDelta } from '../../../shared/ipc/streams';
import { useQuoteStore } from '../quotes/quote-store';
import { WatchlistPanel, type WatchlistSettings } from './WatchlistPanel';

/**
 * A module as it is, with one export wrapped: `onCall` sees each call's arguments, then the real
 * export runs. The counters below count renders and work through such wrappers (vi.mock factories
 * are hoisted, so the helper is too).
 */
const withSpy = vi.hoisted(
  () =>
    <M extends object, K extends keyof M>(
      actual: M,
      name: K,
      onCall: (...args: M[K] extends (...a: infer A) => unknown ? A : never) => void,
    ): M => {
      const real = actual[name] as (...a: unknown[]) => unknown;
      const spy = (...args: unknown[]) => {
        (onCall as (...a: unknown[]) => void)(...args);
        return real(...args);
      };
      return { ...actual, [name]: spy };
    },
);

/** Every cell's text is formatted as it renders: counting the formatting counts cell renders. */
const formatted = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../lib/format', async (importOriginal) =>
  withSpy(await importOriginal<typeof import('../../lib/format')>(), 'formatPrice', () => formatted.calls++),
);

/**
 * The rows' one draggable's renders, by the row it is armed on (GridRows.tsx). And the grid's
 * renders with its dnd-kit provider: the grid and its headers take dnd-kit's sensors once a render
 * each.
 */
const draggableRenders = vi.hoisted(() => new Map<string, number>());
const sensorRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@dnd-kit/core', async (importOriginal) =>
  withSpy(
    withSpy(await importOriginal<typeof import('@dnd-kit/core')>(), 'useDraggable', ({ id }) =>
      draggableRenders.set(String(id), (draggableRenders.get(String(id)) ?? 0) + 1),
    ),
    'useSensors',
    () => sensorRenders.count++,
  ),
);

/** The column headers' renders: each header takes a column's sortable hook once a render. */
const headerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@dnd-kit/sortable', async (importOriginal) =>
  withSpy(
    await importOriginal<typeof import('@dnd-kit/sortable')>(),
    'useSortable',
    () => headerRenders.count++,
  ),
);

/** Each list grouped by category for a subscription or a snapshot, by its length. */
const grouped = vi.hoisted(() => ({ sizes: [] as number[] }));
vi.mock('../../../shared/ui/first-watchlists', async (importOriginal) =>
  withSpy(
    await importOriginal<typeof import('../../../shared/ui/first-watchlists')>(),
    'groupByCategory',
    (list) => grouped.sizes.push(list.length),
  ),
);

/** The panel's renders: it seeds its snapshots once a render. */
const panelRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./use-watchlist', async (importOriginal) =>
  withSpy(
    await importOriginal<typeof import('./use-watchlist')>(),
    'useSnapshotSeed',
    () => panelRenders.count++,
  ),
);

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA'];
/** The watchlist's instruments in this test. */
let listed = SYMBOLS;
let quoteSubs: Array<{ params: unknown; onData: (batch: QuoteDelta[]) => void }> = [];

function fakeBridge() {
  quoteSubs = [];
  window.bullpen = {
    async invoke(op) {
      switch (op) {
        case 'api.watchlistList':
          return { ok: true, value: [{ watchlist_id: 'w1', name: 'Core', sort: 0 }] };
        case 'api.watchlistInstruments':
          return {
            ok: true,
            value: listed.map((symbol, sort) => ({
              symbol,
              category: 'US_STOCK',
              name: symbol,
              instrument_id: symbol,
              sort,
            })),
          };
        case 'api.snapshot':
          return { ok: true, value: [] };
        default:
          return { ok: false, error: { code: 'INTERNAL_ERROR', message: op, retryable: false } };
      }
    },
    subscribe(stream, params, onData) {
      if (stream !== 'quotes') return () => undefined;
      const sub = { params, onData: onData as (batch: QuoteDelta[]) => void };
      quoteSubs.push(sub);
      return () => (quoteSubs = quoteSubs.filter((s) => s !== sub));
    },
  };
}

function Harness() {
  const [settings, setSettings] = useState<WatchlistSettings>({});
  const [instrument, setInstrument] = useState<LinkedInstrument | undefined>();
  return (
    <WatchlistPanel
      instanceId="watchlist"
      settings={settings}
      updateSettings={(p) => setSettings((s) => ({ ...s, ...p }))}
      instrument={instrument}
      setInstrument={setInstrument}
    />
  );
}

/** What main's stream would deliver: one batch through every quote subscription. */
const deliver = (batch: QuoteDelta[]) =>
  act(() => {
    for (const s of quoteSubs) s.onData(batch);
  });

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
beforeEach(() => {
  listed = SYMBOLS;
  fakeBridge();
  useQuoteStore.getState().reset();
});
afterEach(cleanup);

/**
 * The rows a change wrote to (their text, attributes or cells), by symbol. Rows are written outside
 * React (row-layer.ts): what a change costs a row is what it writes to the row's elements.
 */
async function rowsWritten(change: () => unknown): Promise<Set<string>> {
  const body = document.querySelector('[role="rowgroup"] [data-symbol]')?.parentElement;
  if (!body) throw new Error('no rows');
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((seen) => records.push(...seen));
  observer.observe(body, { subtree: true, childList: true, attributes: true, characterData: true });
  await change();
  records.push(...observer.takeRecords());
  observer.disconnect();
  const written = new Set<string>();
  for (const r of records) {
    const at = r.target instanceof Element ? r.target : r.target.parentElement;
    // The row group's own children moving (rows put back in order) is no row's write.
    const row = at === body ? null : at?.closest('[role="row"][data-symbol]');
    const symbol = row?.getAttribute('data-symbol');
    if (symbol) written.add(symbol);
  }
  return written;
}

/** The panel with its rows drawn and no price yet (the snapshots come back empty). */
async function mountList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  await screen.findByRole('row', { name: new RegExp(listed[listed.length > 3 ? 1 : 2] ?? '') });
}

async function renderList() {
  await mountList();
  const t = Date.now();
  deliver([
    { symbol: 'AAPL', time: t, price: '190.00', change: '1' },
    { symbol: 'MSFT', time: t, price: '410.00', change: '2' },
    { symbol: 'NVDA', time: t, price: '95.50', change: '3' },
  ]);
}

/**
 * Scrolls the grid to `top` px as a scroll event would: jsdom lays nothing out, so the scroller's
 * `scrollTop` is the test's. A setter too: React puts the scroll position back after restoring the
 * focus in a commit.
 */
function scrollGridTo(top: number) {
  const scroller = screen.getByRole('grid').firstElementChild as HTMLElement;
  let at = top;
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => at,
    set: (v: number) => (at = v),
  });
  fireEvent.scroll(scroller);
}

// First in the file: the signal is set once per window (module), and no earlier test may set it.
describe('the first price shown', () => {
  it('is signalled by a row that draws one, not by a price in the quote store', async () => {
    expect(firstPriceShown()).toBe(false);
    // The first screen's prefetch seeds the store before any watchlist has drawn.
    useQuoteStore.getState().seed([{ symbol: 'SPY', time: Date.now(), price: '600.00' }]);
    expect(firstPriceShown()).toBe(false);
    await mountList();
    expect(firstPriceShown()).toBe(false);
    deliver([{ symbol: 'MSFT', time: Date.now(), price: '410.00' }]);
    expect(screen.getByTestId('price-MSFT').textContent).toBe('410.00');
    expect(firstPriceShown()).toBe(true);
  });
});

describe('watchlist rows under streaming', () => {
  it('subscribes its rows at top of book (and holds them all in main)', async () => {
    await renderList();
    expect(quoteSubs).toHaveLength(2);
    expect(quoteSubs.map((s) => s.params)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ symbols: SYMBOLS, hold: true }),
        expect.objectContaining({ symbols: SYMBOLS, level: 'top', hold: false }),
      ]),
    );
  });

  it("a quote for one row writes that row's cells only, and renders nothing in React", async () => {
    await renderList();
    draggableRenders.clear();
    panelRenders.count = 0;
    const written = await rowsWritten(() => deliver([{ symbol: 'AAPL', time: Date.now(), price: '190.25' }]));
    expect(within(screen.getByRole('row', { name: /AAPL/ })).getByText('190.25')).toBeTruthy();
    expect([...written]).toEqual(['AAPL']);
    expect([...draggableRenders.keys()]).toEqual([]);
    expect(panelRenders.count).toBe(0);
  });

  it('while sorted by Last, a move that keeps the order re-renders that row only', async () => {
    const user = userEvent.setup();
    await renderList();
    const header = screen.getByRole('columnheader', { name: /Last/ });
    await user.click(within(header).getByRole('button'));
    const written = await rowsWritten(() => deliver([{ symbol: 'AAPL', time: Date.now(), price: '191.00' }]));
    expect(within(screen.getByRole('row', { name: /AAPL/ })).getByText('191.00')).toBeTruthy();
    expect([...written]).toEqual(['AAPL']);
  });

  it('a scroll writes neither the rows already shown, nor renders the column headers or the panel', async () => {
    listed = Array.from({ length: 100 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    await mountList();
    const shown = () =>
      [...document.querySelectorAll('[role="row"][data-symbol]')].map((r) => r.getAttribute('data-symbol'));
    const before = shown();
    expect(before).not.toContain('S30');
    grouped.sizes = [];
    panelRenders.count = 0;
    headerRenders.count = 0;
    const subscribedBefore = [...quoteSubs];
    const written = await rowsWritten(async () => {
      scrollGridTo(30 * 28);
      await waitFor(() => expect(shown().length).toBeGreaterThan(before.length));
    });
    const mounted = shown().filter((s) => !before.includes(s));
    expect(mounted.length).toBeGreaterThan(0);
    // Each entering row is written whole: its own symbol in its cells and on its controls.
    for (const s of mounted) {
      const row = document.querySelector(`[role="row"][data-symbol="${s}"]`) as HTMLElement;
      expect(within(row).getAllByRole('gridcell', { name: s ?? '' }).length).toBeGreaterThan(0);
      expect(within(row).getByRole('button', { name: `Move ${s}` })).toBeTruthy();
    }
    // Rows that stayed: not one write each.
    const stayed = before.filter((s) => shown().includes(s));
    expect(stayed.length).toBeGreaterThan(0);
    expect(stayed.filter((s) => written.has(s ?? ''))).toEqual([]);
    // A new block of rows went to the window, without the panel rendering again (or grouping the
    // whole list for its held subscription and its snapshots).
    await waitFor(() =>
      expect(quoteSubs.map((q) => q.params)).toContainEqual(
        expect.objectContaining({ symbols: expect.arrayContaining(['S59']), level: 'top', hold: false }),
      ),
    );
    // One subscription a block of 20 rows in the rendered range, beside the held one: a block that
    // stayed in the range kept its subscription (main's first entry for it is not sent again), one
    // that left it is gone.
    const top20 = quoteSubs.flatMap((q) => {
      const p = q.params as { symbols: string[]; hold: boolean };
      return p.hold ? [] : [p.symbols];
    });
    const [first, last] = [shown().sort()[0] ?? '', shown().sort().at(-1) ?? ''].map((x) =>
      Number(x.slice(1)),
    );
    const blocks: string[][] = [];
    for (let b = Math.floor((first ?? 0) / 20); b <= Math.floor((last ?? 0) / 20); b++)
      blocks.push(listed.slice(b * 20, b * 20 + 20));
    expect(top20.sort()).toEqual(blocks.sort());
    const kept = subscribedBefore.filter((q) => quoteSubs.includes(q));
    expect(kept.filter((q) => !(q.params as { hold: boolean }).hold)).toHaveLength(
      subscribedBefore.filter((q) => {
        const p = q.params as { symbols: string[]; hold: boolean };
        return !p.hold && blocks.some((b) => b[0] === p.symbols[0]);
      }).length,
    );
    expect(kept.length).toBeGreaterThan(1);
    expect(quoteSubs.filter((q) => (q.params as { hold: boolean }).hold)).toHaveLength(1);
    expect(panelRenders.count).toBe(0);
    expect(grouped.sizes.filter((n) => n === listed.length)).toEqual([]);
    // The rows render on each frame of a scroll; the headers did not change.
    expect(headerRenders.count).toBe(0);
  });

  it("a scroll's frames render the rows, not the grid around them and its dnd-kit provider", async () => {
    listed = Array.from({ length: 100 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    await mountList();
    sensorRenders.count = 0;
    headerRenders.count = 0;
    // Five frames of a scroll, each bringing new rows in.
    for (let frame = 1; frame <= 5; frame++) {
      scrollGridTo(frame * 10 * 28);
      await screen.findByRole('row', { name: new RegExp(`\\bS${frame * 10 + 20}\\b`) });
    }
    // The provider re-rendered with the grid made React search every mounted row for readers of
    // its context, each frame; at most once a scroll, as it starts (the columns' virtualiser).
    expect(sensorRenders.count).toBeLessThanOrEqual(1);
    expect(headerRenders.count).toBe(0);
  });

  /** 100 rows with a price each, then scrolled 30 rows down (S00–S17 leave, S30–S59 enter). */
  async function scrollHundred(before?: () => void) {
    listed = Array.from({ length: 100 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    await mountList();
    deliver(listed.map((symbol, i) => ({ symbol, time: Date.now(), price: `${100 + i}.00` })));
    before?.();
    scrollGridTo(30 * 28);
    await waitFor(() => expect(document.querySelector('[data-symbol="S59"]')).not.toBeNull());
  }

  it('a row entering takes the elements of one that left, with its own price and no old flash', async () => {
    let left: Element | null = null;
    await scrollHundred(() => {
      // S00 moves (its price flashes), then scrolls away.
      deliver([{ symbol: 'S00', time: Date.now(), price: '100.50' }]);
      expect(screen.getByTestId('price-S00').className).toContain('flash-up');
      left = document.querySelector('[data-symbol="S00"]');
    });
    expect(left).not.toBeNull();
    const row = left as unknown as HTMLElement;
    expect(row.isConnected).toBe(true);
    const now = row.getAttribute('data-symbol') ?? '';
    expect(Number(now.slice(1))).toBeGreaterThanOrEqual(30);
    const cell = within(row).getByTestId(`price-${now}`);
    expect(cell.textContent).toBe(`${100 + Number(now.slice(1))}.00`);
    expect(cell.className).not.toContain('flash');
    expect(within(row).getByRole('button', { name: `Move ${now}` })).toBeTruthy();
  });

  it('while the list scrolls, a recycled row changes in place: no row element is moved', async () => {
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((seen) => records.push(...seen));
    await scrollHundred(() => {
      const body = document.querySelector('[role="rowgroup"] [data-symbol]')?.parentElement;
      if (body) observer.observe(body, { childList: true });
    });
    // Read as soon as the scroll's render is in, before the scroll is over and the rows reordered.
    records.push(...observer.takeRecords());
    observer.disconnect();
    const removed = new Set(records.flatMap((r) => [...r.removedNodes]));
    const moved = records.flatMap((r) => [...r.addedNodes]).filter((n) => removed.has(n));
    expect(records.length).toBeGreaterThan(0);
    expect(moved).toEqual([]);
  });

  it('once the scroll is over, the rows read in the order the screen shows, the focus kept', async () => {
    await scrollHundred();
    // A row that entered in the scroll (it took the elements of one that left), focused before the
    // scroll is over: putting the rows back in order moves its element, and React's commit puts the
    // focus back on an element it moved.
    const focused = screen.getByRole('button', { name: 'Move S35' });
    act(() => focused.focus());
    const order = () =>
      [...document.querySelectorAll('[role="row"][data-symbol]')].map((r) =>
        Number(r.getAttribute('aria-rowindex')),
      );
    await waitFor(() => expect(order()).toEqual([...order()].sort((a, b) => a - b)));
    expect(order().length).toBeGreaterThan(20);
    expect(document.activeElement).toBe(focused);
  });

  it('the row holding the keyboard focus is not given to another symbol when it scrolls away', async () => {
    await scrollHundred(() => act(() => screen.getByRole('button', { name: 'Move S00' }).focus()));
    const focusedRow = document.activeElement?.closest('[data-symbol]')?.getAttribute('data-symbol');
    expect(focusedRow === undefined || focusedRow === 'S00').toBe(true);
  });

  it("lifting a row renders dnd-kit's one draggable, on that row, and writes no other row", async () => {
    const user = userEvent.setup();
    await renderList();
    // Focus moves to the handle first (the roving focus writes that row's tab stops, rightly).
    act(() => screen.getByRole('button', { name: 'Move AAPL' }).focus());
    draggableRenders.clear();
    formatted.calls = 0;
    const row = screen.getByRole('row', { name: /AAPL/ });
    const written = await rowsWritten(async () => {
      await user.keyboard(' ');
      await waitFor(() => expect(row.className).toContain('dragging'));
    });
    expect(within(row).getByRole('button', { name: 'Move AAPL' }).getAttribute('aria-pressed')).toBe('true');
    expect([...written]).toEqual(['AAPL']);
    expect([...draggableRenders.keys()]).toEqual(['AAPL']);
    expect(formatted.calls).toBe(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(row.className).not.toContain('dragging'));
    expect(row.style.transform).toBe('');
    expect(screen.getByTestId('price-MSFT').textContent).toBe('410.00');
    expect(formatted.calls).toBe(0);
  });

  it('freezes the handle and symbol columns only while the grid is scrolled sideways', async () => {
    await renderList();
    const scroller = screen.getByRole('grid').firstElementChild as HTMLElement;
    expect(scroller.hasAttribute('data-sideways')).toBe(false);
    let left = 120;
    Object.defineProperty(scroller, 'scrollLeft', { configurable: true, get: () => left });
    fireEvent.scroll(scroller);
    expect(scroller.hasAttribute('data-sideways')).toBe(true);
    left = 0;
    fireEvent.scroll(scroller);
    expect(scroller.hasAttribute('data-sideways')).toBe(false);
  });

  it('a message that only refreshes the receive time writes the row at most once a second', async () => {
    await renderList();
    const t = useQuoteStore.getState().quotes.AAPL?.time ?? 0;
    // A flood of repeated messages: each batch moves only `time` (main's receive time).
    const flood = await rowsWritten(() => {
      for (let i = 1; i <= 9; i++) deliver([{ symbol: 'AAPL', time: t + i * 100 }]);
    });
    expect([...flood]).toEqual([]);
    const cell = screen.getByTestId('price-AAPL');
    expect(Number(cell.getAttribute('data-quote-time'))).toBe(t);
    // A second on, the row shows the newer time (staleness and the e2e liveness check read it).
    deliver([{ symbol: 'AAPL', time: t + 1_000 }]);
    expect(Number(cell.getAttribute('data-quote-time'))).toBe(t + 1_000);
    // Any other field is written at once, with the newest time.
    deliver([{ symbol: 'AAPL', time: t + 1_050, price: '190.10' }]);
    expect(cell.textContent).toBe('190.10');
    expect(Number(cell.getAttribute('data-quote-time'))).toBe(t + 1_050);
    // The store itself stays exact.
    expect(useQuoteStore.getState().quotes.AAPL?.time).toBe(t + 1_050);
  });

  it("shows main's staleness verdict as it says, at once, with nothing judged by the row", async () => {
    await renderList();
    const row = () => screen.getByRole('row', { name: /AAPL/ });
    // The row is dimmed (its shell's class) and its symbol says so (its cells), together.
    const dimmed = () =>
      row()
        .className.split(' ')
        .some((c) => c.includes('stale'));
    expect(row().textContent).not.toContain('(stale)');
    // An hour-old receive time is not stale on its own: main decides (shared/market/quote-staleness.ts).
    deliver([{ symbol: 'AAPL', time: Date.now() - 3_600_000 }]);
    expect(row().textContent).not.toContain('(stale)');
    expect(dimmed()).toBe(false);
    deliver([{ symbol: 'AAPL', stale: true }]);
    expect(row().textContent).toContain('(stale)');
    expect(dimmed()).toBe(true);
    expect(screen.getByRole('row', { name: /MSFT/ }).textContent).not.toContain('(stale)');
    deliver([{ symbol: 'AAPL', time: Date.now(), stale: false }]);
    expect(row().textContent).not.toContain('(stale)');
    expect(dimmed()).toBe(false);
  });

  it("keeps the price cell on a move and flashes it each time, in the move's direction", async () => {
    await renderList();
    const cell = screen.getByTestId('price-AAPL');
    deliver([{ symbol: 'AAPL', time: Date.now(), price: '190.50' }]);
    expect(screen.getByTestId('price-AAPL')).toBe(cell);
    expect(cell.textContent).toBe('190.50');
    expect(cell.className).toContain('flash-up');
    deliver([{ symbol: 'AAPL', time: Date.now(), price: '190.75' }]);
    expect(screen.getByTestId('price-AAPL')).toBe(cell);
    expect(cell.className).toContain('flash-up');
    deliver([{ symbol: 'AAPL', time: Date.now(), price: '190.70' }]);
    expect(cell.className).toContain('flash-down');
    expect(cell.className).not.toContain('flash-up');
    // Off after its time, in one step.
    await waitFor(() => expect(cell.className).not.toContain('flash-down'), { timeout: 2_000 });
  });

  it('clips a cell (a paint clip of its own) only when its text may not fit the column', async () => {
    await renderList();
    // CSS module class names carry a hash: `_clip_3ce128`.
    const clipped = (el: HTMLElement) => el.className.includes('clip');
    expect(clipped(screen.getByTestId('price-AAPL'))).toBe(false);
    // The name column's text is free-form: always clipped, with an ellipsis.
    const row = screen.getByRole('row', { name: /AAPL/ });
    const cells = within(row).getAllByRole('gridcell');
    expect(cells.filter(clipped).map((c) => c.textContent)).toEqual(['AAPL']);
    deliver([{ symbol: 'AAPL', time: Date.now(), price: '123456789.25' }]);
    expect(clipped(screen.getByTestId('price-AAPL'))).toBe(true);
    deliver([{ symbol: 'AAPL', time: Date.now(), price: '190.25' }]);
    expect(clipped(screen.getByTestId('price-AAPL'))).toBe(false);
  });

  it('does not flash a row that mounts after its last move', async () => {
    useQuoteStore.getState().applyBatch([{ symbol: 'AAPL', time: Date.now(), price: '190.50' }]);
    useQuoteStore.getState().applyBatch([{ symbol: 'AAPL', time: Date.now(), price: '190.75' }]);
    expect(useQuoteStore.getState().quotes.AAPL?.lastMove).toBe('up');
    await mountList();
    const cell = screen.getByTestId('price-AAPL');
    expect(cell.textContent).toBe('190.75');
    expect(cell.className).not.toContain('flash');
  });
});
