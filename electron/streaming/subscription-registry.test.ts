import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../openapi/api-error';
import {
  refusedForSymbols,
  SubscriptionRegistry,
  type RouteSubscribeParams,
  type RouteUnsubscribeParams,
} from './subscription-registry';

function setup() {
  const subscribes: RouteSubscribeParams[] = [];
  const unsubscribes: RouteUnsubscribeParams[] = [];
  const registry = new SubscriptionRegistry({
    route: {
      subscribe: async (p) => void subscribes.push(p),
      unsubscribe: async (p) => void unsubscribes.push(p),
    },
    sessionId: 'S',
    canRoute: () => true,
    debounceMs: 20,
    onError: (err) => {
      throw err;
    },
  });
  return { registry, subscribes, unsubscribes };
}

describe('SubscriptionRegistry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ten listeners on one symbol are one routing call; the last release is one unsubscribe', async () => {
    const { registry, subscribes, unsubscribes } = setup();
    const releases = Array.from({ length: 10 }, () => registry.acquire('AAPL', ['SNAPSHOT']));
    await vi.advanceTimersByTimeAsync(20);
    expect(subscribes).toEqual([
      { session_id: 'S', symbols: ['AAPL'], category: 'US_STOCK', sub_types: ['SNAPSHOT'] },
    ]);
    for (const release of releases.slice(0, 9)) release();
    releases[0]?.();
    await vi.advanceTimersByTimeAsync(50);
    expect(unsubscribes).toEqual([]);
    releases[9]?.();
    await vi.advanceTimersByTimeAsync(20);
    expect(unsubscribes).toEqual([
      { session_id: 'S', symbols: ['AAPL'], category: 'US_STOCK', sub_types: ['SNAPSHOT'] },
    ]);
    expect(subscribes).toHaveLength(1);
  });

  it('batches a burst into one call per (category, sub-types) group and nets out churn', async () => {
    const { registry, subscribes, unsubscribes } = setup();
    registry.acquire('AAPL', ['SNAPSHOT', 'TICK']);
    registry.acquire('MSFT', ['TICK', 'SNAPSHOT']);
    registry.acquire('SPY', ['QUOTE'], 'US_ETF');
    registry.acquire('TSLA', ['QUOTE'])();
    await vi.advanceTimersByTimeAsync(20);
    expect(subscribes).toEqual([
      { session_id: 'S', symbols: ['AAPL', 'MSFT'], category: 'US_STOCK', sub_types: ['SNAPSHOT', 'TICK'] },
      { session_id: 'S', symbols: ['SPY'], category: 'US_ETF', sub_types: ['QUOTE'] },
    ]);
    expect(unsubscribes).toEqual([]);
  });

  it('routes everything again after the routing is forgotten (reconnect)', async () => {
    const { registry, subscribes } = setup();
    registry.acquire('AAPL', ['SNAPSHOT']);
    await vi.advanceTimersByTimeAsync(20);
    registry.forgetRouting();
    await registry.reconcile();
    expect(subscribes.map((s) => s.symbols)).toEqual([['AAPL'], ['AAPL']]);
  });

  it('asks the book only as deep as the deepest subscriber, and shallower again when it leaves', async () => {
    const { registry, subscribes, unsubscribes } = setup();
    const top = registry.acquire('AAPL', ['SNAPSHOT', 'QUOTE'], 'US_STOCK', 1);
    registry.acquire('MSFT', ['SNAPSHOT', 'QUOTE'], 'US_STOCK', 1);
    await vi.advanceTimersByTimeAsync(20);
    expect(subscribes).toEqual([
      {
        session_id: 'S',
        symbols: ['AAPL', 'MSFT'],
        category: 'US_STOCK',
        sub_types: ['QUOTE', 'SNAPSHOT'],
        depth: 1,
      },
    ]);
    const ladder = registry.acquire('AAPL', ['QUOTE'], 'US_STOCK', 10);
    await vi.advanceTimersByTimeAsync(20);
    expect(subscribes.slice(1)).toEqual([
      { session_id: 'S', symbols: ['AAPL'], category: 'US_STOCK', sub_types: ['QUOTE'], depth: 10 },
    ]);
    ladder();
    await vi.advanceTimersByTimeAsync(20);
    expect(subscribes.slice(2)).toEqual([
      { session_id: 'S', symbols: ['AAPL'], category: 'US_STOCK', sub_types: ['QUOTE'], depth: 1 },
    ]);
    expect(unsubscribes).toEqual([]);
    top();
    await vi.advanceTimersByTimeAsync(20);
    expect(unsubscribes).toEqual([
      { session_id: 'S', symbols: ['AAPL'], category: 'US_STOCK', sub_types: ['QUOTE', 'SNAPSHOT'] },
    ]);
    expect(subscribes).toHaveLength(3);
  });

  describe('a symbol the server refuses', () => {
    /** A server that knows every symbol but ZZZZZ and QQQQQ and refuses a call naming one, as the sandbox does. */
    function refusing(
      unknown: readonly string[],
      message = (bad: string[]) => `unknown symbol ${bad.join(', ')}`,
    ) {
      const calls: string[][] = [];
      const errors: unknown[] = [];
      const refused: string[] = [];
      const registry = new SubscriptionRegistry({
        route: {
          subscribe: async (p) => {
            calls.push(p.symbols);
            const bad = p.symbols.filter((s) => unknown.includes(s));
            if (bad.length > 0)
              throw new ApiError({
                code: 'INVALID_PARAMETER',
                status: 400,
                message: `Invalid parameter 'symbols': ${message(bad)}`,
                retryable: false,
                field: 'symbols',
              });
          },
          unsubscribe: async () => undefined,
        },
        sessionId: 'S',
        canRoute: () => true,
        debounceMs: 20,
        onError: (err) => void errors.push(err),
        onRefused: (symbol) => void refused.push(symbol),
      });
      return { registry, calls, errors, refused };
    }

    it('routes every other symbol without it, reports it once and does not ask again', async () => {
      const { registry, calls, errors, refused } = refusing(['ZZZZZ']);
      for (const s of ['AAPL', 'ZZZZZ', 'MSFT', 'SPY']) registry.acquire(s, ['SNAPSHOT']);
      await vi.advanceTimersByTimeAsync(20);
      expect(refused).toEqual(['ZZZZZ']);
      expect(errors).toEqual([]);
      // The refused call, then the named symbol alone (refused again), then the rest together.
      expect(calls).toEqual([['AAPL', 'ZZZZZ', 'MSFT', 'SPY'], ['ZZZZZ'], ['AAPL', 'MSFT', 'SPY']]);
      expect([...registry.refusedSymbols().keys()]).toEqual(['ZZZZZ']);
      // A reconnect routes everything wanted again: the refused symbol is not part of it.
      registry.forgetRouting();
      await registry.reconcile();
      expect(calls.slice(3)).toEqual([['AAPL', 'MSFT', 'SPY']]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(4);
    });

    it('finds refused symbols by halving when the message does not name them', async () => {
      const { registry, calls, refused } = refusing(['ZZZZZ', 'QQQQQ'], () => 'some symbols are unknown');
      const symbols = ['A1', 'A2', 'ZZZZZ', 'A3', 'A4', 'A5', 'QQQQQ', 'A6'];
      for (const s of symbols) registry.acquire(s, ['SNAPSHOT']);
      await vi.advanceTimersByTimeAsync(20);
      expect(refused.sort()).toEqual(['QQQQQ', 'ZZZZZ']);
      const routed = new Set(calls.filter((c) => !c.includes('ZZZZZ') && !c.includes('QQQQQ')).flat());
      expect([...routed].sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
      expect(calls.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(symbols.length)) * 2 + 1);
    });

    it('is asked again once every interest in it was released and a new one acquired', async () => {
      const { registry, calls, refused } = refusing(['ZZZZZ']);
      const release = registry.acquire('ZZZZZ', ['SNAPSHOT']);
      await vi.advanceTimersByTimeAsync(20);
      release();
      registry.acquire('ZZZZZ', ['SNAPSHOT']);
      await vi.advanceTimersByTimeAsync(20);
      expect(calls).toEqual([['ZZZZZ'], ['ZZZZZ']]);
      expect(refused).toEqual(['ZZZZZ', 'ZZZZZ']);
    });
  });

  it('backs off while routing keeps failing, up to its ceiling', async () => {
    const times: number[] = [];
    let fail = true;
    const registry = new SubscriptionRegistry({
      route: {
        subscribe: async () => {
          times.push(Date.now());
          if (fail) throw new Error('connect ECONNREFUSED');
        },
        unsubscribe: async () => undefined,
      },
      sessionId: 'S',
      canRoute: () => true,
      debounceMs: 0,
      onError: () => undefined,
      retryMs: 1000,
      maxRetryMs: 8000,
    });
    const start = Date.now();
    registry.acquire('AAPL', ['SNAPSHOT']);
    await vi.advanceTimersByTimeAsync(40_000);
    const gaps = times.map((t) => t - start);
    expect(gaps).toEqual([0, 1000, 3000, 7000, 15000, 23000, 31000, 39000]);
    fail = false;
    await vi.advanceTimersByTimeAsync(8000);
    expect(times).toHaveLength(9);
    registry.close();
  });

  it('knows an invalid-parameter error about symbols in each wire form', () => {
    const form = (code: string, message: string, field?: string) =>
      new ApiError({ code, message, retryable: false, field, status: 400 });
    expect(
      refusedForSymbols(
        form('INVALID_PARAMETER', "Invalid parameter 'symbols': unknown symbol ZZZZZ", 'symbols'),
      ),
    ).toBe(true);
    expect(refusedForSymbols(form('OPENAPI_PARAM_ERR', 'invalid symbols, value: [ZZZZZ]'))).toBe(true);
    expect(
      refusedForSymbols(
        form('INVALID_PARAMETER', "Invalid parameter 'session_id': no MQTT session", 'session_id'),
      ),
    ).toBe(false);
    expect(refusedForSymbols(new Error('connect ECONNREFUSED'))).toBe(false);
  });
});
