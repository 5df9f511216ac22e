// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../shared/ipc/app-types';
import { todayEt } from './time';

afterEach(() => {
  delete window.bullpen;
});

describe('the window market clock', () => {
  it('makes "today" the market day main reports, not the wall clock day', () => {
    // The wall clock is Thursday evening; the sandbox replays the previous Friday's session.
    const wall = Date.now();
    const friday = Date.parse('2026-11-20T16:00:00Z');
    const status: ConnectionStatus = {
      environmentId: 'sandbox',
      api: 'live',
      quotes: 'live',
      events: 'live',
      staleSymbols: [],
      marketClock: {
        mode: 'replay',
        marketAt: friday,
        wallAt: wall,
        loop: { start: Date.parse('2026-11-20T14:30:00Z'), lengthMs: 6.5 * 3_600_000 },
      },
    };
    window.bullpen = {
      invoke: () => Promise.reject(new Error('no calls here')),
      subscribe: (stream, _params, onData) => {
        if (stream === 'connection') onData(status);
        return () => undefined;
      },
    };
    expect(todayEt()).toBe('2026-11-20');
  });
});
