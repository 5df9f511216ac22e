import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { startQuoteBroker, type QuoteBroker } from '../../sandbox/testing';
import { createStubMarket } from './helpers/stub-market';
import {
  createQuoteStream,
  type QuoteStream,
  type QuoteStreamOptions,
} from '../../electron/streaming/quote-stream';
import type { RouteSubscriptions } from '../../electron/streaming/subscription-registry';
import type { QuoteState } from '../../electron/streaming/quote-state';
import type { LinkState } from '../../shared/ipc/app-types';
import type { StalenessChange } from '../../electron/streaming/staleness';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 8_000, interval: 10 };

const APP_KEY = 'stream-key';
const brokers: QuoteBroker[] = [];
const streams: QuoteStream[] = [];

afterEach(async () => {
  for (const s of streams.splice(0)) await s.close();
  for (const b of brokers.splice(0)) await b.close();
});

async function broker(port = 0, updatesPerSecond = 50) {
  const b = await startQuoteBroker({
    market: createStubMarket(Date.now, { tickMs: 10 }),
    appKeys: [APP_KEY],
    port,
    updatesPerSecond,
  });
  brokers.push(b);
  return b;
}

/**
 * The HTTP routing calls, made against the broker's real route table with the catalogue's
 * validation (what the sandbox's HTTP server does before a handler runs), and counted.
 */
function routeVia(get: () => QuoteBroker) {
  const calls: { op: 'subscribe' | 'unsubscribe'; params: unknown }[] = [];
  const ctx = () => ({ appKey: APP_KEY, requestId: 'r', now: Date.now() });
  const route: RouteSubscriptions = {
    async subscribe(params) {
      calls.push({ op: 'subscribe', params });
      return get()
        .createStreamingRoutes()
        .streamingSubscribe?.(operations.streamingSubscribe.params.parse(params), ctx());
    },
    async unsubscribe(params) {
      calls.push({ op: 'unsubscribe', params });
      return get()
        .createStreamingRoutes()
        .streamingUnsubscribe?.(operations.streamingUnsubscribe.params.parse(params), ctx());
    },
  };
  return { route, calls };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A quote stream to `b`'s address with the test's app key, closed after the test. */
function openStream(b: QuoteBroker, route: RouteSubscriptions, opts: Partial<QuoteStreamOptions> = {}) {
  const stream = createQuoteStream({ url: b.url, appKey: APP_KEY, routeSubscriptions: route, ...opts });
  streams.push(stream);
  return stream;
}

describe('quote stream client against the sandbox broker', () => {
  it("prints nothing through mqtt.js's debug log, whose arguments carry the app key", async () => {
    // `debug` is what mqtt.js logs through unless given a `log` function.
    const debug = createRequire(import.meta.url)('debug') as {
      enable(namespaces: string): void;
      disable(): string;
      log: (...args: unknown[]) => void;
    };
    const printed: string[] = [];
    const print = debug.log;
    debug.log = (...args) => printed.push(args.map(String).join(' '));
    debug.enable('mqttjs*');
    try {
      const b = await broker();
      const { route } = routeVia(() => b);
      const stream = openStream(b, route, { routeDebounceMs: 20 });
      const states: QuoteState[] = [];
      stream.subscribe('AAPL', ['SNAPSHOT', 'QUOTE'], (s) => states.push(s));
      await vi.waitFor(() => expect(states.length).toBeGreaterThanOrEqual(2), WAIT);
      expect(printed.filter((line) => line.includes('mqttjs:client'))).toEqual([]);
      expect(printed.filter((line) => line.includes(APP_KEY))).toEqual([]);
    } finally {
      debug.disable();
      debug.log = print;
    }
  });

  it("writes its packets without mqtt-packet's cache of 65,536 number buffers", async () => {
    // mqtt.js's `writeCache` option sets this module-wide switch; the cache is built on the first
    // write while it is on (and kept for the life of the process).
    const require = createRequire(import.meta.url);
    const packet = require('mqtt-packet') as { writeToStream: { cacheNumbers: boolean } };
    const numbers = require('mqtt-packet/numbers') as { cache: Record<number, Buffer> };
    const b = await broker();
    const { route } = routeVia(() => b);
    const stream = openStream(b, route, { routeDebounceMs: 20 });
    const states: QuoteState[] = [];
    stream.subscribe('AAPL', ['SNAPSHOT'], (s) => states.push(s));
    await vi.waitFor(() => expect(states.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(packet.writeToStream.cacheNumbers).toBe(false);
    expect(Object.keys(numbers.cache)).toHaveLength(0);
  });

  it("tells onDecoded (the benchmark's trace) of every decoded message of a wanted symbol", async () => {
    const b = await broker();
    const { route } = routeVia(() => b);
    const decoded: Array<{ kind: string; symbol: string }> = [];
    const stream = openStream(b, route, {
      routeDebounceMs: 20,
      onDecoded: (u) => decoded.push({ kind: u.kind, symbol: u.symbol }),
    });
    const states: QuoteState[] = [];
    stream.subscribe('AAPL', ['SNAPSHOT', 'QUOTE'], (s) => states.push(s));
    await vi.waitFor(() => expect(states.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(decoded.length).toBeGreaterThanOrEqual(states.length);
    expect(new Set(decoded.map((d) => d.symbol))).toEqual(new Set(['AAPL']));
    expect(new Set(decoded.map((d) => d.kind))).toEqual(new Set(['SNAPSHOT', 'QUOTE']));
  });

  it('connects with a 32-hex session id, routes once for ten listeners, and unroutes after the last', async () => {
    const b = await broker();
    const { route, calls } = routeVia(() => b);
    const stream = openStream(b, route, {
      routeDebounceMs: 20,
      flushIntervalMs: 16,
    });
    expect(stream.sessionId).toMatch(/^[0-9a-f]{32}$/);
    await vi.waitFor(() => expect(stream.status() === 'live').toBe(true), WAIT);

    const seen: QuoteState[][] = Array.from({ length: 10 }, () => []);
    const offs = seen.map((list) => stream.subscribe('AAPL', ['SNAPSHOT'], (s) => list.push(s)));
    await vi.waitFor(() => expect(seen.every((l) => l.length >= 2)).toBe(true), WAIT);
    expect(calls.filter((c) => c.op === 'subscribe')).toHaveLength(1);
    expect(b.routesOf(stream.sessionId)).toEqual({ AAPL: ['SNAPSHOT'] });
    const last = seen[0]?.at(-1);
    expect(last?.symbol).toBe('AAPL');
    expect(last?.snapshot.price).toMatch(/^\d+\.\d{2}$/);
    expect(last?.instrumentId).toBe('913256135');

    for (const off of offs.slice(0, 9)) off();
    await sleep(60);
    expect(calls.filter((c) => c.op === 'unsubscribe')).toHaveLength(0);
    offs[9]?.();
    await vi.waitFor(() => expect(calls.some((c) => c.op === 'unsubscribe')).toBe(true), WAIT);
    await sleep(60);
    expect(calls.filter((c) => c.op === 'unsubscribe')).toHaveLength(1);
    expect(b.routesOf(stream.sessionId)).toEqual({});
  });

  it('conflates: one entry per symbol per batch, newest state, whatever the feed rate', async () => {
    const b = await broker(0, 200);
    const { route } = routeVia(() => b);
    const stream = openStream(b, route, {
      routeDebounceMs: 5,
      flushIntervalMs: 50,
    });
    const batches: QuoteState[][] = [];
    stream.onBatch((batch) => batches.push(batch));
    stream.subscribe('AAPL', ['SNAPSHOT', 'QUOTE', 'TICK'], () => undefined);
    stream.subscribe('MSFT', ['TICK'], () => undefined);
    await vi.waitFor(() => expect(batches.length >= 6).toBe(true), WAIT);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(2);
      expect(new Set(batch.map((s) => s.symbol)).size).toBe(batch.length);
    }
    // 200 messages/s × 4 feeds arrive, yet about 20 batches/s leave.
    const full = batches
      .flat()
      .filter((s) => s.symbol === 'AAPL')
      .at(-1);
    expect(full?.depth?.asks.length).toBe(1);
    expect(full?.tick?.price).toMatch(/^\d+\.\d{2}$/);
    expect(full?.snapshot.volume).toMatch(/^\d+$/);
  });

  it('reconnects with backoff after the broker restarts on the same port and re-routes everything', async () => {
    let b = await broker();
    const port = b.port;
    const { route, calls } = routeVia(() => b);
    const stream = openStream(b, route, {
      routeDebounceMs: 5,
      backoff: { initialMs: 50, maxMs: 200 },
      staleAfterMs: 150,
    });
    const statuses: LinkState[] = [];
    const stale: StalenessChange[] = [];
    stream.onStatus((s) => statuses.push(s));
    stream.onStaleness((changes) => stale.push(...changes));
    const got: QuoteState[] = [];
    stream.subscribe('MSFT', ['TICK'], (s) => got.push(s));
    stream.subscribe('SPY', ['QUOTE'], () => undefined, { category: 'US_ETF' });
    await vi.waitFor(() => expect(got.length >= 2).toBe(true), WAIT);

    await b.close();
    brokers.splice(brokers.indexOf(b), 1);
    await vi.waitFor(() => expect(stream.status() === 'reconnecting').toBe(true), WAIT);
    await vi.waitFor(() => expect(stale.some((c) => c.symbol === 'MSFT' && c.stale)).toBe(true), WAIT);
    b = await broker(port);
    await vi.waitFor(() => expect(stream.status() === 'live').toBe(true), WAIT);
    const before = got.length;
    await vi.waitFor(() => expect(got.length > before + 2).toBe(true), WAIT);
    expect(b.routesOf(stream.sessionId)).toEqual({ MSFT: ['TICK'], SPY: ['QUOTE'] });
    expect(statuses.slice(0, 3)).toEqual(['live', 'reconnecting', 'live']);
    expect(calls.filter((c) => c.op === 'subscribe').length).toBeGreaterThanOrEqual(4);
    await vi.waitFor(() => expect(stale.some((c) => c.symbol === 'MSFT' && !c.stale)).toBe(true), WAIT);
    expect(stream.staleness().find((s) => s.symbol === 'MSFT')?.stale).toBe(false);
  });

  it('marks a symbol that never got a message stale in its own state, as the count of stale symbols does', async () => {
    // The route answers but the broker is never told: nothing is ever published for the symbol,
    // as for a symbol the service routes and never prints.
    const b = await broker();
    const route: RouteSubscriptions = { subscribe: async () => ({}), unsubscribe: async () => ({}) };
    const stream = openStream(b, route, { staleAfterMs: 100 });
    const got: QuoteState[] = [];
    stream.subscribe('MSFT', ['QUOTE'], (s) => got.push(s));
    await vi.waitFor(
      () => expect(stream.staleness().find((c) => c.symbol === 'MSFT')?.stale).toBe(true),
      WAIT,
    );
    await vi.waitFor(() => expect(got.at(-1)).toMatchObject({ symbol: 'MSFT', stale: true }), WAIT);
    // No price was made up for it: the state holds the verdict and nothing else.
    expect(got.at(-1)?.snapshot).toEqual({});
  });

  it('reports a refused app key as a connection error and keeps retrying', async () => {
    const b = await broker();
    const { route, calls } = routeVia(() => b);
    const stream = openStream(b, route, {
      appKey: 'wrong-key',
      backoff: { initialMs: 20, maxMs: 40 },
    });
    const errors: string[] = [];
    stream.onError((e) => errors.push(e.code));
    await vi.waitFor(() => expect(errors.length >= 2).toBe(true), WAIT);
    expect(stream.status()).toBe('reconnecting');
    expect(errors.every((c) => c === 'CONNECTION')).toBe(true);
    expect(calls).toEqual([]);
    await stream.close();
    expect(stream.status()).toBe('offline');
  });
});
