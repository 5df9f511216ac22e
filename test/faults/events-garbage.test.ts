import { afterEach, describe, expect, it, vi } from 'vitest';
import { Server, ServerCredentials, type ServerWritableStream } from '@grpc/grpc-js';
import {
  EventType,
  SubscribeResponseCodec,
  type SubscribeRequest,
  type SubscribeResponse,
} from '../../shared/proto/events';
import { subscribeMethod } from '../../electron/common/event-service-grpc';
import { createTradeEventsClient, type TradeEventsClient } from '../../electron/streaming/trade-events';
import { sleep, WAIT } from './helpers';

let server: Server | undefined;
let client: TradeEventsClient | undefined;
afterEach(async () => {
  client?.close();
  await new Promise<void>((r) => (server ? server.tryShutdown(() => r()) : r()));
  server?.forceShutdown();
  server = client = undefined;
});

const GARBAGE = Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]);

/**
 * A server that acknowledges every Subscribe and then sends bytes that are no SubscribeResponse:
 * the client's deserialiser fails the call right after SubscribeSuccess.
 */
async function ackThenGarbage(): Promise<{ address: string; calls: () => number }> {
  let calls = 0;
  const s = new Server();
  let garbageNext = false;
  s.addService(
    {
      Subscribe: {
        ...subscribeMethod,
        responseSerialize: (value: SubscribeResponse) => {
          const out = garbageNext ? GARBAGE : Buffer.from(SubscribeResponseCodec.encode(value));
          garbageNext = false;
          return out;
        },
      },
    },
    {
      Subscribe: (call: ServerWritableStream<SubscribeRequest, SubscribeResponse>) => {
        calls++;
        const ack = {
          eventType: EventType.SubscribeSuccess,
          subscribeType: 1,
          payload: '',
          requestId: 'r',
          timestamp: Date.now(),
          contentType: '',
        };
        call.write(ack);
        garbageNext = true;
        call.write({ ...ack, eventType: EventType.Ping });
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

describe('a gRPC server that acknowledges and then sends garbage', () => {
  it('does not reset the backoff on every acknowledgement: reconnects slow down', async () => {
    const { address, calls } = await ackThenGarbage();
    const errors: string[] = [];
    client = createTradeEventsClient({
      address,
      tls: false,
      credentials: { appKey: 'k', appSecret: 's' },
      algorithm: 'HMAC-SHA1',
      accounts: ['A'],
      // random() = 1: each delay is its ceiling, 20, 40, 80, 160, 320, 640 ms…
      backoff: { initialMs: 20, maxMs: 60_000 },
      random: () => 1,
    });
    client.onError((e) => errors.push(e.code));
    await vi.waitFor(() => expect(calls()).toBeGreaterThanOrEqual(3), WAIT);
    await sleep(1_500);
    // With the backoff reset by each SubscribeSuccess, a reconnect every ~20 ms: 50+ calls by now.
    // Growing, the attempts fit in 20+40+…+640+1280 ms: at most about 8.
    expect(calls()).toBeLessThanOrEqual(10);
    expect(errors.every((c) => c === 'STREAM_ERROR')).toBe(true);
  });
});
