// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../shared/ipc/contract';
import { ActivityPanel } from './ActivityPanel';

/** The feed's link lines are dated on the market clock the status itself reports. */
afterEach(() => {
  cleanup();
  delete window.bullpen;
});

describe('Activity panel', () => {
  it('dates the first link lines on the pinned market clock of the status that reports them, not the wall clock', async () => {
    // Pinned at 10:30:00 New York on Wednesday 18 Nov 2026, read just now.
    const status: ConnectionStatus = {
      environmentId: 'sandbox',
      api: 'live',
      quotes: 'live',
      events: 'live',
      staleSymbols: [],
      marketClock: { mode: 'pinned', marketAt: Date.parse('2026-11-18T15:30:00Z'), wallAt: Date.now() },
    };
    window.bullpen = {
      invoke: () => Promise.resolve({ ok: true, value: undefined }),
      subscribe: (stream, _params, onData) => {
        if (stream === 'connection') queueMicrotask(() => onData(status));
        return () => undefined;
      },
    };
    render(<ActivityPanel />);
    const line = await screen.findByText('API live');
    const time = line.parentElement?.querySelector('time');
    expect(time?.textContent).toMatch(/^10:3\d:\d\d$/);
    expect(time?.getAttribute('dateTime')?.startsWith('2026-11-18T15:3')).toBe(true);
  });
});
