// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkedInstrument } from '../../ui/panel-types';
import { useQuoteStore } from '../quotes/quote-store';
import { useAlertDraft } from '../alerts/alert-draft';
import { WatchlistPanel, type WatchlistSettings } from './WatchlistPanel';

type Member = { symbol: string; category: string; name: string; instrument_id: string; sort: number };
interface Call {
  op: string;
  input: Record<string, unknown>;
}

const UNIVERSE: Record<string, string> = {
  AAPL: 'Apple Inc.',
  MSFT: 'Microsoft Corporation',
  NVDA: 'NVIDIA Corporation',
  SPY: 'SPDR S&P 500 ETF Trust',
};

/** An in-memory watchlist server behind a fake preload bridge; ops can be made to fail or wait. */
function fakeServer(symbols = ['AAPL', 'MSFT', 'NVDA']) {
  let lists = [{ watchlist_id: 'w1', name: 'Core', sort: 0 }];
  const members: Record<string, Member[]> = {
    w1: symbols.map((s, sort) => ({
      symbol: s,
      category: 'US_STOCK',
      name: UNIVERSE[s] ?? s,
      instrument_id: s,
      sort,
    })),
  };
  const calls: Call[] = [];
  const failures: Record<string, string> = {};
  const gates: Record<string, Array<() => void>> = {};
  let nextId = 2;
  const handle = (op: string, input: Record<string, unknown>): unknown => {
    const id = input.watchlist_id as string;
    const refs = (input.instruments as Array<{ symbol: string }> | undefined) ?? [];
    switch (op) {
      case 'api.watchlistList':
        return lists;
      case 'api.watchlistCreate': {
        const w = { watchlist_id: `w${nextId++}`, name: input.name as string, sort: lists.length };
        lists = [...lists, w];
        members[w.watchlist_id] = [];
        return w;
      }
      case 'api.watchlistUpdate':
        lists = lists.map((w) => (w.watchlist_id === id ? { ...w, name: input.name as string } : w));
        return lists.find((w) => w.watchlist_id === id);
      case 'api.watchlistDelete':
        lists = lists.filter((w) => w.watchlist_id !== id);
        return { watchlist_id: id, deleted: true };
      case 'api.watchlistInstruments':
        return members[id] ?? [];
      case 'api.watchlistAdd': {
        const m = members[id] ?? [];
        for (const r of refs)
          m.push({
            symbol: r.symbol,
            category: 'US_STOCK',
            name: UNIVERSE[r.symbol] ?? '',
            instrument_id: r.symbol,
            sort: m.length,
          });
        members[id] = m;
        return m;
      }
      case 'api.watchlistRemove': {
        const gone = new Set(refs.map((r) => r.symbol));
        members[id] = (members[id] ?? [])
          .filter((x) => !gone.has(x.symbol))
          .map((x, sort) => ({ ...x, sort }));
        return members[id];
      }
      case 'api.watchlistReorder': {
        const m = members[id] ?? [];
        members[id] = refs.map((r, sort) => ({ ...(m.find((x) => x.symbol === r.symbol) as Member), sort }));
        return members[id];
      }
      case 'instruments.search': {
        const q = (input.query as string).toUpperCase();
        return Object.entries(UNIVERSE)
          .filter(([s, n]) => s.startsWith(q) || n.toUpperCase().startsWith(q))
          .map(([symbol, name]) => ({ symbol, name, category: 'US_STOCK' }));
      }
      case 'api.snapshot':
        return [];
      default:
        throw new Error(`unexpected op ${op}`);
    }
  };
  window.bullpen = {
    async invoke(op, input) {
      calls.push({ op, input: input as Record<string, unknown> });
      const gate = gates[op]?.length ? new Promise<void>((r) => gates[op]?.push(r)) : undefined;
      if (gate) await gate;
      const code = failures[op];
      if (code) {
        delete failures[op];
        return { ok: false, error: { code, message: 'try later', retryable: false } };
      }
      return { ok: true, value: handle(op, input as Record<string, unknown>) };
    },
    subscribe: () => () => undefined,
  };
  return {
    calls,
    members,
    fail: (op: string, code: string) => (failures[op] = code),
    /** Hold every call of `op` until `release()`; returns the release function. */
    hold(op: string) {
      const waiting: Array<() => void> = [() => undefined];
      gates[op] = waiting;
      return () => {
        delete gates[op];
        for (const r of waiting.splice(0)) r();
      };
    },
    count: (op: string) => calls.filter((c) => c.op === op).length,
  };
}

function Harness() {
  const [settings, setSettings] = useState<WatchlistSettings>({});
  const [instrument, setInstrument] = useState<LinkedInstrument | undefined>();
  return (
    <>
      <output aria-label="linked">{instrument?.symbol ?? ''}</output>
      <WatchlistPanel
        instanceId="watchlist"
        settings={settings}
        updateSettings={(p) => setSettings((s) => ({ ...s, ...p }))}
        instrument={instrument}
        setInstrument={setInstrument}
      />
    </>
  );
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const symbolsShown = () =>
  screen
    .getAllByRole('row')
    .map((r) => r.getAttribute('data-symbol'))
    .filter(Boolean);

beforeAll(() => {
  // jsdom lays nothing out; TanStack Virtual measures the scroller, so give elements a size.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  // jsdom has no modal dialogs; the browser's showModal/close only toggle `open` here.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});
let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  useQuoteStore.getState().reset();
});
afterEach(cleanup);

describe('WatchlistPanel', () => {
  it('creates, renames and deletes (after confirmation) a watchlist', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    await user.click(screen.getByRole('button', { name: 'New list' }));
    const create = screen.getByRole('dialog', { name: 'New watchlist' });
    await user.type(within(create).getByRole('textbox', { name: 'Name' }), 'Tech');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    const select = screen.getByRole('combobox', { name: 'Choose watchlist' });
    await waitFor(() => expect(select).toHaveProperty('value', 'w2'));
    expect(await screen.findByText(/This watchlist is empty/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rename list' }));
    const rename = screen.getByRole('dialog', { name: 'Rename watchlist' });
    const name = within(rename).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Semis');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    await screen.findByRole('option', { name: 'Semis' });

    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete watchlist' });
    expect(server.count('api.watchlistDelete')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Semis' })).toBeNull());
    expect(server.calls.find((c) => c.op === 'api.watchlistDelete')?.input).toEqual({ watchlist_id: 'w2' });
  });

  it('refuses a blank or whitespace name at the field when creating or renaming, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    await user.click(screen.getByRole('button', { name: 'New list' }));
    const create = screen.getByRole('dialog', { name: 'New watchlist' });
    const name = within(create).getByRole('textbox', { name: 'Name' });
    await user.type(name, '   ');
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/enter a name/i);
    // Enter in the field is refused the same way; the dialog stays open with what was typed.
    await user.type(name, '{Enter}');
    expect(screen.getByRole('dialog', { name: 'New watchlist' })).toBeTruthy();
    expect(server.count('api.watchlistCreate')).toBe(0);
    // Typing a real name clears the error.
    await user.type(name, 'Tech');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    await user.click(within(create).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Rename list' }));
    const rename = screen.getByRole('dialog', { name: 'Rename watchlist' });
    const renamed = within(rename).getByRole('textbox', { name: 'Name' });
    await user.clear(renamed);
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(renamed.getAttribute('aria-invalid')).toBe('true');
    expect(server.count('api.watchlistUpdate')).toBe(0);
  });

  it('adds a symbol through the search box with the keyboard', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    await user.type(screen.getByRole('combobox', { name: 'Add symbol' }), 'spd');
    await screen.findByRole('option', { name: /SPY/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(symbolsShown()).toEqual(['AAPL', 'MSFT', 'NVDA', 'SPY']));
    expect(server.calls.find((c) => c.op === 'api.watchlistAdd')?.input).toEqual({
      watchlist_id: 'w1',
      instruments: [{ symbol: 'SPY', category: 'US_STOCK' }],
    });
  });

  it('removes with the row button and with Delete, and Undo puts it back in place', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    await user.click(screen.getByRole('button', { name: 'Remove MSFT' }));
    await waitFor(() => expect(symbolsShown()).toEqual(['AAPL', 'NVDA']));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.members.w1?.map((m) => m.symbol)).toEqual(['AAPL', 'MSFT', 'NVDA']));
    await waitFor(() => expect(symbolsShown()).toEqual(['AAPL', 'MSFT', 'NVDA']));

    const cell = screen.getByRole('gridcell', { name: 'NVDA' });
    cell.focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(symbolsShown()).toEqual(['AAPL', 'MSFT']));
  });

  it('A on a focused row asks for a price alert on that instrument at its last price', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    act(() => useQuoteStore.getState().applyBatch([{ symbol: 'MSFT', time: Date.now(), price: '415.20' }]));
    const before = useAlertDraft.getState().seq;
    screen.getByRole('gridcell', { name: 'MSFT' }).focus();
    await user.keyboard('a');
    expect(useAlertDraft.getState().seq).toBe(before + 1);
    expect(useAlertDraft.getState().draft).toEqual({ symbol: 'MSFT', category: 'US_STOCK', value: '415.20' });
  });

  it('reorders by keyboard, links with Enter, and rolls back a failed reorder naming the error code', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    screen.getByRole('gridcell', { name: 'AAPL' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(symbolsShown()).toEqual(['MSFT', 'AAPL', 'NVDA']));
    await waitFor(() => expect(server.members.w1?.map((m) => m.symbol)).toEqual(['MSFT', 'AAPL', 'NVDA']));
    // Focus followed the moved row; Enter links it to the panel's group.
    expect(document.activeElement?.closest('[role="row"]')?.getAttribute('data-symbol')).toBe('AAPL');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'linked' }).textContent).toBe('AAPL');

    server.fail('api.watchlistReorder', 'RATE_LIMITED');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('RATE_LIMITED');
    expect(alert.textContent).toContain('reorder');
    await waitFor(() => expect(symbolsShown()).toEqual(['MSFT', 'AAPL', 'NVDA']));
  });

  it('moves focus across the grid with the arrow keys (roving tabindex)', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    screen.getByRole('gridcell', { name: 'AAPL' }).focus();
    await user.keyboard('{ArrowDown}');
    // Focus follows in an effect after the render the key caused (later still on a loaded machine).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('gridcell', { name: 'MSFT' })));
    expect(screen.getByRole('gridcell', { name: 'MSFT' }).tabIndex).toBe(0);
    expect(screen.getByRole('gridcell', { name: 'AAPL' }).tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Microsoft Corporation'));
  });

  it('serialises two quick writes to one list: the second waits for the first', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    const release = server.hold('api.watchlistRemove');
    await user.click(screen.getByRole('button', { name: 'Remove AAPL' }));
    await user.click(screen.getByRole('button', { name: 'Remove MSFT' }));
    // Both are gone at once (optimistic), but only one call has reached the server.
    await waitFor(() => expect(symbolsShown()).toEqual(['NVDA']));
    await waitFor(() => expect(server.count('api.watchlistRemove')).toBe(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(server.count('api.watchlistRemove')).toBe(1);
    release();
    await waitFor(() => expect(server.count('api.watchlistRemove')).toBe(2));
    const removed = server.calls
      .filter((c) => c.op === 'api.watchlistRemove')
      .map((c) => c.input.instruments);
    expect(removed).toEqual([
      [{ symbol: 'AAPL', category: 'US_STOCK' }],
      [{ symbol: 'MSFT', category: 'US_STOCK' }],
    ]);
    await waitFor(() => expect(server.members.w1?.map((m) => m.symbol)).toEqual(['NVDA']));
  });

  it('renders only the visible window of a 1,000-symbol list', async () => {
    cleanup();
    server = fakeServer(Array.from({ length: 1000 }, (_, i) => `S${String(i).padStart(4, '0')}`));
    renderPanel();
    await screen.findByRole('row', { name: /S0000/ });
    const drawn = symbolsShown().length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(100);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('1001');
  });

  it('sends the window only the rows it renders (main holds the rest), every row while sorted by a live column', async () => {
    cleanup();
    const symbols = Array.from({ length: 1000 }, (_, i) => `S${String(i).padStart(4, '0')}`);
    server = fakeServer(symbols);
    // The quotes subscriptions open now: what main is asked to send (`hold`: stream, send nothing).
    const open = new Set<{ symbols: string[]; hold?: boolean }>();
    const bridge = window.bullpen;
    if (!bridge) throw new Error('no bridge');
    bridge.subscribe = (stream, params) => {
      if (stream !== 'quotes') return () => undefined;
      const sub = params as { symbols: string[]; hold?: boolean };
      open.add(sub);
      return () => open.delete(sub);
    };
    const named = (hold: boolean) =>
      new Set([...open].filter((s) => Boolean(s.hold) === hold).flatMap((s) => s.symbols));
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /S0000/ });
    await waitFor(() => expect(named(true).size).toBe(1000));
    const checkSent = () => {
      const drawn = symbolsShown() as string[];
      const sent = named(false);
      for (const symbol of drawn) expect(sent.has(symbol), symbol).toBe(true);
      // Whole blocks of 20 rows around what is drawn: never the list.
      expect(sent.size).toBeLessThanOrEqual(drawn.length + 40);
    };
    await waitFor(checkSent);

    // Scrolled halfway: the rows sent follow the rows drawn.
    // The grid's scroller holds its header and body row groups.
    const target = screen.getByRole('grid').querySelector('[role="rowgroup"]')?.parentElement;
    if (!target) throw new Error('no scroller');
    const before = open.size;
    const opened = [...open];
    act(() => {
      target.scrollTop = 500 * 28;
      target.dispatchEvent(new Event('scroll'));
    });
    // The scroll's own task renders the rows and asks main for nothing: the blocks follow in a
    // task of their own (SentRows.tsx, renderedRange).
    expect(open.size).toBe(before);
    expect([...open]).toEqual(opened);
    await screen.findByRole('row', { name: /S0500/ });
    await waitFor(checkSent);
    expect(named(false).has('S0000')).toBe(false);

    // Sorted by Last, the order needs every row's live price.
    const header = screen.getByRole('columnheader', { name: /Last/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(named(false).size).toBe(1000));
  });

  it('sorts by a header and back to the user order, with aria-sort', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('row', { name: /AAPL/ });
    act(() =>
      useQuoteStore.getState().applyBatch([
        { symbol: 'AAPL', time: 1, price: '190' },
        { symbol: 'MSFT', time: 1, price: '410' },
        { symbol: 'NVDA', time: 1, price: '95.5' },
      ]),
    );
    const header = screen.getByRole('columnheader', { name: /Last/ });
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(symbolsShown()).toEqual(['NVDA', 'AAPL', 'MSFT']);
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(symbolsShown()).toEqual(['MSFT', 'AAPL', 'NVDA']);
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(symbolsShown()).toEqual(['AAPL', 'MSFT', 'NVDA']);
  });
});
