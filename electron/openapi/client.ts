import { setMaxListeners } from 'node:events';
import type { EnvironmentSettings } from '../../shared/environments';
import { ErrorCodes } from '../../shared/errors';
import {
  OPERATION_IDS,
  findOperation,
  operations,
  type OperationId,
  type OpParams,
  type OpParsedParams,
  type OpResult,
} from '../../shared/openapi/operations';
import { AccessTokenManager, type AccessTokenReport, type TokenStore } from './access-token';
import { ApiError, cancelledError, invalidInput } from './api-error';
import { ServerClock, TIMESTAMP_REJECTION_CODES } from './server-clock';
import { HANDSHAKE_X_VERSION, runHandshake } from './handshake';
import { Coalescer, RateLimiter, type Budget, type Priority, type RateLimiterOptions } from './rate-limiter';
import { isRetryableOperation } from '../../shared/openapi/op-kinds';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry';
import { BarsBatcher } from './bars-batching';
import { batchSnapshots, DEFAULT_SNAPSHOT_BATCH_SIZE } from './snapshot-batching';
import { envWire, explainRefusal } from './env-wire';
import { pathSchemeOf } from '../../shared/environments';
import { ReceiptReply, toQuery, Transport, type Credentials, type WireRequest } from './transport';
import { completeReceipt } from './receipts';
import { readingTurn } from './reading-turn';
import { createReplyReader, type ReplyReaderOptions } from './reply-reader';
import type { ReaderEvent } from '../../shared/openapi/read-reply';
import { canonicalParams } from '../../shared/signing';

export interface CallOptions {
  priority?: Priority;
  signal?: AbortSignal;
}

export interface OpenApiClientOptions {
  environment: EnvironmentSettings;
  credentials: Credentials;
  tokenStore?: TokenStore;
  onTokenProgress?: (p: AccessTokenReport) => void;
  /** Per HTTP exchange. Default 15 s. */
  timeoutMs?: number;
  /** Local wall clock (Unix ms); the server offset is learned on top of it. */
  now?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Pass a shared limiter when several clients use one app key (the server counts the limit per key). */
  rateLimiter?: RateLimiter;
  rateLimit?: RateLimiterOptions;
  snapshotBatchSize?: number;
  /**
   * How long concurrent `bars` calls with the same parameters are collected before they go out
   * together as one batch-bars call (electron/openapi/bars-batching.ts). `false` sends each alone.
   */
  barsBatchWindowMs?: number | false;
  /**
   * Every repair or skip a reader made in a reply (shared/openapi/read-reply.ts): a field in another
   * form than the documented one, or a row that could not be read and was left out.
   */
  onReaderEvent?: (event: ReaderEvent) => void;
  /**
   * Large replies read in a reader thread (reply-reader.ts, docs/openapi-client.md "Reading
   * replies"); without it every reply is read on main's loop.
   */
  replyReader?: ReplyReaderOptions;
  token?: {
    pollIntervalMs?: number;
    approvalTimeoutMs?: number;
    refreshMarginMs?: number;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  };
}

type OpFn<K extends OperationId> =
  Record<string, never> extends OpParams<K>
    ? (params?: OpParams<K>, opts?: CallOptions) => Promise<OpResult<K>>
    : (params: OpParams<K>, opts?: CallOptions) => Promise<OpResult<K>>;
/** One typed function per catalogue operation, generated — there is no hand-written list. */
type OperationFunctions = { [K in OperationId]: OpFn<K> };

type SnapshotOptions = Omit<OpParams<'snapshot'>, 'symbols'> & CallOptions;

interface RawRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Array<[string, string]>;
  body?: string | null;
}

export interface OpenApiClient {
  call<K extends OperationId>(op: K, params: OpParams<K>, opts?: CallOptions): Promise<OpResult<K>>;
  api: OperationFunctions;
  snapshots(symbols: readonly string[], opts?: SnapshotOptions): Promise<OpResult<'snapshot'>>;
  /** A signed call to a path outside the catalogue (the CLI's escape hatch); reply JSON unvalidated. */
  raw(req: RawRequest, opts?: CallOptions): Promise<unknown>;
  ready(signal?: AbortSignal): Promise<void>;
  budget(): Budget;
  onBudget(listener: (b: Budget) => void): () => void;
  /** The server clock offset learned so far (ms). */
  clockOffsetMs(): number;
  /**
   * Every reply a reader had to repair or could not read, one entry per operation, reader and field
   * path with a running count and the first (redacted) sample: what a self-check reports.
   */
  readerReport(): ReaderEvent[];
  close(): void;
}

/** Distinct (operation, kind, reader, path) entries a client keeps; more are counted in the last. */
const MAX_READER_ENTRIES = 200;

const ACCOUNT_LIST_PATHS = ['/openapi/account/list', '/trading/accounts/list'] as const;
/** Codes after which the server did nothing and a fresh token makes the same request valid. */
const TOKEN_REJECTION_CODES = new Set<string>([
  ErrorCodes.ACCESS_TOKEN_REQUIRED,
  ErrorCodes.TOKEN_EXPIRED,
  ErrorCodes.TOKEN_INVALID,
]);

export function createOpenApiClient(opts: OpenApiClientOptions): OpenApiClient {
  const env = opts.environment;
  const localNow = opts.now ?? Date.now;
  const clock = new ServerClock(localNow);
  const readerLog = new Map<string, ReaderEvent>();
  const onReaderEvent = (event: ReaderEvent) => {
    const key = `${event.operation}|${event.kind}|${event.reader}|${event.path}`;
    const seen = readerLog.get(key);
    if (seen) seen.count += event.count;
    else if (readerLog.size < MAX_READER_ENTRIES) readerLog.set(key, { ...event });
    opts.onReaderEvent?.(event);
  };
  const transport = new Transport({
    environment: env,
    credentials: opts.credentials,
    clock,
    timeoutMs: opts.timeoutMs,
    localNow,
    onReaderEvent,
  });
  const replyReader = createReplyReader(transport, opts.replyReader);
  const limiter = opts.rateLimiter ?? new RateLimiter({ now: localNow, ...opts.rateLimit });
  const ownsLimiter = opts.rateLimiter === undefined;
  const coalescer = new Coalescer();
  type SharedBarsParams = Omit<OpParsedParams<'bars'>, 'symbol'> & { priority: Priority };
  const barsBatcher =
    opts.barsBatchWindowMs === false
      ? undefined
      : new BarsBatcher<SharedBarsParams>({
          windowMs: opts.barsBatchWindowMs,
          // Requests of different priorities never share a batch: a background refresh must not
          // ride ahead of the queue on a click's priority, nor a click wait behind a refresh.
          keyOf: ({ priority, ...rest }) => `${priority}?${canonicalParams(toQuery(rest))}`,
          fetchBatch: (symbols, { priority, ...rest }) =>
            execute('batchBars', { ...rest, symbols }, { priority }),
          fetchOne: (symbol, { priority, ...rest }) => execute('bars', { ...rest, symbol }, { priority }),
        });
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
  const closing = new AbortController();
  // Every call in flight or queued listens for the close and stops listening when it settles
  // (transport, rate limiter, retry); a watchlist of 1,000 symbols has more than Node's default of
  // ten at once, which Node would report as a possible leak.
  setMaxListeners(0, closing.signal);
  // The v3 path set starts the account list at its v3 path (the fallback below still tries the other).
  let accountListPath: string = pathSchemeOf(env) === 'v3' ? ACCOUNT_LIST_PATHS[1] : env.accountListPath;
  let tokens: AccessTokenManager | null = null;
  let readyPromise: Promise<void> | null = null;

  const withClose = (signal?: AbortSignal) =>
    signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;

  /** One signed exchange, with the Market Data slot, one timestamp re-sign and one token renewal. */
  async function attempt<K extends OperationId>(
    op: K,
    wire: WireRequest,
    priority: Priority,
  ): Promise<OpResult<K>> {
    const def = operations[op];
    const needsToken = def.area !== 'auth' && tokens !== null;
    let resigned = false;
    let renewed = false;
    for (;;) {
      // The token flow is shared by every call: one caller giving up must not cancel it for all.
      if (needsToken && tokens)
        wire.accessToken = await raceSignal(tokens.ensure(closing.signal), wire.signal);
      if (def.area === 'marketData') await limiter.acquire(priority, wire.signal);
      const signedWithOffset = clock.offset();
      try {
        const reply = await transport.send(wire);
        if (def.area === 'marketData') {
          if (reply.status === 429) limiter.throttled(reply.retryAfterMs);
          else limiter.succeeded();
        }
        // Read in a turn of its own, not back to back with replies that came with it (reading-turn.ts).
        await readingTurn();
        // Awaited here, so a reply's error is handled below like any other.
        return await replyReader.read(op, reply, wire);
      } catch (error) {
        if (!(error instanceof ApiError) || !error.fromServer) throw error;
        // A timestamp rejection means the server did nothing, so even a POST is re-signed once.
        if (!resigned && TIMESTAMP_REJECTION_CODES.has(error.code)) {
          resigned = true;
          const t = localNow();
          clock.observeDate(error.serverDate, t, t, true);
          // The transport may already have learned the offset from this very reply's Date header;
          // what matters is whether the clock now differs from the one the request was signed with.
          if (clock.offset() !== signedWithOffset) continue;
        }
        if (!renewed && needsToken && tokens && TOKEN_REJECTION_CODES.has(error.code)) {
          renewed = true;
          await tokens.invalidate();
          continue;
        }
        throw error;
      }
    }
  }

  function execute<K extends OperationId>(
    op: K,
    parsed: OpParsedParams<K>,
    callOpts: CallOptions,
    path?: string,
    xVersion?: string,
  ): Promise<OpResult<K>> {
    const def = operations[op];
    const priority = callOpts.priority ?? 'user';
    const version = xVersion ?? env.xVersion;
    const onWire = envWire(env, op, parsed);
    const wire = transport.wireFor(onWire.sentAs, parsed, version, path ?? onWire.path);
    if (onWire.headers) wire.headers = onWire.headers;
    const run = (signal: AbortSignal) => {
      const once = () => attempt(op, { ...wire, signal }, priority);
      const sent = isRetryableOperation(op) ? withRetry(once, retryPolicy, signal) : once();
      return sent.catch((error: unknown) => {
        throw explainRefusal(error, env, wire.path, version);
      });
    };
    if (def.method !== 'GET' || def.area !== 'marketData') return run(withClose(callOpts.signal));
    // Coalesced: the shared request is not tied to one caller's signal; each caller may still leave.
    const key = `${op}?${canonicalParams(toQuery(parsed as object))}`;
    return raceSignal(
      coalescer.run(key, () => run(closing.signal)),
      callOpts.signal,
    );
  }

  function parseParams<K extends OperationId>(op: K, params: OpParams<K> | undefined): OpParsedParams<K> {
    const result = operations[op].params.safeParse(params ?? {});
    if (!result.success) throw invalidInput(op, result.error);
    return result.data as OpParsedParams<K>;
  }

  async function accountList<K extends OperationId>(callOpts: CallOptions): Promise<OpResult<K>> {
    const first = accountListPath;
    const other = first === ACCOUNT_LIST_PATHS[0] ? ACCOUNT_LIST_PATHS[1] : ACCOUNT_LIST_PATHS[0];
    try {
      return (await execute('accountList', {}, callOpts, first)) as OpResult<K>;
    } catch (error) {
      // The 2026-09-20 change moved this path; whichever answers is remembered for the session.
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      const result = await execute('accountList', {}, callOpts, other);
      accountListPath = other;
      return result as OpResult<K>;
    }
  }

  function ready(signal?: AbortSignal): Promise<void> {
    if (!readyPromise) {
      readyPromise = handshake(withClose(signal)).catch((error: unknown) => {
        readyPromise = null; // the next call tries again
        throw error;
      });
    }
    return raceSignal(readyPromise, signal);
  }

  async function handshake(signal: AbortSignal): Promise<void> {
    const config = await runHandshake(() =>
      execute('openApiConfig', {}, { signal }, undefined, HANDSHAKE_X_VERSION),
    );
    if (!config.token_check_enabled) return;
    tokens ??= new AccessTokenManager({
      calls: {
        create: (token, s) => execute('tokenCreate', token === undefined ? {} : { token }, { signal: s }),
        check: (token, s) => execute('tokenCheck', { token }, { signal: s }),
        refresh: (token, s) => execute('tokenRefresh', { token }, { signal: s }),
      },
      store: opts.tokenStore,
      onProgress: opts.onTokenProgress,
      now: localNow,
      ...opts.token,
    });
    await tokens.ensure(signal);
  }

  async function call<K extends OperationId>(
    op: K,
    params: OpParams<K>,
    callOpts: CallOptions = {},
  ): Promise<OpResult<K>> {
    const parsed = parseParams(op, withTradingSession(op, params));
    // A call only stops *waiting* for the shared handshake; `ready(signal)` is what cancels it.
    if (operations[op].area !== 'auth') await raceSignal(ready(), callOpts.signal);
    if (op === 'accountList' || op === 'accountListV3') return accountList<K>(callOpts);
    if (op === 'bars' && barsBatcher) {
      const { symbol, ...rest } = parsed as OpParsedParams<'bars'>;
      const batched = barsBatcher.request(symbol, { ...rest, priority: callOpts.priority ?? 'user' });
      return raceSignal(batched, callOpts.signal) as Promise<OpResult<K>>;
    }
    if (op === 'snapshot') {
      // More symbols than a batch (a watchlist of thousands) would make a URL past what a server
      // takes: the batches' calls instead, merged (snapshot-batching.ts); a batch or fewer is one call.
      const { symbols, ...rest } = parsed as OpParsedParams<'snapshot'>;
      const size = opts.snapshotBatchSize ?? DEFAULT_SNAPSHOT_BATCH_SIZE;
      if (symbols.length > size)
        return batchSnapshots(symbols, size, (batch) =>
          call('snapshot', { ...rest, symbols: batch }, callOpts),
        ) as Promise<OpResult<K>>;
    }
    const result = await execute(op, parsed, callOpts);
    if (!(result instanceof ReceiptReply)) return result;
    return completeReceipt(op, parsed, result.receipt, (readOp, readParams) =>
      execute(readOp, readParams, callOpts),
    );
  }

  async function raw(req: RawRequest, callOpts: CallOptions = {}): Promise<unknown> {
    const known = findOperation(req.method, req.path);
    await raceSignal(ready(), callOpts.signal);
    const signal = withClose(callOpts.signal);
    const once = async () => {
      const accessToken = tokens ? await raceSignal(tokens.ensure(closing.signal), signal) : undefined;
      if (known && operations[known].area === 'marketData')
        await limiter.acquire(callOpts.priority ?? 'user', signal);
      const reply = await transport.send({
        method: req.method,
        path: req.path,
        query: req.query ?? [],
        body: req.body ?? null,
        xVersion: env.xVersion,
        accessToken,
        signal,
      });
      return transport.json(reply);
    };
    return req.method === 'GET' ? withRetry(once, retryPolicy, signal) : once();
  }

  const api = Object.fromEntries(
    OPERATION_IDS.map((id) => [
      id,
      (params?: OpParams<typeof id>, o?: CallOptions) => call(id, params ?? {}, o),
    ]),
  ) as unknown as OperationFunctions;

  return {
    call,
    api,
    raw,
    ready,
    snapshots: (symbols, { priority, signal, ...rest } = {}) =>
      batchSnapshots(symbols, opts.snapshotBatchSize ?? DEFAULT_SNAPSHOT_BATCH_SIZE, (batch) =>
        call('snapshot', { ...rest, symbols: batch }, { priority, signal }),
      ),
    budget: () => limiter.budget(),
    onBudget: (l) => limiter.onBudget(l),
    clockOffsetMs: () => clock.offset(),
    readerReport: () => [...readerLog.values()].map((e) => ({ ...e })),
    close: () => {
      closing.abort();
      if (ownsLimiter) limiter.close();
      replyReader.close();
      transport.close();
    },
  };
}

function raceSignal<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The real service requires `support_trading_session` on US equity orders; like the broker's SDK,
 * the client sends `CORE` (`ALL` when the order asks for extended hours) unless the caller chose one.
 */
function withTradingSession<K extends OperationId>(op: K, params: OpParams<K>): OpParams<K> {
  if (op !== 'orderPlace' && op !== 'orderPreview') return params;
  const p = params as OpParams<'orderPlace'> | undefined;
  if (!p || !Array.isArray(p.new_orders)) return params;
  const new_orders = p.new_orders.map((o) =>
    o.support_trading_session !== undefined || o.legs !== undefined || o.instrument_type === 'OPTION'
      ? o
      : { ...o, support_trading_session: o.extended_hours_trading ? ('ALL' as const) : ('CORE' as const) },
  );
  return { ...p, new_orders } as OpParams<K>;
}
