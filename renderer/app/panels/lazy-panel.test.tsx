// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPanel } from './registry';
import type { PanelProps } from './panel-types';

/** A panel that shows its instance id, loaded through `factory`. */
const Shown = (p: PanelProps<object>) => <p>panel {p.instanceId}</p>;
const props = { instanceId: 'x' } as unknown as PanelProps<object>;

describe('lazyPanel: a panel whose code can load before it renders', () => {
  it('loads once: a render after a preload uses the same load', async () => {
    const factory = vi.fn(async () => Shown);
    const Panel = lazyPanel(factory);
    const { preloadPanelComponent } = await import('./registry');
    preloadPanelComponent(Panel);
    preloadPanelComponent(Panel);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Panel {...props} />
      </Suspense>,
    );
    expect(await screen.findByText('panel x')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is forgotten: the render loads again', async () => {
    const factory = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Shown);
    const Panel = lazyPanel(factory as () => Promise<typeof Shown>);
    const { preloadPanelComponent } = await import('./registry');
    preloadPanelComponent(Panel);
    await vi.waitFor(() => expect(factory).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Panel {...props} />
      </Suspense>,
    );
    expect(await screen.findByText('panel x')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
