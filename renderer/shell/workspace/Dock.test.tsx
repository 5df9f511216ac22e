// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceInfo } from '../../../shared/ui/workspace';
import { Dock } from './Dock';
import { useDockControl } from './dock-control';

const bridge = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../lib/bridge', async (original) => ({
  ...(await original<typeof import('../../lib/bridge')>()),
  invoke: bridge.invoke,
}));
// The panels' own content is not what this test is about: the dock lays out empty frames.
vi.mock('../panels/PanelHost', () => ({ PanelHost: () => null }));

// jsdom lays nothing out and has no ResizeObserver, which dockview watches its frames with.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

const INFO: WorkspaceInfo = {
  active: 'Default',
  names: ['Default'],
  state: { layout: null, panels: {}, groups: {} } as unknown as WorkspaceInfo['state'],
};

afterEach(() => {
  cleanup();
  bridge.invoke.mockReset();
});

function renderDock() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Dock info={INFO} />
    </QueryClientProvider>,
  );
  return client;
}

describe('Dock layout autosave', () => {
  it('a save main refuses shows its message, through the shared mutation machinery', async () => {
    bridge.invoke.mockImplementation((op: string) => {
      if (op === 'environments.list') return Promise.resolve({ activeId: 'sandbox', environments: [] });
      if (op === 'workspace.set') return Promise.reject(new Error('disk full'));
      return new Promise(() => undefined);
    });
    const client = renderDock();
    await useDockControl.getState().flush();

    const banner = await screen.findByText('The workspace could not be saved: disk full');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(bridge.invoke).toHaveBeenCalledWith(
      'workspace.set',
      expect.objectContaining({ state: expect.any(Object) }),
    );
    // The save is a TanStack mutation like every other write (its state, not the component's own).
    const saves = client.getMutationCache().getAll();
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.map((m) => m.state.status)).toContain('error');
    expect(saves.map((m) => m.state.error?.message)).toContain('disk full');
  });

  it('the next save that succeeds clears the message', async () => {
    let fail = true;
    bridge.invoke.mockImplementation((op: string) => {
      if (op === 'environments.list') return Promise.resolve({ activeId: 'sandbox', environments: [] });
      if (op === 'workspace.set') return fail ? Promise.reject(new Error('disk full')) : Promise.resolve({});
      return new Promise(() => undefined);
    });
    renderDock();
    await useDockControl.getState().flush();
    await screen.findByText('The workspace could not be saved: disk full');
    fail = false;
    await useDockControl.getState().flush();
    await waitFor(() => expect(screen.queryByText(/could not be saved/)).toBeNull());
  });
});
