// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorShape } from '../../shared/errors';
import { apiQuery, mainRetries } from './queries';

/** A fake preload bridge that fails every call and counts them. */
function failingBridge(error: ApiErrorShape) {
  const calls: string[] = [];
  window.bullpen = {
    invoke: (op: string) => {
      calls.push(op);
      return Promise.resolve({ ok: false as const, error });
    },
    subscribe: () => () => undefined,
  };
  return calls;
}
afterEach(() => {
  delete window.bullpen;
});

const retryable: ApiErrorShape = { code: 'NETWORK_ERROR', message: 'socket hang up', retryable: true };
const client = () => new QueryClient();

describe('apiQuery', () => {
  it('keys every query by [op, input], so the key cannot drift from the call', () => {
    const input = { symbols: ['AAPL'], category: 'US_STOCK' as const };
    expect(apiQuery('api.snapshot', input).queryKey).toEqual(['api.snapshot', input]);
    expect(apiQuery('environments.list', {}).queryKey).toEqual(['environments.list', {}]);
  });

  it('sends the input it is keyed by', async () => {
    const seen: unknown[] = [];
    window.bullpen = {
      invoke: (_op: string, input: unknown) => {
        seen.push(input);
        return Promise.resolve({ ok: true as const, value: [] });
      },
      subscribe: () => () => undefined,
    };
    const q = apiQuery('api.watchlistInstruments', { watchlist_id: 'w1' });
    await client().fetchQuery(q);
    expect(seen).toEqual([q.queryKey[1]]);
  });
});

describe('background refresh priority', () => {
  it('sends the first load at user priority and a refetch of held data at background priority', async () => {
    const options: unknown[] = [];
    window.bullpen = {
      invoke: (_op: string, _input: unknown, opts?: unknown) => {
        options.push(opts);
        return Promise.resolve({ ok: true as const, value: { items: [], total: 0 } });
      },
      subscribe: () => () => undefined,
    };
    const qc = client();
    const q = apiQuery('api.topActive', { rank_type: 'VOLUME' }, { backgroundRefresh: true });
    await qc.fetchQuery(q);
    await qc.refetchQueries({ queryKey: q.queryKey });
    expect(options).toEqual([undefined, { priority: 'background' }]);
  });

  it('never marks a query background unless asked', async () => {
    const options: unknown[] = [];
    window.bullpen = {
      invoke: (_op: string, _input: unknown, opts?: unknown) => {
        options.push(opts);
        return Promise.resolve({ ok: true as const, value: [] });
      },
      subscribe: () => () => undefined,
    };
    const qc = client();
    const q = apiQuery('api.watchlistList', {});
    await qc.fetchQuery(q);
    await qc.refetchQueries({ queryKey: q.queryKey });
    expect(options).toEqual([undefined, undefined]);
  });
});

describe('renderer retries', () => {
  it('does not retry on top of main for an API read main already retries: one invocation', async () => {
    const calls = failingBridge(retryable);
    expect(mainRetries('api.watchlistList')).toBe(true);
    await expect(client().fetchQuery(apiQuery('api.watchlistList', {}))).rejects.toThrow('socket hang up');
    expect(calls).toHaveLength(1);
  });

  it('retries a retryable failure of an op main does not retry at most once: two invocations', async () => {
    const calls = failingBridge(retryable);
    expect(mainRetries('environments.list')).toBe(false);
    await expect(client().fetchQuery(apiQuery('environments.list', {}, { retryDelay: 0 }))).rejects.toThrow();
    expect(calls).toHaveLength(2);
  });

  it('never retries a failure that says retrying cannot help', async () => {
    const calls = failingBridge({ code: 'INVALID_PARAMS', message: 'bad', retryable: false });
    await expect(client().fetchQuery(apiQuery('environments.list', {}, { retryDelay: 0 }))).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});
