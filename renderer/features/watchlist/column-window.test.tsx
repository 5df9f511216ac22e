// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { visibleColumns } from './columns';
import { gridMinWidth, withPinned } from './column-window';
import { WatchlistGrid, type GridRow } from './WatchlistGrid';
import { GRID_PROPS } from './grid-test-props';

/**
 * A row renders only the columns in view when the grid is wider than its panel (column-window.ts).
 * jsdom lays nothing out: the panel's width is what the ResizeObserver and `clientWidth` report.
 */
let panelWidth = 400;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    constructor(private readonly cb: ResizeObserverCallback) {}
    observe(target: Element) {
      const entry = { target, contentRect: { width: panelWidth, height: 480 } };
      this.cb([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => panelWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
});
beforeEach(() => {
  panelWidth = 400;
});
afterEach(cleanup);

const ROWS: GridRow[] = ['AAPL', 'MSFT', 'NVDA'].map((symbol) => ({ symbol, category: 'US_STOCK' }));
const COLUMNS = visibleColumns(undefined, false);

function renderGrid() {
  render(<WatchlistGrid {...GRID_PROPS} rows={ROWS} columns={COLUMNS} />);
  return screen.getByRole('grid');
}

/** The headers' names of the columns a row renders, matched to its cells by `aria-colindex`. */
function columnsOf(grid: HTMLElement, symbol: string): string[] {
  const headers = new Map(
    within(grid)
      .getAllByRole('columnheader')
      .map((h) => [h.getAttribute('aria-colindex'), h.textContent?.trim() ?? ''] as const),
  );
  const row = within(grid).getByRole('row', { name: new RegExp(`\\b${symbol}\\b`) });
  return within(row)
    .getAllByRole('gridcell')
    .map(
      (cell) =>
        headers.get(cell.getAttribute('aria-colindex')) ?? `unnamed ${cell.getAttribute('aria-colindex')}`,
    );
}

describe('the watchlist renders the columns in view', () => {
  it('renders every column while the panel is as wide as the grid', () => {
    panelWidth = gridMinWidth(COLUMNS) + 40;
    const grid = renderGrid();
    expect(columnsOf(grid, 'AAPL')).toEqual(['Move', ...COLUMNS.map((c) => c.label), 'Remove']);
  });

  it('in a narrower panel renders the columns in view and one past the edge, each under its own header', () => {
    const grid = renderGrid();
    // 400 px: the name column gives way (columns.ts); Symbol to Chg % are in view, Vol is past the edge.
    expect(columnsOf(grid, 'AAPL')).toEqual([
      'Move',
      'Symbol',
      'Last',
      'Bid',
      'Ask',
      'Chg',
      'Chg %',
      'Vol',
      'Remove',
    ]);
    // Every header is there: the columns not rendered are still named, sortable and reorderable.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toContain('Low');
    // Each rendered cell sits on its own column's track, whatever is missing before it.
    const row = within(grid).getByRole('row', { name: /\bAAPL\b/ });
    const chg = within(row)
      .getAllByRole('gridcell')
      .find((c) => c.getAttribute('aria-colindex') === '6');
    expect(chg?.style.gridColumn).toBe('6');
  });

  it('scrolled sideways to the end renders the last columns, and keeps the frozen symbol', () => {
    const grid = renderGrid();
    const scroller = grid.firstElementChild as HTMLElement;
    const far = gridMinWidth(COLUMNS.filter((c) => c.id !== 'name')) - panelWidth;
    Object.defineProperty(scroller, 'scrollLeft', { configurable: true, get: () => far });
    act(() => {
      fireEvent.scroll(scroller);
    });
    // Chg to Low are in view, Ask is one past the left edge; Last and Bid are not rendered.
    expect(columnsOf(grid, 'AAPL')).toEqual([
      'Move',
      'Symbol',
      'Ask',
      'Chg',
      'Chg %',
      'Vol',
      'Open',
      'High',
      'Low',
      'Remove',
    ]);
  });

  it('renders the column the keyboard moves to, so the focus lands on its cell', async () => {
    const user = userEvent.setup();
    const grid = renderGrid();
    const row = within(grid).getByRole('row', { name: /\bAAPL\b/ });
    within(row).getByText('AAPL').focus();
    // Symbol → Last → … → Low: nine steps right, past the rendered Vol.
    for (let i = 0; i < 9; i++) await user.keyboard('{ArrowRight}');
    const focused = document.activeElement as HTMLElement;
    expect(focused.closest('[role="row"]')).toBe(row);
    expect(focused.getAttribute('data-col')).toBe('10');
    expect(focused.getAttribute('aria-colindex')).toBe('11');
    expect(columnsOf(grid, 'AAPL')).toContain('Low');
  });
});

describe('withPinned', () => {
  it('adds the symbol column and the focused one, in order, once each', () => {
    expect(withPinned([3, 4, 5], 9)).toEqual([0, 3, 4, 5, 9]);
    expect(withPinned([0, 1, 2], 1)).toEqual([0, 1, 2]);
    expect(withPinned([4, 5], undefined)).toEqual([0, 4, 5]);
  });
});
