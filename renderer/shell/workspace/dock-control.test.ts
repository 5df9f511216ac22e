// @vitest-environment jsdom
import type { DockviewApi } from 'dockview-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestAlert } from '../../features/alerts';
import { useAlertDraft } from '../../features/alerts/alert-draft';
import { useDockControl } from './dock-control';

/**
 * Features bring a panel forward through lib/show-panel.ts, a port the dock fills in when it
 * attaches: the alerts form from a watchlist row, the ticket from a position's "Close".
 */
function bridge() {
  const sent: Array<[string, unknown]> = [];
  window.bullpen = {
    invoke: (op: string, input: unknown) => {
      sent.push([op, input]);
      return Promise.resolve({ ok: true as const, value: undefined });
    },
    subscribe: () => () => undefined,
  };
  return sent;
}

/** A dock holding panels of these components; records what it is asked to add or activate. */
function fakeDock(components: string[]) {
  const activated: string[] = [];
  const added: Array<{ id: string; component: string }> = [];
  const api = {
    panels: components.map((component, i) => ({
      id: `${component}-${i}`,
      view: { contentComponent: component },
      api: { setActive: () => activated.push(component) },
    })),
    groups: [],
    addPanel: (options: { id: string; component: string }) => added.push(options),
  };
  return { api: api as unknown as DockviewApi, activated, added };
}

afterEach(() => {
  useDockControl.getState().attach(undefined);
  delete window.bullpen;
});

describe('bringing a panel forward from a feature', () => {
  it('with a dock: activates its panel, or adds one when it has none; asks main for no window', () => {
    const sent = bridge();
    const withAlerts = fakeDock(['watchlist', 'alerts']);
    useDockControl.getState().attach(withAlerts.api);
    requestAlert({ symbol: 'AAPL' });
    expect(withAlerts.activated).toEqual(['alerts']);
    expect(withAlerts.added).toEqual([]);

    const without = fakeDock(['watchlist']);
    useDockControl.getState().attach(without.api);
    requestAlert({ symbol: 'MSFT' });
    expect(without.added.map((p) => p.component)).toEqual(['alerts']);
    expect(sent).toEqual([]);
    expect(useAlertDraft.getState().draft?.symbol).toBe('MSFT');
  });

  it('once the dock is gone (a pop-out window): opens the panel in a window of its own', async () => {
    const sent = bridge();
    const dock = fakeDock(['alerts']);
    useDockControl.getState().attach(dock.api);
    useDockControl.getState().attach(undefined);
    requestAlert({ symbol: 'AAPL' });
    await vi.waitFor(() => expect(sent).toEqual([['window.openPanel', { panel: 'alerts' }]]));
    expect(dock.activated).toEqual([]);
  });
});
