import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { startQuoteBroker, type QuoteBroker } from '../../sandbox/testing';
import { createStubMarket } from '../integration/helpers/stub-market';
import { createQuoteStream, type QuoteStream } from '../../electron/streaming/quote-stream';
import type { RouteSubscriptions } from '../../electron/streaming/subscription-registry';
import type { QuoteState } from '../../electron/streaming/quote-state';
import type { LinkState } from '../../shared/ipc/app-types';
import { sleep, WAIT } from './helpers';

const APP_KEY = 'restart-key';
let broker: QuoteBroker | undefined;
let stream: QuoteStream | undefined;
afterEach(async () => {
  await stream?.close();
  await broker?.close();
  stream = broker = undefined;
});

const start = async (port = 0) =>
  (broker = await startQuoteBroker({
    market: createStubMarket(),
    appKeys: [APP_KEY],
    port,
    updatesPerSecond: 20,
  }));

function routes(): RouteSubscriptions {
  const ctx = () => ({ appKey: APP_KEY, requestId: 'r', now: Date.now() });
  const b = () => {
    if (!broker) throw new Error('broker down');
    return broker.createStreamingRoutes();
  };
  return {
    subscribe: async (p) => b().streamingSubscribe?.(operations.streamingSubscribe.params.parse(p), ctx()),
    unsubscribe: async (p) =>
      b().streamingUnsubscribe?.(operations.streamingUnsubscribe.params.parse(p), ctx()),
  };
}

describe('MQTT broker killed and restarted mid-stream', () => {
  it('goes reconnecting with every quote marked stale at once, and is live and re-routed within 5 s of the broker coming back', async () => {
    const first = await start();
    const port = first.port;
    // Default backoff and staleness; random() = 1 takes every delay at its ceiling: the worst case.
    const s = createQuoteStream({
      url: first.url,
      appKey: APP_KEY,
      routeSubscriptions: routes(),
      random: () => 1,
    });
    stream = s;
    const statuses: LinkState[] = [];
    s.onStatus((st) => statuses.push(st));
    const got: QuoteState[] = [];
    s.subscribe('AAPL', ['SNAPSHOT'], (q) => got.push(q));
    s.subscribe('MSFT', ['TICK'], () => undefined);
    await vi.waitFor(
      () => expect(got.length >= 2 && s.staleness().every((x) => x.lastUpdate !== undefined)).toBe(true),
      WAIT,
    );

    await first.close();
    broker = undefined;
    await vi.waitFor(() => expect(s.status()).toBe('reconnecting'), WAIT);
    // Well inside the staleness threshold (15 s at the least): the link is down, so nothing may still pass as live.
    expect(s.staleness().map((x) => [x.symbol, x.stale])).toEqual([
      ['AAPL', true],
      ['MSFT', true],
    ]);

    // Down long enough for the backoff to grow past its first steps.
    await sleep(8_000);
    const back = await start(port);
    const returnedAt = Date.now();
    await vi.waitFor(
      () => expect(s.status() === 'live' && Object.keys(back.routesOf(s.sessionId)).length === 2).toBe(true),
      { ...WAIT, timeout: 15_000 },
    );
    const before = got.length;
    await vi.waitFor(() => expect(got.length > before && s.staleness().every((x) => !x.stale)).toBe(true), {
      ...WAIT,
      timeout: 15_000,
    });
    expect(Date.now() - returnedAt).toBeLessThan(5_000);
    expect(back.routesOf(s.sessionId)).toEqual({ AAPL: ['SNAPSHOT'], MSFT: ['TICK'] });
    expect(statuses.slice(0, 2)).toEqual(['live', 'reconnecting']);
    expect(statuses.at(-1)).toBe('live');
  }, 40_000);
});
