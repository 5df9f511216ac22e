// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartMenu, chartMenuItems } from './ChartMenu';

afterEach(cleanup);

describe('the chart menu', () => {
  it('offers orders and an alert at the price, and works from the keyboard', () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(
      <ChartMenu
        x={10}
        y={20}
        price="181.25"
        items={chartMenuItems('181.25')}
        onPick={onPick}
        onClose={onClose}
      />,
    );
    const menu = screen.getByRole('menu', { name: 'Chart at 181.25' });
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual([
      'Buy limit at 181.25',
      'Sell limit at 181.25',
      'Buy stop at 181.25',
      'Sell stop at 181.25',
      'Alert at 181.25',
    ]);
    // Focus starts on the first item; Down moves, Up from the first wraps to the last.
    expect(document.activeElement?.textContent).toBe('Buy limit at 181.25');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Buy stop at 181.25');
    fireEvent.keyDown(menu, { key: 'Home' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Alert at 181.25');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sell stop at 181.25' }));
    expect(onPick).toHaveBeenCalledWith({
      kind: 'stage',
      order: { side: 'SELL', orderType: 'STOP_LOSS' },
      label: 'Sell stop at 181.25',
    });
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
