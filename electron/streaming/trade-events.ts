import type { Client, ClientReadableStream } from '@grpc/grpc-js';
import {
  EventType,
  SUBSCRIBE_TYPE,
  SubscribeRequestCodec,
  type SubscribeRequest,
  type SubscribeResponse,
} from '../../shared/proto/events';
import { parseTradeEventPayload, type TradeEventMessage } from '../../shared/proto/trade-event-payload';
import type { SignatureAlgorithm } from '../../shared/signing';
import { trustedCaBundle } from '../common/trusted-cas';
import { backoffDelay, type BackoffOptions } from '../common/backoff';
import { Listeners } from '../common/listeners';
import type { LinkState } from '../../shared/ipc/app-types';
import { subscribeMethod } from '../common/event-service-grpc';
import { signedGrpcMetadata, type GrpcSigningScheme } from '../../shared/grpc-signing';
import { grpcPackage } from './link-packages';

/**
 * The main process's trade-event client (docs/streaming.md): one server-streaming
 * Subscribe call for the user's accounts, signed metadata, reconnect with backoff on any drop,
 * and a heartbeat watchdog: no message for 3 × the server's ping interval means the stream is
 * dead even if TCP has not noticed, so it is torn down and made again.
 */
export interface TradeEventsClientOptions {
  /** `host:port`. */
  address: string;
  tls: boolean;
  /**
   * PEM of an extra trusted CA when `tls` (the environment's `caCertificate`); the public roots
   * stay trusted (trusted-cas.ts). Absent: gRPC's default roots.
   */
  caCertificate?: string;
  credentials: { appKey: string; appSecret: string };
  algorithm: SignatureAlgorithm;
  accounts: readonly string[];
  xVersion?: string;
  signing?: GrpcSigningScheme;
  /** Sign the authority with its port (docs/openapi-client.md); false signs the bare host. */
  signHostWithPort?: boolean;
  /** The server's ping interval; the watchdog fires after 3 × this. Default 15 s. */
  pingIntervalMs?: number;
  backoff?: BackoffOptions;
  /**
   * How long a stream must stay up after SubscribeSuccess before the backoff starts over. Default
   * 30 s: a server that acknowledges and then fails at once must not be hammered at the first delay.
   */
  stableAfterMs?: number;
  /** The server-corrected clock (the HTTP client's offset on top of Date.now): x-timestamp is signed with it. */
  now?: () => number;
  random?: () => number;
}

export type TradeEventsError = {
  code: 'AUTH_ERROR' | 'CONN_EXCEEDED' | 'SUBSCRIBE_EXPIRED' | 'STREAM_ERROR' | 'BAD_PAYLOAD';
  message: string;
};

export interface TradeEventsClient {
  status(): LinkState;
  onStatus(listener: (status: LinkState) => void): () => void;
  onEvent(listener: (event: TradeEventMessage) => void): () => void;
  onError(listener: (error: TradeEventsError) => void): () => void;
  /** Re-subscribes with a new account list. */
  setAccounts(accounts: readonly string[]): void;
  close(): void;
}

export function createTradeEventsClient(opts: TradeEventsClientOptions): TradeEventsClient {
  const now = opts.now ?? Date.now;
  const watchdogMs = 3 * (opts.pingIntervalMs ?? 15_000);
  const stableAfterMs = opts.stableAfterMs ?? 30_000;
  const statusListeners = new Listeners<LinkState>();
  const eventListeners = new Listeners<TradeEventMessage>();
  const errorListeners = new Listeners<TradeEventsError>();
  const authority = opts.signHostWithPort === false ? opts.address.replace(/:\d+$/, '') : opts.address;
  const grpc = grpcPackage();
  const channelCredentials = opts.tls
    ? grpc.credentials.createSsl(trustedCaBundle(opts.caCertificate) ?? null)
    : grpc.credentials.createInsecure();
  let accounts = [...opts.accounts];
  let current: ClientReadableStream<SubscribeResponse> | undefined;
  let channel: Client | undefined;
  let state: LinkState = 'connecting';
  let attempt = 0;
  let liveSince: number | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;

  const setStatus = (next: LinkState) => {
    if (next === state) return;
    state = next;
    statusListeners.emit(next);
  };

  const teardown = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = undefined;
    const call = current;
    current = undefined;
    call?.cancel();
    channel?.close();
    channel = undefined;
  };

  const scheduleReconnect = () => {
    teardown();
    if (closed) return;
    // Read on the monotonic-enough local clock: the corrected clock may jump when the offset is learned.
    if (liveSince !== undefined && Date.now() - liveSince >= stableAfterMs) attempt = 0;
    liveSince = undefined;
    setStatus('reconnecting');
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, backoffDelay(attempt++, opts.backoff, opts.random));
  };

  const armWatchdog = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      errorListeners.emit({ code: 'STREAM_ERROR', message: `no heartbeat for ${watchdogMs} ms` });
      scheduleReconnect();
    }, watchdogMs);
  };

  const handle = (response: SubscribeResponse) => {
    armWatchdog();
    switch (response.eventType) {
      case EventType.SubscribeSuccess:
        liveSince = Date.now();
        setStatus('live');
        return;
      case EventType.Ping:
        return;
      case EventType.AuthError:
        // Often a timestamp outside the server's window, which the HTTP client's clock correction
        // fixes meanwhile: retried, freshly signed, with the same growing backoff as any drop.
        errorListeners.emit({ code: 'AUTH_ERROR', message: response.payload || 'authentication failed' });
        scheduleReconnect();
        return;
      case EventType.NumOfConnExceed:
        errorListeners.emit({ code: 'CONN_EXCEEDED', message: response.payload || 'too many connections' });
        scheduleReconnect();
        return;
      case EventType.SubscribeExpired:
        errorListeners.emit({
          code: 'SUBSCRIBE_EXPIRED',
          message: response.payload || 'subscription expired',
        });
        scheduleReconnect();
        return;
      default: {
        const parsed = parseTradeEventPayload(response.eventType, response.payload);
        if ('error' in parsed) errorListeners.emit({ code: 'BAD_PAYLOAD', message: parsed.error });
        else eventListeners.emit(parsed);
      }
    }
  };

  function connect(): void {
    retryTimer = undefined;
    if (closed) return;
    const request: SubscribeRequest = {
      subscribeType: SUBSCRIBE_TYPE.orderStatusChanged,
      timestamp: now(),
      contentType: '',
      payload: '',
      accounts,
    };
    const metadata = new grpc.Metadata();
    const signed = signedGrpcMetadata({
      scheme: opts.signing ?? 'path',
      appKey: opts.credentials.appKey,
      appSecret: opts.credentials.appSecret,
      algorithm: opts.algorithm,
      host: authority,
      requestBytes: SubscribeRequestCodec.encode(request),
      xVersion: opts.xVersion ?? 'v2',
      now: now(),
    });
    for (const [name, value] of Object.entries(signed)) metadata.set(name, value);
    // A fresh channel per attempt: the backoff is ours, not the channel's own reconnect timer.
    channel = new grpc.Client(opts.address, channelCredentials);
    const call = channel.makeServerStreamRequest(
      subscribeMethod.path,
      subscribeMethod.requestSerialize,
      subscribeMethod.responseDeserialize,
      request,
      metadata,
    );
    current = call;
    armWatchdog();
    call.on('data', (response: SubscribeResponse) => {
      if (current === call) handle(response);
    });
    const ended = (message: string) => {
      if (current !== call || closed) return;
      errorListeners.emit({ code: 'STREAM_ERROR', message });
      scheduleReconnect();
    };
    call.on('error', (err: Error) => ended(err.message));
    call.on('end', () => ended('stream ended by the server'));
  }

  connect();

  return {
    status: () => state,
    onStatus: (l) => statusListeners.add(l),
    onEvent: (l) => eventListeners.add(l),
    onError: (l) => errorListeners.add(l),
    setAccounts(next) {
      accounts = [...next];
      if (closed) return;
      teardown();
      if (retryTimer) clearTimeout(retryTimer);
      attempt = 0;
      connect();
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      teardown();
      setStatus('offline');
    },
  };
}
