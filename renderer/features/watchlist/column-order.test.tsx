// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moveColumn, orderColumns, visibleColumns, withWidths, type ColumnId } from './columns';
import { WatchlistGrid } from './WatchlistGrid';
import { GRID_PROPS } from './grid-test-props';

/** Column order: a header moved from the keyboard (a drag calls the same), kept as a setting. */
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

function Grid({ saved }: { saved: ColumnId[][] }) {
  const [order, setOrder] = useState<ColumnId[] | undefined>();
  const columns = withWidths(orderColumns(visibleColumns(['symbol', 'last', 'bid', 'ask'], false), order), {
    bid: 120,
  });
  return (
    <WatchlistGrid
      {...GRID_PROPS}
      columns={columns}
      onResize={() => undefined}
      onMoveColumn={(shown, id, to) => {
        const next = moveColumn(shown, order, id, to);
        saved.push(next);
        setOrder(next);
      }}
    />
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');

describe('watchlist column order', () => {
  it('Alt+←/→ on a header moves its column; the symbol stays first; the width goes with the column', async () => {
    const saved: ColumnId[][] = [];
    const user = userEvent.setup();
    render(<Grid saved={saved} />);
    expect(headers()).toEqual(['Move', 'Symbol', 'Last', 'Bid', 'Ask', 'Remove']);
    screen.getByRole('button', { name: 'Bid' }).focus();
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(headers()).toEqual(['Move', 'Symbol', 'Bid', 'Last', 'Ask', 'Remove']);
    expect(saved.at(-1)).toEqual(['symbol', 'bid', 'last', 'ask']);
    // Bid's 120 px went with it: second of the grid's columns now.
    expect(screen.getByRole('grid').style.getPropertyValue('--wl-cols')).toMatch(
      /^24px minmax\(72px, 1fr\) 120px /,
    );
    // Nothing goes before the symbol.
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(headers()).toEqual(['Move', 'Symbol', 'Bid', 'Last', 'Ask', 'Remove']);
    screen.getByRole('button', { name: 'Last' }).focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(headers()).toEqual(['Move', 'Symbol', 'Bid', 'Ask', 'Last', 'Remove']);
  });

  it('the symbol header does not move', async () => {
    const saved: ColumnId[][] = [];
    const user = userEvent.setup();
    render(<Grid saved={saved} />);
    const symbol = screen.getByRole('button', { name: 'Symbol' });
    expect(symbol.getAttribute('aria-keyshortcuts')).toBeNull();
    expect(screen.getByRole('button', { name: 'Last' }).getAttribute('aria-keyshortcuts')).toBe(
      'Alt+ArrowLeft Alt+ArrowRight',
    );
    symbol.focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(saved).toEqual([]);
    expect(headers()).toEqual(['Move', 'Symbol', 'Last', 'Bid', 'Ask', 'Remove']);
  });
});
