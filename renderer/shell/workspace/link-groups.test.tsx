// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LinkGroupSelect } from '../link-groups/LinkGroupSelect';
import { instrumentIn, useWorkspaceStore } from './workspace-store';

const AAPL = { symbol: 'AAPL', category: 'US_STOCK' } as const;
const SPY = { symbol: 'SPY', category: 'US_ETF' } as const;
const state = () => useWorkspaceStore.getState();
const shown = (id: string) => instrumentIn(state(), id);

beforeEach(() => {
  state().load({
    panels: {
      watchlist: { panel: 'watchlist', settings: {}, group: 'red' },
      chart: { panel: 'chart', settings: {}, group: 'red' },
      quote: { panel: 'quote', settings: {}, group: 'blue' },
      movers: { panel: 'movers', settings: {}, group: 'none' },
    },
    groups: {},
  });
});
afterEach(cleanup);

describe('link groups', () => {
  it('an instrument set in one panel drives every panel of its group and no other', () => {
    state().setInstrument('watchlist', AAPL);
    expect(shown('watchlist')).toEqual(AAPL);
    expect(shown('chart')).toEqual(AAPL);
    expect(shown('quote')).toBeUndefined();
    expect(shown('movers')).toBeUndefined();
  });

  it('an unlinked panel keeps its own instrument and drives nobody', () => {
    state().setInstrument('chart', AAPL);
    state().setInstrument('movers', SPY);
    expect(shown('movers')).toEqual(SPY);
    expect(shown('chart')).toEqual(AAPL);
  });

  it('joining a group adopts its instrument; leaving keeps what the panel showed', () => {
    state().setInstrument('chart', AAPL);
    state().setGroup('quote', 'red');
    expect(shown('quote')).toEqual(AAPL);
    state().setGroup('chart', 'none');
    state().setInstrument('watchlist', SPY);
    expect(shown('chart')).toEqual(AAPL);
    expect(shown('quote')).toEqual(SPY);
  });

  it('the header selector moves a panel to another group by keyboard-operable select', async () => {
    state().setInstrument('quote', SPY);
    render(<LinkGroupSelect instanceId="chart" />);
    const select = screen.getByRole('combobox', { name: 'Link group' });
    expect(select).toHaveProperty('value', 'red');
    await userEvent.selectOptions(select, 'Blue');
    expect(state().panels.chart?.group).toBe('blue');
    expect(shown('chart')).toEqual(SPY);
  });

  it('another environment forgets every instrument but keeps the groups', () => {
    state().setInstrument('watchlist', AAPL);
    state().setInstrument('movers', SPY);
    state().clearInstruments();
    expect(shown('chart')).toBeUndefined();
    expect(shown('movers')).toBeUndefined();
    expect(state().panels.chart?.group).toBe('red');
  });
});
