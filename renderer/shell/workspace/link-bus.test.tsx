// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LinkMessage } from '../../../shared/ipc/app-types';
import { useLinkBus } from './link-bus';
import { instrumentIn, useWorkspaceStore } from './workspace-store';

/**
 * Link groups across windows (docs/ui.md "Link groups"): a group's instrument chosen here is told to
 * main for the other windows; one chosen in another window moves this window's group, and is not
 * told back (main never echoes to the sender, and this window does not re-tell what it was told).
 */
let published: unknown[] = [];
let deliver: ((m: LinkMessage) => void) | undefined;
beforeEach(() => {
  published = [];
  deliver = undefined;
  window.bullpen = {
    invoke: (op: string, input: unknown) => {
      if (op === 'links.publish') published.push(input);
      return Promise.resolve({ ok: true as const, value: { delivered: true } });
    },
    subscribe: (stream: string, _params: unknown, onData: (d: unknown) => void) => {
      if (stream === 'links') deliver = onData as (m: LinkMessage) => void;
      return () => {
        if (stream === 'links') deliver = undefined;
      };
    },
  };
  useWorkspaceStore.getState().load({
    panels: {
      chart: { panel: 'chart', settings: {}, group: 'red' },
      quote: { panel: 'quote', settings: {}, group: 'blue' },
      movers: { panel: 'movers', settings: {}, group: 'none' },
    },
    groups: {},
  });
});
afterEach(cleanup);

function Bus() {
  useLinkBus();
  return null;
}
const MSFT = { symbol: 'MSFT', category: 'US_STOCK' } as const;
const SPY = { symbol: 'SPY', category: 'US_ETF' } as const;

describe('useLinkBus', () => {
  it('tells main when a group gets an instrument here, not when an unlinked panel does', () => {
    render(<Bus />);
    act(() => useWorkspaceStore.getState().setInstrument('chart', MSFT));
    act(() => useWorkspaceStore.getState().setInstrument('movers', SPY));
    expect(published).toEqual([{ group: 'red', ...MSFT }]);
    // The same instrument again is no news.
    act(() => useWorkspaceStore.getState().setInstrument('chart', MSFT));
    expect(published).toHaveLength(1);
  });

  it("follows another window's choice for the group, without telling it back", () => {
    render(<Bus />);
    expect(deliver).toBeDefined();
    act(() => deliver?.({ group: 'blue', instrument: SPY }));
    expect(instrumentIn(useWorkspaceStore.getState(), 'quote')).toEqual(SPY);
    expect(instrumentIn(useWorkspaceStore.getState(), 'chart')).toBeUndefined();
    expect(published).toEqual([]);
    // A later choice here is told again.
    act(() => useWorkspaceStore.getState().setInstrument('quote', MSFT));
    expect(published).toEqual([{ group: 'blue', ...MSFT }]);
  });

  it('stops listening when unmounted', () => {
    const view = render(<Bus />);
    view.unmount();
    expect(deliver).toBeUndefined();
    act(() => useWorkspaceStore.getState().setInstrument('chart', MSFT));
    expect(published).toEqual([]);
  });
});
