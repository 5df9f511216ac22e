import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
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
});
