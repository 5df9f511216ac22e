// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppQueryClient } from '../../lib/queries';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_WORKSPACE, type WorkspaceState } from '../../../shared/ui/workspace';
import { panelsOpenedBy } from '../../app/workspace/default-layout';
import { useQuoteStore } from '../quotes/quote-store';
import { prefetchFirstWatchlists } from './first-screen';
import { WatchlistPanel } from './WatchlistPanel';

/**
 * The first screen's watchlist calls go out with the workspace's answer (docs/ui.md "Start"), into
 * the very cache entries the panel reads: a panel mounted afterwards asks for nothing again and
 * shows the prefetched prices at once.
 */
const LISTS = [
  { watchlist_id: 'w1', name: 'Core', sort: 0 },
  { watchlist_id: 'w2', name: 'Funds', sort: 1 },
];
const MEMBERS: Record<string, Array<{ symbol: string; category: string; name: string; sort: number }>> = {
  w1: [
    { symbol: 'MSFT', category: 'US_STOCK', name: 'Microsoft', sort: 1 },
    { symbol: 'AAPL', category: 'US_STOCK', name: 'Apple', sort: 0 },
    { symbol: 'SPY', category: 'US_ETF', name: 'SPDR S&P 500', sort: 2 },
  ],
  w2: [{ symbol: 'QQQ', category: 'US_ETF', name: 'Invesco QQQ', sort: 0 }],
};
const PRICES: Record<string, string> = { AAPL: '244.96', MSFT: '501.10', SPY: '662.35', QQQ: '355.38' };

let calls: Array<{ op: string; input: Record<string, unknown> }> = [];
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
beforeEach(() => {
  calls = [];
  useQuoteStore.getState().reset();
  window.bullpen = {
    async invoke(op, input) {
      const i = input as Record<string, unknown>;
      calls.push({ op, input: i });
      if (op === 'api.watchlistList') return { ok: true, value: LISTS };
      if (op === 'api.watchlistInstruments')
        return { ok: true, value: MEMBERS[i.watchlist_id as string] ?? [] };
      if (op === 'api.snapshot')
        return {
          ok: true,
          value: (i.symbols as string[]).map((symbol) => ({ symbol, price: PRICES[symbol] })),
        };
      return { ok: true, value: {} };
    },
    subscribe: () => () => undefined,
  };
});
afterEach(cleanup);

const ops = () => calls.map((c) => c.op);
const workspaceWith = (settings: Record<string, unknown>): WorkspaceState => ({
  layout: { grid: {} },
  panels: { watchlist: { panel: 'watchlist', settings, group: 'red' } },
  groups: {},
});

describe('prefetchFirstWatchlists', () => {
  it('on the default layout: the first list, its members, one snapshot per category', async () => {
    const qc = createAppQueryClient();
    await prefetchFirstWatchlists(qc, EMPTY_WORKSPACE, panelsOpenedBy(EMPTY_WORKSPACE));
    expect(ops()).toEqual(['api.watchlistList', 'api.watchlistInstruments', 'api.snapshot', 'api.snapshot']);
    expect(calls[1]?.input).toEqual({ watchlist_id: 'w1' });
    expect(calls.slice(2).map((c) => c.input)).toEqual([
      { symbols: ['AAPL', 'MSFT'], category: 'US_STOCK' },
      { symbols: ['SPY'], category: 'US_ETF' },
    ]);
  });

  it('puts the snapshots in the quote store, so the first render of a row has its price', async () => {
    const qc = createAppQueryClient();
    await prefetchFirstWatchlists(qc, EMPTY_WORKSPACE, panelsOpenedBy(EMPTY_WORKSPACE));
    const quotes = useQuoteStore.getState().quotes;
    expect(Object.fromEntries(Object.entries(quotes).map(([symbol, q]) => [symbol, q.price]))).toEqual({
      AAPL: '244.96',
      MSFT: '501.10',
      SPY: '662.35',
    });
  });

  it('a panel mounted afterwards asks for nothing again and shows the prices', async () => {
    const qc = createAppQueryClient();
    await prefetchFirstWatchlists(qc, EMPTY_WORKSPACE, panelsOpenedBy(EMPTY_WORKSPACE));
    const before = calls.length;
    render(
      <QueryClientProvider client={qc}>
        <WatchlistPanel
          instanceId="watchlist"
          settings={{}}
          updateSettings={() => undefined}
          instrument={undefined}
          setInstrument={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('price-AAPL')).textContent).toContain('244.96');
    const again = calls.slice(before).map((c) => c.op);
    expect(again.filter((op) => op.startsWith('api.watchlist') || op === 'api.snapshot')).toEqual([]);
  });

  it("follows each watchlist panel's stored list, and falls back to the first when it is gone", async () => {
    const qc = createAppQueryClient();
    await prefetchFirstWatchlists(qc, workspaceWith({ watchlistId: 'w2' }), ['watchlist']);
    expect(calls.filter((c) => c.op === 'api.watchlistInstruments').map((c) => c.input)).toEqual([
      { watchlist_id: 'w2' },
    ]);
    calls = [];
    await prefetchFirstWatchlists(createAppQueryClient(), workspaceWith({ watchlistId: 'gone' }), [
      'watchlist',
    ]);
    expect(calls.filter((c) => c.op === 'api.watchlistInstruments').map((c) => c.input)).toEqual([
      { watchlist_id: 'w1' },
    ]);
  });

  it('asks for nothing when the workspace opens no watchlist', async () => {
    const state: WorkspaceState = {
      layout: { grid: {} },
      panels: { chart: { panel: 'chart', settings: {}, group: 'red' } },
      groups: {},
    };
    await prefetchFirstWatchlists(createAppQueryClient(), state, panelsOpenedBy(state));
    expect(calls).toEqual([]);
  });
});
