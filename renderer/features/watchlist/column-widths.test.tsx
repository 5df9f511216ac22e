// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visibleColumns, withWidths, type ColumnId } from './columns';
import { WatchlistGrid } from './WatchlistGrid';
import { GRID_PROPS } from './grid-test-props';

/** Column widths: set from a header's handle (keys here; a drag does the same), kept as settings. */
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

function Grid({ saved }: { saved: Array<Partial<Record<ColumnId, number>>> }) {
  const [widths, setWidths] = useState<Partial<Record<ColumnId, number>>>({});
  return (
    <WatchlistGrid
      {...GRID_PROPS}
      columns={withWidths(visibleColumns(['symbol', 'last', 'bid'], false), widths)}
      onResize={(c, w) => {
        const { [c]: _old, ...rest } = widths;
        const next = w === undefined ? rest : { ...rest, [c]: w };
        saved.push(next);
        setWidths(next);
      }}
    />
  );
}

describe('watchlist column widths', () => {
  it('a header handle widens and narrows its column from the keyboard, Home gives its own width back', async () => {
    const saved: Array<Partial<Record<ColumnId, number>>> = [];
    const user = userEvent.setup();
    render(<Grid saved={saved} />);
    const handle = screen.getByRole('separator', { name: 'Resize Last column' });
    expect(handle.getAttribute('aria-valuenow')).toBe('76');
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(saved.at(-1)).toEqual({ last: 92 });
    expect(screen.getByRole('grid').style.getPropertyValue('--wl-cols')).toContain(' 92px ');
    await user.keyboard('{ArrowLeft}');
    expect(saved.at(-1)).toEqual({ last: 84 });
    await user.keyboard('{Home}');
    expect(saved.at(-1)).toEqual({});
    expect(screen.getByRole('separator', { name: 'Resize Last column' }).getAttribute('aria-valuenow')).toBe(
      '76',
    );
  });

  it('ignores a saved width that is out of range', () => {
    const cols = withWidths(visibleColumns(['symbol', 'last'], false), { last: 9999, symbol: 100 });
    expect(cols.map((c) => [c.id, c.width, Boolean(c.fixed)])).toEqual([
      ['symbol', 100, true],
      ['last', 76, false],
    ]);
  });
});
