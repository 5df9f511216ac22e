import { Server, ServerCredentials, type ServerWritableStream } from '@grpc/grpc-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeMethod } from '../../electron/common/event-service-grpc';
import {
  createTradeEventsClient,
  type TradeEventsClient,
  type TradeEventsError,
} from '../../electron/streaming/trade-events';
import {
  CONTENT_TYPE_JSON,
  EventType,
  TRADE_EVENT_KIND,
  type SubscribeRequest,
  type SubscribeResponse,
} from '../../shared/proto/events';
import type { OrderRecord } from '../../shared/openapi/records/orders';
import { orderEventPayload, type TradeEventMessage } from '../../shared/proto/trade-event-payload';
import { WAIT } from './helpers';

/**
 * Well-framed trade events whose JSON payload is broken (not JSON, no envelope, wrong types, an
 * unknown kind): each is reported as BAD_PAYLOAD and skipped; the stream stays live, does not
 * reconnect, and delivers the good event that follows. (Bytes that are no protobuf at all:
 * events-garbage.test.ts.)
 */
const ORDER: OrderRecord = {
  client_order_id: 'd'.repeat(32),
  order_id: 'O1',
  account_id: 'A',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  support_trading_session: 'CORE',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '150.25',
  status: 'SUBMITTED',
  place_time: 1,
  update_time: 1,
};
const BAD_PAYLOADS: Array<[number, string]> = [
  [TRADE_EVENT_KIND.order, 'not json {'],
  [TRADE_EVENT_KIND.order, '"a string"'],
  [TRADE_EVENT_KIND.order, JSON.stringify({ no: 'envelope' })],
  [
    TRADE_EVENT_KIND.order,
    orderEventPayload('A', 2, { ...ORDER, quantity: 'ten', side: ['BUY'] as unknown as string }),
  ],
  [TRADE_EVENT_KIND.position, orderEventPayload('A', 3, ORDER)],
  [4242, orderEventPayload('A', 4, ORDER)],
];

let server: Server | undefined;
let client: TradeEventsClient | undefined;
afterEach(() => {
  client?.close();
  server?.forceShutdown();
  server = client = undefined;
});

async function badThenGood(): Promise<{ address: string; calls: () => number }> {
  let calls = 0;
  const s = new Server();
  s.addService(
    { Subscribe: subscribeMethod },
    {
      Subscribe: (call: ServerWritableStream<SubscribeRequest, SubscribeResponse>) => {
        calls++;
        const base = { subscribeType: 1, requestId: 'r', timestamp: 1, contentType: CONTENT_TYPE_JSON };
        call.write({ ...base, eventType: EventType.SubscribeSuccess, payload: '' });
        for (const [eventType, payload] of BAD_PAYLOADS) call.write({ ...base, eventType, payload });
        call.write({
          ...base,
          eventType: TRADE_EVENT_KIND.order,
          payload: orderEventPayload('A', 5, { ...ORDER, status: 'FILLED', filled_quantity: '10' }),
        });
        // Left open, as a live stream is.
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    s.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  server = s;
  return { address: `127.0.0.1:${port}`, calls: () => calls };
}

describe('trade events with a broken payload', () => {
  it('reports each as BAD_PAYLOAD, skips it, stays live and delivers the next good event', async () => {
    const { address, calls } = await badThenGood();
    const errors: TradeEventsError[] = [];
    const events: TradeEventMessage[] = [];
    const c = createTradeEventsClient({
      address,
      tls: false,
      credentials: { appKey: 'k', appSecret: 's' },
      algorithm: 'HMAC-SHA1',
      accounts: ['A'],
    });
    client = c;
    c.onError((e) => errors.push(e));
    c.onEvent((e) => events.push(e));
    await vi.waitFor(() => expect(events).toHaveLength(1), WAIT);
    expect(events[0]).toMatchObject({ kind: 'order', accountId: 'A', order: { status: 'FILLED' } });
    expect(errors.map((e) => e.code)).toEqual(BAD_PAYLOADS.map(() => 'BAD_PAYLOAD'));
    for (const e of errors) expect(e.message.length).toBeGreaterThan(0);
    expect(c.status()).toBe('live');
    expect(calls()).toBe(1);
  });
});
