// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { lazyPanel, PanelLoadingContext, preloadPanelComponent } from './lazy-panel';
import type { PanelProps } from '../../ui/panel-types';

/** A panel that shows its instance id, loaded through `factory`. */
const Shown = (p: PanelProps<object>) => <p>panel {p.instanceId}</p>;
const props = { instanceId: 'x' } as unknown as PanelProps<object>;

/** The host as PanelHost sets it up: a loading frame and an error boundary, and no Suspense. */
function Host({ children }: { children: React.ReactNode }) {
  return (
    <ErrorBoundary name="Test">
      <PanelLoadingContext.Provider value={<p>loading</p>}>{children}</PanelLoadingContext.Provider>
    </ErrorBoundary>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('lazyPanel: a panel whose code can load before it renders', () => {
  it('loads once: a render after a preload uses the same load, and shows the panel in its first render', async () => {
    const factory = vi.fn(async () => Shown);
    const Panel = lazyPanel(factory);
    preloadPanelComponent(Panel);
    preloadPanelComponent(Panel);
    await act(async () => undefined);
    render(
      <Host>
        <Panel {...props} />
      </Host>,
    );
    // No loading frame and no wait: the code was there when the panel mounted.
    expect(screen.getByText('panel x')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('shows the host loading frame while its code loads, then the panel, without suspending', async () => {
    let arrive: (c: typeof Shown) => void = () => undefined;
    const Panel = lazyPanel(() => new Promise<typeof Shown>((resolve) => (arrive = resolve)));
    // No Suspense boundary anywhere: a suspending component would leave the root empty.
    render(
      <Host>
        <Panel {...props} />
      </Host>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive(Shown));
    expect(screen.getByText('panel x')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a failed preload is forgotten: the render loads again', async () => {
    const factory = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Shown);
    const Panel = lazyPanel(factory as () => Promise<typeof Shown>);
    preloadPanelComponent(Panel);
    await vi.waitFor(() => expect(factory).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    render(
      <Host>
        <Panel {...props} />
      </Host>,
    );
    expect(await screen.findByText('panel x')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it("a failed load reaches the panel's error boundary, whose Retry loads again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const factory = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Shown);
    const Panel = lazyPanel(factory as () => Promise<typeof Shown>);
    render(
      <Host>
        <Panel {...props} />
      </Host>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('chunk failed');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('panel x')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
