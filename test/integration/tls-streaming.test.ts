import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { placeOrder } from '../../electron/openapi/order-placement';
import { newClientOrderId } from '../../shared/trading';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import type { LinkState } from '../../shared/ipc/app-types';
import {
  createQuoteStream,
  type QuoteStream,
  type QuoteStreamError,
} from '../../electron/streaming/quote-stream';
import type { QuoteState } from '../../electron/streaming/quote-state';
import type { RouteSubscriptions } from '../../electron/streaming/subscription-registry';
import {
  createTradeEventsClient,
  type TradeEventsClient,
  type TradeEventsError,
} from '../../electron/streaming/trade-events';
import type { TradeEventMessage } from '../../shared/proto/trade-event-payload';
import { makeTestCa, opensslMissing, type TestCa } from './helpers/test-ca';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

/**
 * The TLS branches of both streams (docs/streaming.md, "TLS"): quotes over mqtts and trade events
 * over gRPC TLS, against the sandbox serving TLS with a throwaway CA's certificate. The routing and
 * the order go through the real signed client over HTTPS. Clock fixed in regular hours, so the
 * pushed snapshot equals the simulator's and a market order fills at once.
 */
const T0 = Date.parse('2026-11-18T15:00:00Z');
const MARGIN = 'SBXM00000001';
const missing = opensslMissing();
if (missing) console.warn(missing);

describe.skipIf(missing !== undefined)('quote stream and trade events over TLS', () => {
  let ca: TestCa;
  let sandbox: SandboxHandle;
  let client: OpenApiClient;
  const streams: QuoteStream[] = [];
  const eventClients: TradeEventsClient[] = [];

  beforeAll(async () => {
    ca = makeTestCa();
    sandbox = await startSandbox(
      { tls: ca.server, clock: () => T0, quoteUpdatesPerSecond: 25 },
      { log: () => undefined, pingIntervalMs: 1_000 },
    );
    client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, {
        algorithm: sandbox.algorithm,
        caCertificate: ca.caCert,
      }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: () => T0,
    });
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) await s.close();
    for (const e of eventClients.splice(0)) e.close();
  });
  afterAll(async () => {
    client?.close();
    await sandbox?.stop();
  });

  const route: RouteSubscriptions = {
    subscribe: (params) => client.call('streamingSubscribe', params),
    unsubscribe: (params) => client.call('streamingUnsubscribe', params),
  };

  const quoteStream = (caCertificate: string | undefined) => {
    const stream = createQuoteStream({
      url: sandbox.mqttUrl,
      appKey: sandbox.appKey,
      caCertificate,
      routeSubscriptions: route,
      routeDebounceMs: 20,
      backoff: { initialMs: 50, maxMs: 200 },
    });
    streams.push(stream);
    return stream;
  };

  const eventsClient = (caCertificate: string | undefined) => {
    const events = createTradeEventsClient({
      address: sandbox.eventsAddress,
      tls: sandbox.eventsTls ?? false,
      caCertificate,
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      algorithm: sandbox.algorithm,
      accounts: [MARGIN],
      pingIntervalMs: 1_000,
      backoff: { initialMs: 50, maxMs: 200 },
      now: () => T0,
    });
    eventClients.push(events);
    return events;
  };

  it('advertises TLS addresses', () => {
    expect(sandbox.apiUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.mqttUrl).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.eventsAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(sandbox.eventsTls).toBe(true);
  });

  it('mqtts with the CA: routed by the real client over HTTPS, AAPL snapshots arrive decoded', async () => {
    const stream = quoteStream(ca.caCert);
    await vi.waitFor(() => expect(stream.status() === 'live').toBe(true), WAIT);
    const seen: QuoteState[] = [];
    stream.subscribe('AAPL', ['SNAPSHOT'], (q) => seen.push(q));
    await vi.waitFor(() => expect(seen.some((q) => q.snapshot.price !== undefined)).toBe(true), WAIT);
    const live = sandbox.market.quote('AAPL');
    const state = seen.at(-1);
    expect(state?.symbol).toBe('AAPL');
    expect(state?.snapshot.price).toBe(live?.price);
    expect(state?.snapshot.volume).toBe(live?.volume);
  });

  it('mqtts without the CA: a CONNECTION error naming the certificate, never live, no crash', async () => {
    const stream = quoteStream(undefined);
    const errors: QuoteStreamError[] = [];
    const statuses: LinkState[] = [];
    stream.onError((e) => errors.push(e));
    stream.onStatus((s) => statuses.push(s));
    await vi.waitFor(() => expect(errors.length >= 2).toBe(true), WAIT);
    expect(errors[0]?.code).toBe('CONNECTION');
    expect(errors[0]?.message).toMatch(/certificate/i);
    expect(statuses).not.toContain('live');
    expect(stream.status()).toBe('reconnecting');
  });

  it('gRPC TLS with the CA: SubscribeSuccess, then the order events of a market buy', async () => {
    const events = eventsClient(ca.caCert);
    const received: TradeEventMessage[] = [];
    const errors: TradeEventsError[] = [];
    events.onEvent((e) => received.push(e));
    events.onError((e) => errors.push(e));
    // `live` is set by SubscribeSuccess only (trade-events.ts): the signed call was accepted over TLS.
    await vi.waitFor(() => expect(events.status() === 'live').toBe(true), WAIT);

    const id = newClientOrderId();
    const placed = await placeOrder(client, MARGIN, {
      client_order_id: id,
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      market: 'US',
      order_type: 'MARKET',
      quantity: '1',
      side: 'BUY',
      time_in_force: 'DAY',
      support_trading_session: 'CORE',
      entrust_type: 'QTY',
    });
    const statuses = () =>
      received.flatMap((e) => (e.kind === 'order' && e.order.client_order_id === id ? [e.order.status] : []));
    await vi.waitFor(() => expect(statuses().includes('FILLED')).toBe(true), WAIT);
    expect(statuses()).toEqual(['SUBMITTED', 'FILLED']);
    const filled = received.find((e) => e.kind === 'order' && e.order.status === 'FILLED');
    expect(filled?.kind === 'order' && filled.order.order_id).toBe(placed.orderId);
    expect(received.every((e) => e.accountId === MARGIN)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('gRPC TLS without the CA: a stream error and reconnecting, never live, no crash', async () => {
    const events = eventsClient(undefined);
    const errors: TradeEventsError[] = [];
    const statuses: LinkState[] = [];
    events.onError((e) => errors.push(e));
    events.onStatus((s) => statuses.push(s));
    await vi.waitFor(() => expect(errors.length >= 2).toBe(true), WAIT);
    expect(errors[0]?.code).toBe('STREAM_ERROR');
    expect(errors[0]?.message).toMatch(/UNAVAILABLE/);
    expect(errors[0]?.message).toMatch(/certificate/i);
    expect(errors.map((e) => e.message).join('\n')).not.toContain(sandbox.appSecret);
    expect(statuses).not.toContain('live');
    expect(events.status()).toBe('reconnecting');
  });
});
