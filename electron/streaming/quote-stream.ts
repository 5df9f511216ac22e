import { randomBytes } from 'node:crypto';
import type { IClientOptions, MqttClient } from 'mqtt';
import { mqttPackage } from './link-packages';
import type { QuoteSubType } from '../../shared/proto/quotes';
import { trustedCas } from '../common/trusted-cas';
import { backoffDelay, type BackoffOptions } from '../common/backoff';

/**
 * Reconnect delays for the quote link: full jitter under a 4 s ceiling, so once the broker is back
 * the stream is live and re-routed within about 5 s, while clients still spread out.
 */
const QUOTE_BACKOFF: Required<BackoffOptions> = { initialMs: 250, maxMs: 4_000, factor: 2 };
/** A connection must last this long before the backoff starts over (a broker that accepts and drops at once). */
const STABLE_AFTER_MS = 30_000;
import { createConflator, DEFAULT_FLUSH_INTERVAL_MS } from './conflation';
import { Listeners } from '../common/listeners';
import type { LinkState } from '../../shared/ipc/app-types';
import {
  decodeQuoteMessage,
  mergeQuoteMessage,
  type QuoteMessage,
  type QuoteState,
  type StalenessMark,
} from './quote-state';
import { staleAfterMsAt } from '../../shared/market/quote-staleness';
import type { MarketClock } from '../../shared/market/market-clock';
import { createReadBudget } from './read-budget';
import { StalenessTracker, type StalenessChange } from './staleness';
import type { Category } from '../../shared/openapi/primitives';
import { SubscriptionRegistry, type RouteSubscriptions } from './subscription-registry';

/**
 * The main process's quote streaming client (docs/streaming.md). One MQTT connection per
 * environment: client id = a session id made here (32 hex), username = app key, password = a fresh
 * random hex string; TLS when the URL is mqtts. No MQTT SUBSCRIBE: after CONNACK the HTTP routing
 * calls make the server push to this session, and after every reconnect they are made again (the
 * routing dies with the connection). mqtt.js's own reconnect is off (`reconnectPeriod: 0`) so the
 * backoff (exponential, full jitter) is ours.
 */
export interface QuoteStreamOptions {
  /** `mqtt://127.0.0.1:1883` or `mqtts://data-api.webull.com:1883`. */
  url: string;
  appKey: string;
  routeSubscriptions: RouteSubscriptions;
  sessionId?: string;
  /** Depth levels asked for QUOTE when a subscriber does not say (`subscribe`'s `depth`). */
  depth?: number;
  overnight?: boolean;
  /**
   * Conflation interval, default 16 ms: the pipeline's one batching stage (docs/streaming.md
   * "Quote pipeline"). A function is read at every flush, so the app's `quoteFlushMs` applies live.
   */
  flushIntervalMs?: number | (() => number);
  /**
   * Milliseconds of message handling one event-loop turn may take before the socket is paused
   * until the next turn (read-budget.ts). Default 10.
   */
  readBudgetMs?: number;
  /**
   * When a symbol with no message counts as stale: by default the one rule
   * (shared/market/quote-staleness.ts, on `marketClock`); a number is a fixed threshold (tests).
   */
  staleAfterMs?: number | ((now: number) => number | undefined);
  /** The market clock the staleness rule reads the session from (absent: the wall clock). */
  marketClock?: () => MarketClock | undefined;
  /** Batching window of the routing calls. Default 50 ms. */
  routeDebounceMs?: number;
  backoff?: BackoffOptions;
  connectTimeoutMs?: number;
  keepaliveSeconds?: number;
  /**
   * PEM of an extra trusted CA for mqtts (the environment's `caCertificate`); the public roots
   * stay trusted (trusted-cas.ts). Ignored for plain mqtt.
   */
  caCertificate?: string;
  /** Extra TLS settings for mqtts; applied after `caCertificate`, so an explicit `ca` wins. */
  tls?: Pick<IClientOptions, 'ca' | 'rejectUnauthorized' | 'servername'>;
  now?: () => number;
  random?: () => number;
  /** Benchmark only (electron/services/bench-hooks.ts): told of every decoded message. */
  onDecoded?: (update: QuoteMessage) => void;
}

/** DECODE: one message that was not valid protobuf; it was counted and skipped. */
/** REFUSED: the server refused a symbol (unknown to it); the others were routed without it. */
export type QuoteStreamError = {
  code: 'CONNECTION' | 'ROUTING' | 'DECODE' | 'REFUSED';
  message: string;
  symbol?: string;
};

export interface QuoteStream {
  readonly sessionId: string;
  /**
   * Reference-counted; the listener gets the symbol's merged state once per flush it changed in.
   * `depth`: book levels this subscriber needs from QUOTE (the routed depth is the deepest wanted).
   */
  subscribe(
    symbol: string,
    subTypes: readonly QuoteSubType[],
    listener: (state: QuoteState) => void,
    opts?: { category?: Category; depth?: number },
  ): () => void;
  /** Every flush as one batch (at most one entry per symbol): what the renderer bridge forwards. */
  onBatch(listener: (batch: QuoteState[]) => void): () => void;
  status(): LinkState;
  onStatus(listener: (status: LinkState) => void): () => void;
  onStaleness(listener: (changes: StalenessChange[]) => void): () => void;
  staleness(): (StalenessChange & { ageMs: number | undefined })[];
  onError(listener: (error: QuoteStreamError) => void): () => void;
  /** Messages that could not be decoded and were skipped since the stream was made. */
  badMessages(): number;
  /** Wanted symbols the service refused (an invalid-parameter error naming `symbols`). */
  refusedSymbols(): string[];
  close(): Promise<void>;
}

const noLog = () => undefined;

export const newSessionId = () => randomBytes(16).toString('hex');

export function createQuoteStream(opts: QuoteStreamOptions): QuoteStream {
  const now = opts.now ?? Date.now;
  const sessionId = opts.sessionId ?? newSessionId();
  const statusListeners = new Listeners<LinkState>();
  const batchListeners = new Listeners<QuoteState[]>();
  const errorListeners = new Listeners<QuoteStreamError>();
  const stalenessListeners = new Listeners<StalenessChange[]>();
  const symbolListeners = new Map<string, Listeners<QuoteState>>();
  let state: LinkState = 'connecting';
  let client: MqttClient | undefined;
  let attempt = 0;
  let connectedAt: number | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let badMessages = 0;

  const setStatus = (next: LinkState) => {
    if (next === state) return;
    state = next;
    statusListeners.emit(next);
  };

  const registry = new SubscriptionRegistry({
    route: opts.routeSubscriptions,
    sessionId,
    canRoute: () => state === 'live',
    debounceMs: opts.routeDebounceMs ?? 50,
    depth: opts.depth,
    overnight: opts.overnight,
    onError: (err) =>
      errorListeners.emit({ code: 'ROUTING', message: err instanceof Error ? err.message : String(err) }),
    onRefused: (symbol, err) =>
      errorListeners.emit({
        code: 'REFUSED',
        symbol,
        message: `${symbol} was refused and is not streamed; the other symbols are: ${err instanceof Error ? err.message : String(err)}`,
      }),
  });

  const staleness = new StalenessTracker({
    staleAfterMs: opts.staleAfterMs ?? ((at) => staleAfterMsAt(at, opts.marketClock?.())),
    now,
    onChange: (changes) => {
      // The verdict goes into each state, so the next flush carries it to the symbol's listeners,
      // a symbol with no message yet too: its row shows the HTTP seed, which must dim as the
      // connection status counts it (the state holds the verdict alone, receive time 0).
      for (const c of changes) conflator.push(c.symbol, { kind: 'STALE', symbol: c.symbol, stale: c.stale });
      stalenessListeners.emit(changes);
    },
  });

  const conflator = createConflator<QuoteMessage | StalenessMark, QuoteState>({
    intervalMs: opts.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
    merge: mergeQuoteMessage,
    sink(batch) {
      batchListeners.emit(batch);
      for (const s of batch) symbolListeners.get(s.symbol)?.emit(s);
    },
  });

  // Read once: absent (the benchmark not attached, or a packaged build), the hot path makes no call.
  const onDecoded = opts.onDecoded;
  const onMessage = (topic: string, payload: Buffer) => {
    let update: QuoteMessage | undefined;
    try {
      update = decodeQuoteMessage(topic, payload, now());
    } catch (err) {
      // Thrown out of mqtt.js's message handler, a decode error would end the process (or, caught
      // further up, stop mqtt.js reading the socket while the status still says live). One bad
      // message is counted, reported by topic and size only (never its bytes), and skipped.
      badMessages++;
      const why = err instanceof Error ? err.message : String(err);
      errorListeners.emit({
        code: 'DECODE',
        message: `skipped a malformed ${topic.slice(0, 32)} message (${payload.length} bytes): ${why.slice(0, 120)}`,
      });
      return;
    }
    // Late messages for a symbol nobody wants any more (routing races) are dropped.
    if (!update || !registry.isWanted(update.symbol)) return;
    if (onDecoded !== undefined) onDecoded(update);
    staleness.touch(update.symbol, update.receivedAt);
    conflator.push(update.symbol, update);
  };

  const scheduleReconnect = () => {
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    old?.end(true);
    registry.forgetRouting();
    if (closed) return;
    staleness.markAllStale();
    setStatus('reconnecting');
    if (connectedAt !== undefined && Date.now() - connectedAt >= STABLE_AFTER_MS) attempt = 0;
    connectedAt = undefined;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = setTimeout(
      connect,
      backoffDelay(attempt++, { ...QUOTE_BACKOFF, ...opts.backoff }, opts.random),
    );
  };

  const ca = opts.url.startsWith('mqtts:') ? trustedCas(opts.caCertificate) : undefined;

  function connect(): void {
    retryTimer = undefined;
    if (closed) return;
    const c = mqttPackage().connect(opts.url, {
      clientId: sessionId,
      username: opts.appKey,
      // The real service ignores the password's value; a fresh one each time (docs/streaming.md).
      password: randomBytes(16).toString('hex'),
      reconnectPeriod: 0,
      connectTimeout: opts.connectTimeoutMs ?? 10_000,
      keepalive: opts.keepaliveSeconds ?? 30,
      clean: true,
      protocolVersion: 4,
      // mqtt.js logs through `debug` by default: a call per packet that builds its arguments even
      // when nothing is printed (a tenth of main's allocations under a flood), with the app key among them.
      log: noLog,
      // By default mqtt-packet writes packet numbers from a cache of all 65,536 two-byte buffers,
      // built on the first write: tens of milliseconds on the start's path and 65,536 objects kept
      // in main's heap for good, for a client that writes a handful of packets (connect,
      // subscriptions, pings). The reading side does not use it.
      writeCache: false,
      ...(ca ? { ca } : {}),
      ...opts.tls,
    });
    client = c;
    c.on('connect', () => {
      if (client !== c) return;
      connectedAt = Date.now();
      registry.forgetRouting();
      setStatus('live');
      void registry.reconcile();
    });
    const budget = createReadBudget({
      budgetMs: opts.readBudgetMs ?? 10,
      now: () => performance.now(),
      pause: () => c.stream.pause(),
      resume: () => c.stream.resume(),
      nextTurn: (run) => setImmediate(run),
    });
    c.on('message', (topic, payload) => {
      if (client !== c) return;
      const started = budget.now();
      onMessage(topic, payload);
      budget.spent(started);
    });
    c.on('error', (err) => {
      if (client === c) errorListeners.emit({ code: 'CONNECTION', message: err.message });
    });
    c.on('close', () => {
      budget.close();
      if (client === c) scheduleReconnect();
    });
  }

  connect();

  return {
    sessionId,
    subscribe(symbol, subTypes, listener, subOpts) {
      let listeners = symbolListeners.get(symbol);
      if (!listeners) {
        listeners = new Listeners();
        symbolListeners.set(symbol, listeners);
      }
      const remove = listeners.add(listener);
      const release = registry.acquire(symbol, subTypes, subOpts?.category, subOpts?.depth);
      staleness.track(symbol);
      const known = conflator.latest(symbol);
      if (known) queueMicrotask(() => listener(known));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        remove();
        release();
        if (!registry.isWanted(symbol)) {
          symbolListeners.delete(symbol);
          staleness.untrack(symbol);
          conflator.forget(symbol);
        }
      };
    },
    onBatch: (l) => batchListeners.add(l),
    status: () => state,
    onStatus: (l) => statusListeners.add(l),
    onStaleness: (l) => stalenessListeners.add(l),
    staleness: () => staleness.report(),
    onError: (l) => errorListeners.add(l),
    refusedSymbols: () => [...registry.refusedSymbols().keys()],
    badMessages: () => badMessages,
    async close() {
      closed = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      registry.close();
      staleness.stop();
      conflator.close();
      const c = client;
      client = undefined;
      setStatus('offline');
      if (c) await new Promise<void>((resolve) => c.end(true, {}, () => resolve()));
    },
  };
}
