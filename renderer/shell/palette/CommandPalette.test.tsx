// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DockviewApi } from 'dockview-react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDockControl } from '../workspace/dock-control';
import { instrumentIn, useWorkspaceStore } from '../workspace/workspace-store';
import { CommandPalette } from './CommandPalette';
import { useOverlays } from './palette-store';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useGlobalShortcuts } from './shortcuts';

interface Call {
  op: string;
  input: Record<string, unknown>;
}

const UNIVERSE = [
  { symbol: 'MSFT', name: 'Microsoft Corporation', category: 'US_STOCK' },
  { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', category: 'US_ETF' },
];

/** A fake preload bridge answering the ops the palette calls, recording every call. */
function fakeBridge() {
  const calls: Call[] = [];
  const workspace = { active: 'Default', names: ['Default', 'Focus'], state: { panels: {}, groups: {} } };
  const handle = (op: string, input: Record<string, unknown>): unknown => {
    switch (op) {
      case 'workspace.get':
        return workspace;
      case 'workspace.switch':
      case 'workspace.saveAs':
        return { ...workspace, active: input.name };
      case 'workspace.reset':
        return workspace;
      case 'instruments.search': {
        const q = String(input.query).toUpperCase();
        return UNIVERSE.filter((h) => h.symbol.startsWith(q) || h.name.toUpperCase().startsWith(q));
      }
      case 'api.watchlistCreate':
        return { watchlist_id: 'w9', name: input.name, sort: 1 };
      case 'api.watchlistList':
        return [];
      default:
        throw new Error(`unexpected op ${op}`);
    }
  };
  window.bullpen = {
    async invoke(op, input) {
      calls.push({ op, input: (input ?? {}) as Record<string, unknown> });
      return { ok: true, value: handle(op, (input ?? {}) as Record<string, unknown>) };
    },
    subscribe: () => () => undefined,
  };
  return calls;
}

/** A stand-in for dockview's API: the open panels and their groups, the active one, and addPanel recorded. */
function fakeDock(active: string) {
  const ids = ['watchlist', 'chart', 'quote', 'activity'];
  const addPanel = vi.fn();
  const api = {
    panels: ids.map((id) => ({ id })),
    groups: ids.map((id) => ({ id, width: 400, height: 400 })),
    activePanel: { id: active },
    addPanel,
  } as unknown as DockviewApi;
  useDockControl.getState().attach(api);
  return addPanel;
}

function Shortcuts() {
  useGlobalShortcuts();
  return <input aria-label="Some field" />;
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Shortcuts />
      <CommandPalette />
      <ShortcutsHelp />
    </QueryClientProvider>,
  );
}

const store = () => useWorkspaceStore.getState();

beforeAll(() => {
  // jsdom has no modal dialogs or scrolling; the browser's showModal/close only toggle `open` here.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
  Element.prototype.scrollIntoView = () => undefined;
  // cmdk measures its list with a ResizeObserver, which jsdom lacks; nothing is laid out here anyway.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
let calls: Call[];
beforeEach(() => {
  calls = fakeBridge();
  useOverlays.getState().hide();
  store().load({
    panels: {
      watchlist: { panel: 'watchlist', settings: {}, group: 'red' },
      chart: { panel: 'chart', settings: { timespan: 'D' }, group: 'red' },
      quote: { panel: 'quote', settings: {}, group: 'red' },
      activity: { panel: 'activity', settings: {}, group: 'red' },
    },
    groups: {},
  });
});
afterEach(() => {
  cleanup();
  useDockControl.getState().attach(undefined);
});

const palette = () => screen.getByRole('dialog', { name: 'Command palette' });

describe('command palette', () => {
  it('opens with Ctrl+K and jumps to a symbol in the linked group, with its category', async () => {
    const user = userEvent.setup();
    fakeDock('activity'); // the active panel is not linkable: the first linkable one is used
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(within(palette()).getByRole('combobox'), 'sp');
    await user.click(await within(palette()).findByRole('option', { name: /SPY/ }, { timeout: 10_000 }));
    expect(instrumentIn(store(), 'chart')).toEqual({ symbol: 'SPY', category: 'US_ETF' });
    expect(instrumentIn(store(), 'quote')).toEqual({ symbol: 'SPY', category: 'US_ETF' });
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('a symbol typed in full and Enter jumps to it; the top-bar path (showPalette) opens it too', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    renderShell();
    useOverlays.getState().showPalette();
    const input = await within(await screen.findByRole('dialog', { name: 'Command palette' })).findByRole(
      'combobox',
    );
    await user.type(input, 'msft');
    await within(palette()).findByRole('option', { name: /MSFT/ }, { timeout: 10_000 });
    await user.keyboard('{Enter}');
    expect(instrumentIn(store(), 'chart')).toEqual({ symbol: 'MSFT', category: 'US_STOCK' });
  });

  it('opens a panel from the registry', async () => {
    const user = userEvent.setup();
    const addPanel = fakeDock('chart');
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(within(palette()).getByRole('option', { name: 'Open Movers' }));
    expect(addPanel).toHaveBeenCalledWith(expect.objectContaining({ id: 'movers', component: 'movers' }));
  });

  it("switches the chart's timespan and runs a panel command", async () => {
    const user = userEvent.setup();
    fakeDock('watchlist');
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(within(palette()).getByRole('option', { name: /Chart timespan: 5 minutes/ }));
    expect(store().panels.chart?.settings).toMatchObject({ timespan: 'M5' });
    await user.keyboard('{Control>}k{/Control}');
    await user.click(within(palette()).getByRole('option', { name: 'Chart: Show or hide SMA' }));
    expect(store().panels.chart?.settings).toMatchObject({ timespan: 'M5', indicators: { sma: true } });
  });

  it('"cancel" finds the blotter\'s open orders, not the chart\'s log scale, and brings them forward', async () => {
    const user = userEvent.setup();
    const setActive = vi.fn();
    useDockControl.getState().attach({
      panels: ['watchlist', 'chart', 'orders'].map((id) => ({ id })),
      groups: [{ id: 'g', width: 400, height: 400 }],
      activePanel: { id: 'chart' },
      addPanel: vi.fn(),
      getPanel: (id: string) => (id === 'orders' ? { api: { setActive } } : undefined),
    } as unknown as DockviewApi);
    store().load({
      panels: {
        watchlist: { panel: 'watchlist', settings: {}, group: 'red' },
        chart: { panel: 'chart', settings: { timespan: 'D' }, group: 'red' },
        orders: { panel: 'orders', settings: { tab: 'history' }, group: 'red' },
      },
      groups: {},
    });
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(within(palette()).getByRole('combobox'), 'cancel');
    const options = within(palette())
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.some((o) => /log scale/i.test(o ?? ''))).toBe(false);
    await user.click(within(palette()).getByRole('option', { name: 'Cancel or replace an open order' }));
    expect(store().panels.orders?.settings).toMatchObject({ tab: 'open' });
    expect(setActive).toHaveBeenCalled();
  });

  it('creates a watchlist and shows it in the watchlist panel', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(within(palette()).getByRole('option', { name: 'New watchlist…' }));
    await user.type(within(palette()).getByRole('textbox', { name: 'New watchlist name' }), 'Semis');
    await user.click(within(palette()).getByRole('button', { name: 'Create watchlist' }));
    await waitFor(() => expect(store().panels.watchlist?.settings).toMatchObject({ watchlistId: 'w9' }));
    expect(calls).toContainEqual({ op: 'api.watchlistCreate', input: { name: 'Semis' } });
  });

  it('keeps the palette open with main’s refusal when a write fails, and a retry goes through', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    const bridge = window.bullpen;
    if (!bridge) throw new Error('no bridge');
    let refuse = true;
    window.bullpen = {
      ...bridge,
      invoke(op, input, options) {
        if (op === 'api.watchlistCreate' && refuse)
          return Promise.resolve({
            ok: false,
            error: { code: 'INVALID_PARAMETER', message: 'A watchlist named Semis exists', retryable: false },
          });
        return bridge.invoke(op, input, options);
      },
    };
    renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(within(palette()).getByRole('option', { name: 'New watchlist…' }));
    await user.type(within(palette()).getByRole('textbox', { name: 'New watchlist name' }), 'Semis');
    await user.click(within(palette()).getByRole('button', { name: 'Create watchlist' }));
    expect((await within(palette()).findByRole('alert')).textContent).toContain(
      'A watchlist named Semis exists',
    );
    expect(within(palette()).getByRole('textbox', { name: 'New watchlist name' })).toHaveProperty(
      'value',
      'Semis',
    );
    refuse = false;
    await user.click(within(palette()).getByRole('button', { name: 'Create watchlist' }));
    await waitFor(() => expect(store().panels.watchlist?.settings).toMatchObject({ watchlistId: 'w9' }));
  });

  it('switches workspace through workspace.switch and rebuilds the dock', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    renderShell();
    const before = useDockControl.getState().generation;
    await user.keyboard('{Control>}k{/Control}');
    await user.click(await within(palette()).findByRole('option', { name: 'Switch to workspace Focus' }));
    await waitFor(() => expect(useDockControl.getState().generation).toBe(before + 1));
    expect(calls).toContainEqual({ op: 'workspace.switch', input: { name: 'Focus' } });
  });
});

describe('shortcuts', () => {
  it('? opens the help overlay listing the shortcuts; Escape closes it', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    renderShell();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Open or close the command palette')).toBeTruthy();
    help.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
  });

  it('single-key shortcuts are ignored while typing in a field', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    renderShell();
    await user.type(screen.getByRole('textbox', { name: 'Some field' }), '?]/');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store().panels.chart?.settings).toMatchObject({ timespan: 'D' });
  });

  it('[ and ] step the active chart through the timespans', async () => {
    const user = userEvent.setup();
    fakeDock('chart');
    renderShell();
    await user.keyboard(']');
    expect(store().panels.chart?.settings).toMatchObject({ timespan: 'W' });
    // user-event reads "[" as the start of a key name; "[[" is one literal "[".
    await user.keyboard('[[[[');
    expect(store().panels.chart?.settings).toMatchObject({ timespan: 'M240' });
  });
});
