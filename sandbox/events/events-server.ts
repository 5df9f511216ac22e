import { randomBytes } from 'node:crypto';
import { Server, ServerCredentials, status, type ServerWritableStream } from '@grpc/grpc-js';
import {
  CONTENT_TYPE_JSON,
  CONTENT_TYPE_TEXT,
  EventType,
  SUBSCRIBE_TYPE,
  SubscribeRequestCodec,
  TRADE_EVENT_KIND,
  type SubscribeRequest,
  type SubscribeResponse,
} from '../../shared/proto/events';
import { orderEventPayload, positionEventPayload } from '../../shared/proto/trade-event-payload';
import type { SignatureAlgorithm } from '../../shared/signing';
import { eventServiceOf } from '../../shared/proto/event-service';
import type { TradeEvent, TradeEventBus } from '../trading/trade-event-bus';
import type { SandboxTls } from '../types';
import { createGrpcAuthenticator } from './grpc-auth';

/**
 * The sandbox's events host (docs/streaming.md): `EventService.Subscribe`, server streaming over loopback.
 * A verified call gets `SubscribeSuccess` first, a `Ping` every pingIntervalMs, then an order
 * event (eventType 1024, subscribeType 1) on every order status change and a position event
 * (eventType 1028, subscribeType 2) on every fill, for the requested accounts only. Payload JSON:
 * shared/proto/trade-event-payload.ts.
 *
 * A refused call gets one `AuthError` message (payload: the reason) and then the status
 * UNAUTHENTICATED, so both an SDK-style client (which reads eventType) and a plain gRPC client
 * (which reads the status) see the failure. Too many streams for one app key: `NumOfConnExceed`,
 * then RESOURCE_EXHAUSTED.
 */
export interface EventsServerOptions {
  bus: TradeEventBus;
  credentials: { appKey: string; appSecret: string };
  /** The one algorithm accepted, or `algorithms` for several. */
  algorithm?: SignatureAlgorithm;
  algorithms?: readonly SignatureAlgorithm[];
  /** 0 (default): a free port. */
  port?: number;
  pingIntervalMs?: number;
  timestampToleranceMs?: number;
  maxStreamsPerAppKey?: number;
  now?: () => number;
  /**
   * First instant signed metadata is accepted from (http/auth.ts `acceptFromSecond`); the sandbox
   * passes the whole second it started listening at. Default: the second this server started in.
   */
  acceptFrom?: number;
  /** Serve over TLS, as the real events host does (docs/streaming.md). No client certificates. Default: insecure. */
  tls?: SandboxTls;
}

export interface RunningEventsServer {
  /** `127.0.0.1:PORT` */
  address: string;
  close(): Promise<void>;
}

const requestIdOf = () => randomBytes(16).toString('hex');

function eventResponse(event: TradeEvent, requestId: string): SubscribeResponse {
  const order = event.kind === 'order';
  return {
    eventType: order ? TRADE_EVENT_KIND.order : TRADE_EVENT_KIND.position,
    subscribeType: order ? SUBSCRIBE_TYPE.orderStatusChanged : SUBSCRIBE_TYPE.positionChanged,
    contentType: CONTENT_TYPE_JSON,
    payload: order
      ? orderEventPayload(event.accountId, event.time, event.order)
      : positionEventPayload(event.accountId, event.time, event.position),
    requestId,
    timestamp: event.time,
  };
}

export async function startEventsServer(opts: EventsServerOptions): Promise<RunningEventsServer> {
  const now = opts.now ?? Date.now;
  const pingIntervalMs = opts.pingIntervalMs ?? 15_000;
  const maxStreams = opts.maxStreamsPerAppKey ?? 10;
  const authenticate = createGrpcAuthenticator({
    appKey: opts.credentials.appKey,
    appSecret: opts.credentials.appSecret,
    algorithms: opts.algorithms ?? (opts.algorithm ? [opts.algorithm] : ['HMAC-SHA1', 'HMAC-SHA256']),
    toleranceMs: opts.timestampToleranceMs ?? 5 * 60_000,
    now,
    acceptFrom: opts.acceptFrom ?? Math.floor(now() / 1000) * 1000,
  });
  const open = new Set<ServerWritableStream<SubscribeRequest, SubscribeResponse>>();

  const control = (
    eventType: number,
    request: SubscribeRequest,
    requestId: string,
    payload: string,
  ): SubscribeResponse => ({
    eventType,
    subscribeType: request.subscribeType,
    contentType: CONTENT_TYPE_TEXT,
    payload,
    requestId,
    timestamp: now(),
  });

  const refuse = (
    call: ServerWritableStream<SubscribeRequest, SubscribeResponse>,
    response: SubscribeResponse,
    code: status,
  ) => {
    call.write(response);
    call.emit('error', { code, details: response.payload });
  };

  function subscribe(call: ServerWritableStream<SubscribeRequest, SubscribeResponse>): void {
    const request = call.request;
    const requestId = requestIdOf();
    const header = (name: string) => {
      const value = call.metadata.get(name)[0];
      return typeof value === 'string' ? value : value?.toString('utf8');
    };
    const refusal = authenticate({
      header,
      authority: call.getHost(),
      requestBytes: SubscribeRequestCodec.encode(request),
    });
    if (refusal !== undefined) {
      refuse(call, control(EventType.AuthError, request, requestId, refusal), status.UNAUTHENTICATED);
      return;
    }
    if (open.size >= maxStreams) {
      refuse(
        call,
        control(EventType.NumOfConnExceed, request, requestId, `at most ${maxStreams} streams`),
        status.RESOURCE_EXHAUSTED,
      );
      return;
    }
    open.add(call);
    const accounts = new Set(request.accounts);
    call.write(control(EventType.SubscribeSuccess, request, requestId, 'subscribe success'));
    const ping = setInterval(
      () => call.write(control(EventType.Ping, request, requestId, 'ping')),
      pingIntervalMs,
    );
    const unsubscribe = opts.bus.subscribe((event) => {
      if (accounts.has(event.accountId)) call.write(eventResponse(event, requestId));
    });
    const cleanUp = () => {
      clearInterval(ping);
      unsubscribe();
      open.delete(call);
    };
    call.on('cancelled', cleanUp);
    call.on('close', cleanUp);
    call.on('error', cleanUp);
  }

  const credentials = opts.tls
    ? ServerCredentials.createSsl(
        null,
        [{ private_key: Buffer.from(opts.tls.key), cert_chain: Buffer.from(opts.tls.cert) }],
        false,
      )
    : ServerCredentials.createInsecure();
  const server = new Server();
  // The service is declared once in shared/; gRPC's library serialises to Node Buffers.
  server.addService(
    eventServiceOf((bytes) => Buffer.from(bytes)),
    { Subscribe: subscribe },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${opts.port ?? 0}`, credentials, (err, bound) =>
      err ? reject(err) : resolve(bound),
    ),
  );

  return {
    address: `127.0.0.1:${port}`,
    async close() {
      for (const call of open) call.end();
      open.clear();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 1000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
