// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppQueryClient } from '../../lib/queries';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_WORKSPACE, type WorkspaceState } from '../../../shared/ui/workspace';
import { watchlistChoices, type FirstScreen } from '../../../shared/ui/first-watchlists';
import { panelsOpenedBy } from '../../shell/workspace/default-layout';
import { useQuoteStore } from '../quotes/quote-store';
import { prefetchFirstScreen, watchlistListQuery } from './first-screen';
import { WatchlistPanel } from './WatchlistPanel';

/**
 * The first screen's watchlists arrive in one reply that goes out as the code starts (docs/ui.md
 * "Start"), into the very cache entries the panel reads: a panel mounted afterwards asks for
 * nothing again and shows the prefetched prices at once. Which lists main picks, and how, is
 * electron/services/first-screen-source.test.ts.
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
const snap = (symbols: string[]) => symbols.map((symbol) => ({ symbol, price: PRICES[symbol] }));
/** What main answers for the default layout: the first list, one snapshot call per category. */
const FIRST = {
  lists: LISTS,
  members: [{ watchlistId: 'w1', instruments: MEMBERS.w1 }],
  snapshots: [
    { category: 'US_STOCK', symbols: ['AAPL', 'MSFT'], snapshots: snap(['AAPL', 'MSFT']) },
    { category: 'US_ETF', symbols: ['SPY'], snapshots: snap(['SPY']) },
  ],
} as unknown as FirstScreen;

let calls: Array<{ op: string; input: Record<string, unknown> }> = [];
let firstScreenFails = false;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
beforeEach(() => {
  calls = [];
  firstScreenFails = false;
  useQuoteStore.getState().reset();
  window.bullpen = {
    async invoke(op, input) {
      const i = input as Record<string, unknown>;
      calls.push({ op, input: i });
      if (op === 'watchlist.firstScreen')
        return firstScreenFails
          ? { ok: false, error: { code: 'NETWORK', message: 'down', retryable: true } }
          : { ok: true, value: FIRST };
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

const renderPanel = (qc: ReturnType<typeof createAppQueryClient>) =>
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
const listCalls = (from = 0) =>
  calls
    .slice(from)
    .map((c) => c.op)
    .filter((op) => op.startsWith('api.watchlist') || op === 'api.snapshot');

describe('prefetchFirstScreen', () => {
  it('is one call, and puts the snapshots in the quote store, so the first render of a row has its price', async () => {
    await prefetchFirstScreen(createAppQueryClient());
    expect(calls.map((c) => c.op)).toEqual(['watchlist.firstScreen']);
    const quotes = useQuoteStore.getState().quotes;
    expect(Object.fromEntries(Object.entries(quotes).map(([symbol, q]) => [symbol, q.price]))).toEqual({
      AAPL: '244.96',
      MSFT: '501.10',
      SPY: '662.35',
    });
  });

  it('a panel mounted afterwards asks for nothing again and shows the prices', async () => {
    const qc = createAppQueryClient();
    await prefetchFirstScreen(qc);
    const before = calls.length;
    renderPanel(qc);
    expect((await screen.findByTestId('price-AAPL')).textContent).toContain('244.96');
    expect(listCalls(before)).toEqual([]);
  });

  it('leaves an answer a panel already has as it is', async () => {
    const qc = createAppQueryClient();
    const own = [{ watchlist_id: 'w9', name: 'Mine', sort: 0 }];
    qc.setQueryData(watchlistListQuery().queryKey, own);
    await prefetchFirstScreen(qc);
    expect(qc.getQueryData(watchlistListQuery().queryKey)).toBe(own);
  });

  it('when it fails, the panel asks for its lists, members and snapshots itself', async () => {
    firstScreenFails = true;
    const qc = createAppQueryClient();
    await expect(prefetchFirstScreen(qc)).rejects.toThrow('down');
    renderPanel(qc);
    expect((await screen.findByTestId('price-AAPL')).textContent).toContain('244.96');
    expect(listCalls()).toEqual([
      'api.watchlistList',
      'api.watchlistInstruments',
      'api.snapshot',
      'api.snapshot',
    ]);
  });

  it('main picks lists for a workspace with no saved layout exactly when the default layout opens a watchlist', () => {
    const state: WorkspaceState = EMPTY_WORKSPACE;
    expect(watchlistChoices(state).length > 0).toBe(panelsOpenedBy(state).includes('watchlist'));
  });
});
