import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, credentials, Metadata, type ClientReadableStream } from '@grpc/grpc-js';
import { EventType, SubscribeRequestCodec, type SubscribeResponse } from '../../shared/proto/events';
import type { OrderRecord } from '../../shared/openapi/records/orders';
import type { Position } from '../../shared/openapi/records/accounts';
import { startEventsServer, type RunningEventsServer } from '../../sandbox/testing';
import { createTradeEventBus } from '../../sandbox/testing';
import { createTradeEventsClient, type TradeEventsClient } from '../../electron/streaming/trade-events';
import { subscribeMethod } from '../../electron/common/event-service-grpc';
import { signedGrpcMetadata, type GrpcSigningScheme } from '../../shared/grpc-signing';
import type { TradeEventMessage } from '../../shared/proto/trade-event-payload';
import type { LinkState } from '../../shared/ipc/app-types';

/** How long a condition may take to come true over real sockets (polled every 10 ms). */
const WAIT = { timeout: 5_000, interval: 10 };

const creds = { appKey: 'events-key', appSecret: 'events-secret' };
const servers: RunningEventsServer[] = [];
const clients: TradeEventsClient[] = [];
const raw: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const c of raw.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function server(opts: { pingIntervalMs?: number; port?: number } = {}) {
  const bus = createTradeEventBus();
  const s = await startEventsServer({
    bus,
    credentials: creds,
    algorithm: 'HMAC-SHA1',
    pingIntervalMs: opts.pingIntervalMs ?? 60_000,
    port: opts.port ?? 0,
  });
  servers.push(s);
  return { bus, server: s };
}

/** A bare gRPC call (no reconnect logic) to see exactly what the server sends. */
function rawSubscribe(
  address: string,
  accounts: string[],
  opts: { secret?: string; scheme?: GrpcSigningScheme } = {},
) {
  const request = { subscribeType: 1, timestamp: Date.now(), contentType: '', payload: '', accounts };
  const md = new Metadata();
  const signed = signedGrpcMetadata({
    scheme: opts.scheme ?? 'path',
    appKey: creds.appKey,
    appSecret: opts.secret ?? creds.appSecret,
    algorithm: 'HMAC-SHA1',
    host: address,
    requestBytes: SubscribeRequestCodec.encode(request),
    xVersion: 'v2',
    now: Date.now(),
  });
  for (const [k, v] of Object.entries(signed)) md.set(k, v);
  const client = new Client(address, credentials.createInsecure());
  raw.push(client);
  const call = client.makeServerStreamRequest(
    subscribeMethod.path,
    subscribeMethod.requestSerialize,
    subscribeMethod.responseDeserialize,
    request,
    md,
  );
  const received: SubscribeResponse[] = [];
  call.on('data', (r: SubscribeResponse) => received.push(r));
  const done = new Promise<{ code: number; details: string }>((resolve) => {
    call.on('error', (err: Error & { code: number; details: string }) =>
      resolve({ code: err.code, details: err.details }),
    );
    call.on('end', () => resolve({ code: 0, details: '' }));
  });
  return { call: call as ClientReadableStream<SubscribeResponse>, received, done };
}

const order = (accountId: string, status: string): OrderRecord => ({
  client_order_id: 'a'.repeat(32),
  order_id: 'O1',
  account_id: accountId,
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  support_trading_session: 'CORE',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '150.25',
  status,
  place_time: 1_700_000_000_000,
  update_time: 1_700_000_000_000,
});
const position = (symbol: string): Position => ({
  instrument_id: '913256135',
  symbol,
  instrument_type: 'EQUITY',
  quantity: '10',
  cost_price: '150.25',
});

describe('events server', () => {
  it.each<GrpcSigningScheme>(['path', 'sdk'])(
    'sends SubscribeSuccess first, then Pings (%s signing)',
    async (scheme) => {
      const { server: s } = await server({ pingIntervalMs: 40 });
      const sub = rawSubscribe(s.address, ['ACC1'], { scheme });
      await vi.waitFor(() => expect(sub.received.length >= 3).toBe(true), WAIT);
      expect(sub.received[0]?.eventType).toBe(EventType.SubscribeSuccess);
      expect(sub.received.slice(1).every((r) => r.eventType === EventType.Ping)).toBe(true);
      expect(sub.received[0]?.requestId).toMatch(/^[0-9a-f]{32}$/);
      sub.call.cancel();
    },
  );

  it('refuses a bad signature with one AuthError and UNAUTHENTICATED', async () => {
    const { server: s } = await server();
    const sub = rawSubscribe(s.address, ['ACC1'], { secret: 'wrong-secret' });
    const end = await sub.done;
    expect(sub.received.map((r) => r.eventType)).toEqual([EventType.AuthError]);
    expect(sub.received[0]?.payload).toBe('signature mismatch');
    expect(end.code).toBe(16);
    expect(JSON.stringify(sub.received)).not.toContain(creds.appSecret);
  });

  it('forwards order (1024) and position (1028) events of the subscribed accounts only', async () => {
    const { bus, server: s } = await server();
    const sub = rawSubscribe(s.address, ['ACC1']);
    await vi.waitFor(() => expect(sub.received.length >= 1).toBe(true), WAIT);
    bus.publish({ kind: 'order', accountId: 'ACC2', order: order('ACC2', 'SUBMITTED'), time: 1 });
    bus.publish({ kind: 'order', accountId: 'ACC1', order: order('ACC1', 'FILLED'), time: 2 });
    bus.publish({ kind: 'position', accountId: 'ACC1', position: position('AAPL'), time: 3 });
    await vi.waitFor(() => expect(sub.received.length >= 3).toBe(true), WAIT);
    await new Promise((r) => setTimeout(r, 50));
    const data = sub.received.slice(1);
    expect(data.map((r) => [r.eventType, r.subscribeType])).toEqual([
      [1024, 1],
      [1028, 2],
    ]);
    const first = JSON.parse(data[0]?.payload ?? '{}') as Record<string, unknown>;
    expect(first).toMatchObject({
      event: 1024,
      account_id: 'ACC1',
      event_time: 2,
      status: 'FILLED',
      client_order_id: 'a'.repeat(32),
    });
    expect(JSON.parse(data[1]?.payload ?? '{}')).toMatchObject({
      event: 1028,
      account_id: 'ACC1',
      symbol: 'AAPL',
      quantity: '10',
    });
    sub.call.cancel();
  });
});

describe('trade-event client', () => {
  it('goes live, forwards parsed events and reconnects after a server restart', async () => {
    const first = await server({ pingIntervalMs: 50 });
    const port = Number(first.server.address.split(':')[1]);
    const client = createTradeEventsClient({
      address: first.server.address,
      tls: false,
      credentials: creds,
      algorithm: 'HMAC-SHA1',
      accounts: ['ACC1'],
      pingIntervalMs: 50,
      backoff: { initialMs: 20, maxMs: 100 },
    });
    clients.push(client);
    const statuses: LinkState[] = [];
    const events: TradeEventMessage[] = [];
    client.onStatus((s) => statuses.push(s));
    client.onEvent((e) => events.push(e));
    await vi.waitFor(() => expect(client.status() === 'live').toBe(true), WAIT);
    first.bus.publish({ kind: 'order', accountId: 'ACC1', order: order('ACC1', 'SUBMITTED'), time: 10 });
    first.bus.publish({ kind: 'order', accountId: 'OTHER', order: order('OTHER', 'SUBMITTED'), time: 11 });
    first.bus.publish({ kind: 'position', accountId: 'ACC1', position: position('MSFT'), time: 12 });
    await vi.waitFor(() => expect(events.length >= 2).toBe(true), WAIT);
    expect(events[0]).toMatchObject({
      kind: 'order',
      accountId: 'ACC1',
      time: 10,
      order: { status: 'SUBMITTED', limit_price: '150.25' },
    });
    expect(events[1]).toMatchObject({ kind: 'position', accountId: 'ACC1', position: { symbol: 'MSFT' } });

    await first.server.close();
    servers.splice(servers.indexOf(first.server), 1);
    await vi.waitFor(() => expect(client.status() === 'reconnecting').toBe(true), WAIT);
    const second = await server({ pingIntervalMs: 50, port });
    await vi.waitFor(() => expect(client.status() === 'live').toBe(true), WAIT);
    second.bus.publish({ kind: 'order', accountId: 'ACC1', order: order('ACC1', 'FILLED'), time: 20 });
    await vi.waitFor(() => expect(events.length >= 3).toBe(true), WAIT);
    expect(events[2]).toMatchObject({ kind: 'order', order: { status: 'FILLED' } });
    expect(statuses).toEqual(['live', 'reconnecting', 'live']);
  });

  it('reports AUTH_ERROR on a bad secret and keeps retrying, freshly signed, with backoff', async () => {
    const { server: s } = await server();
    const client = createTradeEventsClient({
      address: s.address,
      tls: false,
      credentials: { ...creds, appSecret: 'nope' },
      algorithm: 'HMAC-SHA1',
      accounts: ['ACC1'],
      backoff: { initialMs: 10, maxMs: 20 },
    });
    clients.push(client);
    const errors: string[] = [];
    client.onError((e) => errors.push(e.code));
    await vi.waitFor(() => expect(errors.length >= 3).toBe(true), WAIT);
    expect(new Set(errors)).toEqual(new Set(['AUTH_ERROR']));
    expect(client.status()).toBe('reconnecting');
  });

  it('recovers from an auth failure once the clock it signs with is corrected', async () => {
    const { server: s } = await server();
    // Signing 10 minutes behind the server until the "HTTP client" learns the offset.
    let offset = -10 * 60_000;
    const client = createTradeEventsClient({
      address: s.address,
      tls: false,
      credentials: creds,
      algorithm: 'HMAC-SHA1',
      accounts: ['ACC1'],
      backoff: { initialMs: 10, maxMs: 50 },
      now: () => Date.now() + offset,
    });
    clients.push(client);
    const errors: string[] = [];
    client.onError((e) => errors.push(e.code));
    await vi.waitFor(() => expect(errors.includes('AUTH_ERROR')).toBe(true), WAIT);
    offset = 0;
    await vi.waitFor(() => expect(client.status() === 'live').toBe(true), WAIT);
  });

  it('reconnects when the heartbeat stops (watchdog)', async () => {
    // The server pings every 10 s but the client expects one every 30 ms: the watchdog must fire.
    const { server: s } = await server({ pingIntervalMs: 10_000 });
    const client = createTradeEventsClient({
      address: s.address,
      tls: false,
      credentials: creds,
      algorithm: 'HMAC-SHA1',
      accounts: ['ACC1'],
      pingIntervalMs: 30,
      backoff: { initialMs: 10, maxMs: 20 },
    });
    clients.push(client);
    const statuses: LinkState[] = [];
    const errors: string[] = [];
    client.onStatus((st) => statuses.push(st));
    client.onError((e) => errors.push(e.message));
    await vi.waitFor(() => expect(statuses.filter((st) => st === 'live').length >= 2).toBe(true), WAIT);
    expect(statuses.slice(0, 3)).toEqual(['live', 'reconnecting', 'live']);
    expect(errors[0]).toMatch(/no heartbeat/);
  });
});
