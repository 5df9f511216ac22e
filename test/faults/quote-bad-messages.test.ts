import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { startQuoteBroker, type QuoteBroker } from '../../sandbox/testing';
import { createStubMarket } from '../integration/helpers/stub-market';
import {
  createQuoteStream,
  type QuoteStream,
  type QuoteStreamError,
} from '../../electron/streaming/quote-stream';
import type { RouteSubscriptions } from '../../electron/streaming/subscription-registry';
import type { QuoteState } from '../../electron/streaming/quote-state';
import { SnapshotCodec } from '../../shared/proto/quotes';
import { WAIT } from './helpers';

const APP_KEY = 'fault-key';
let broker: QuoteBroker | undefined;
let stream: QuoteStream | undefined;
afterEach(async () => {
  await stream?.close();
  await broker?.close();
  stream = undefined;
  broker = undefined;
});

function routes(get: () => QuoteBroker): RouteSubscriptions {
  const ctx = () => ({ appKey: APP_KEY, requestId: 'r', now: Date.now() });
  return {
    subscribe: async (p) =>
      get()
        .createStreamingRoutes()
        .streamingSubscribe?.(operations.streamingSubscribe.params.parse(p), ctx()),
    unsubscribe: async (p) =>
      get()
        .createStreamingRoutes()
        .streamingUnsubscribe?.(operations.streamingUnsubscribe.params.parse(p), ctx()),
  };
}

/** Bytes that are not a protobuf message: a length-delimited field running past the end. */
const GARBAGE = [
  Uint8Array.from([0x0a, 0xff, 0xff, 0x01, 0x02]),
  Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
];

describe('malformed protobuf on the quote stream', () => {
  it('counts, reports (without the payload) and skips a bad message; the stream stays live and keeps delivering', async () => {
    const b = await startQuoteBroker({
      market: createStubMarket(),
      appKeys: [APP_KEY],
      updatesPerSecond: 0.0001,
    });
    broker = b;
    const s = createQuoteStream({
      url: b.url,
      appKey: APP_KEY,
      routeSubscriptions: routes(() => b),
      routeDebounceMs: 5,
      flushIntervalMs: 10,
    });
    stream = s;
    const errors: QuoteStreamError[] = [];
    s.onError((e) => errors.push(e));
    const got: QuoteState[] = [];
    s.subscribe('AAPL', ['SNAPSHOT'], (q) => got.push(q));
    await vi.waitFor(
      () => expect(s.status() === 'live' && Object.keys(b.routesOf(s.sessionId)).length === 1).toBe(true),
      WAIT,
    );

    for (const bytes of GARBAGE) {
      expect(await b.inject(s.sessionId, 'snapshot', bytes)).toBe(true);
      expect(await b.inject(s.sessionId, 'quote', bytes)).toBe(true);
      expect(await b.inject(s.sessionId, 'tick', bytes)).toBe(true);
    }
    const basic = { symbol: 'AAPL', instrument_id: '1', timestamp: '1', trading_session: 'RTH' };
    await b.inject(s.sessionId, 'snapshot', SnapshotCodec.encode({ basic, price: '123.45' }));
    await vi.waitFor(() => expect(got.some((q) => q.snapshot.price === '123.45')).toBe(true), WAIT);

    expect(s.status()).toBe('live');
    expect(s.badMessages()).toBe(6);
    const decodeErrors = errors.filter((e) => e.code === 'DECODE');
    expect(decodeErrors).toHaveLength(6);
    expect(decodeErrors[0]?.message).toMatch(/snapshot/);
    expect(decodeErrors[0]?.message).toMatch(/5 bytes/);
  });
});
