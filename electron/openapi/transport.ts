import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { EnvironmentSettings } from '../../shared/environments';
import {
  operations,
  type OperationId,
  type OpParsedParams,
  type OpResult,
} from '../../shared/openapi/operations';
import {
  ApiError,
  badResponse,
  invalidRequestError,
  replyTooLargeError,
  cancelledError,
  errorFromReply,
  networkError,
  schemaMismatch,
  timeoutError,
  tryParseJson,
  type ReplyInfo,
} from './api-error';
import {
  readReply,
  readerEvents,
  sampledEvent,
  type NotedEvent,
  type ReaderEvent,
  type ReplyRequest,
} from '../../shared/openapi/read-reply';
import type { Receipt } from '../../shared/openapi/readers';
import { ServerClock } from './server-clock';
import { parseRetryAfter } from './retry';
import { redactSecrets } from '../common/redact';
import { percentEncode, serializeBody, signRequest } from '../../shared/signing';
import { trustedCas } from '../common/trusted-cas';

/**
 * One signed HTTP exchange. node:http/https rather than the global fetch (undici): fetch treats
 * `Host` as its own business, and the signature covers `host` exactly as sent (docs/openapi-client.md); node:http
 * also lets us tell "connection reset before a reply" from "timed out" — the distinction the order
 * ambiguity logic needs — and sends the body bytes we digested, untouched.
 */
export interface Credentials {
  appKey: string;
  appSecret: string;
}

export interface WireRequest {
  method: 'GET' | 'POST';
  path: string;
  query: Array<[string, string]>;
  /** Serialised once; the same string is digested and sent. Null for GET. */
  body: string | null;
  xVersion: string;
  accessToken?: string;
  /** Unsigned request headers the operation needs on this environment (e.g. a unified order's `category`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface WireReply extends ReplyInfo {
  headers: http.IncomingHttpHeaders;
}

export interface TransportOptions {
  environment: EnvironmentSettings;
  credentials: Credentials;
  clock: ServerClock;
  /** Whole-exchange timeout (connect → last body byte). Default 15 s. */
  timeoutMs?: number;
  /** Local wall clock, for round-trip measurement. */
  localNow?: () => number;
  /** Every repair or skip the readers made in a reply (read-reply.ts). */
  onReaderEvent?: (event: ReaderEvent) => void;
}

/**
 * A mutation answered with a receipt instead of its record (read-reply.ts RECEIPT_OPERATIONS): the
 * client reads the record afterwards (receipts.ts).
 */
export class ReceiptReply {
  constructor(readonly receipt: Receipt) {}
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Largest reply body read into memory; no catalogue reply comes near it, so more is a fault. */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/** Query values on the wire: arrays comma-joined (docs/openapi-client.md), booleans as text. */
export function queryValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => queryValue(v) ?? '').join(',');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function toQuery(params: object): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, raw] of Object.entries(params)) {
    const value = queryValue(raw);
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}

/** Host as signed: the Host header's value (`host:port` off the default port) unless the environment says bare. */
function signingHost(environment: EnvironmentSettings): string {
  const url = new URL(environment.apiBaseUrl);
  return environment.signHostWithPort === false ? url.hostname : url.host;
}

export class Transport {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;
  private readonly localNow: () => number;
  readonly secrets: readonly string[];

  constructor(private readonly opts: TransportOptions) {
    this.base = new URL(opts.environment.apiBaseUrl);
    const isHttps = this.base.protocol === 'https:';
    // An environment's extra CA is added to, never instead of, the public roots (trusted-cas.ts).
    this.agent = isHttps
      ? new https.Agent({ keepAlive: true, ca: trustedCas(opts.environment.caCertificate) })
      : new http.Agent({ keepAlive: true });
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.localNow = opts.localNow ?? Date.now;
    this.secrets = [opts.credentials.appSecret];
  }

  /** Builds the wire request for a validated operation call. */
  wireFor<K extends OperationId>(
    op: K,
    params: OpParsedParams<K>,
    xVersion: string,
    path?: string,
  ): WireRequest {
    const def = operations[op];
    const body = def.method === 'POST' ? serializeBody(params) : null;
    return {
      method: def.method,
      path: path ?? def.path,
      query: def.method === 'GET' ? toQuery(params as object) : [],
      body,
      xVersion,
    };
  }

  /** Sends and validates against the operation's response schema. */
  async request<K extends OperationId>(op: K, wire: WireRequest): Promise<OpResult<K>> {
    const reply = await this.send(wire);
    return this.parse(op, reply, wire);
  }

  /**
   * Reads a reply through the readers (shared/openapi/read-reply.ts). A receipt comes back as a
   * ReceiptReply in the record's place; the caller (client.ts) completes it. `sent` is the request
   * the reply answers: a reply that leaves out the symbol asked for is completed from it.
   */
  parse<K extends OperationId>(op: K, reply: WireReply, sent?: WireRequest): OpResult<K> {
    const json = this.json(reply);
    const reading = readReply(op, json, replyRequest(sent));
    if (this.opts.onReaderEvent && reading.notes.length > 0)
      for (const event of readerEvents(op, json, reading.notes, this.redact)) this.opts.onReaderEvent(event);
    if (reading.kind === 'unreadable') throw schemaMismatch(reply, reading.error);
    if (reading.kind === 'receipt') return new ReceiptReply(reading.receipt) as unknown as OpResult<K>;
    return reading.value;
  }

  /**
   * Reports events grouped elsewhere (a reply read in the reader thread, reply-reader.ts): each
   * sample is taken here, in main, where the secrets that redact it are.
   */
  reportReaderEvents(events: readonly NotedEvent[]): void {
    if (!this.opts.onReaderEvent) return;
    for (const event of events) this.opts.onReaderEvent(sampledEvent(event, this.redact));
  }

  private readonly redact = (text: string) => redactSecrets(text, this.secrets);

  /** A 2xx reply's JSON, or the mapped error. */
  json(reply: WireReply): unknown {
    if (reply.status < 200 || reply.status >= 300) throw errorFromReply(reply);
    const parsed = tryParseJson(reply.bodyText);
    if (!parsed.ok) throw badResponse(reply, `not JSON (${parsed.reason})`);
    return parsed.value;
  }

  /** Signs with a fresh nonce and the server-adjusted timestamp, sends, and collects the reply. */
  send(wire: WireRequest): Promise<WireReply> {
    const { environment, credentials } = this.opts;
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const path = `${basePath}${wire.path}`;
    const signed = signRequest({
      method: wire.method,
      path,
      query: wire.query,
      body: wire.body,
      host: signingHost(environment),
      appKey: credentials.appKey,
      appSecret: credentials.appSecret,
      timestamp: this.opts.clock.timestamp(),
      nonce: randomUUID().replace(/-/g, ''),
      algorithm: environment.algorithm,
    });
    const headers: Record<string, string> = {
      ...signed.headers,
      host: this.base.host,
      'x-version': wire.xVersion,
      accept: 'application/json',
    };
    if (wire.body !== null) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(wire.body, 'utf8'));
    }
    // Added after signing: the access token is not one of the signed headers (docs/openapi-client.md).
    if (wire.accessToken) headers['x-access-token'] = wire.accessToken;
    for (const [name, value] of Object.entries(wire.headers ?? {})) headers[name.toLowerCase()] ??= value;
    const search = wire.query.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join('&');
    return this.exchange(path + (search ? `?${search}` : ''), wire, headers);
  }

  private exchange(
    pathAndQuery: string,
    wire: WireRequest,
    headers: Record<string, string>,
  ): Promise<WireReply> {
    const lib = this.base.protocol === 'https:' ? https : http;
    const sentAt = this.localNow();
    return new Promise<WireReply>((resolve, reject) => {
      if (wire.signal?.aborted) {
        reject(cancelledError());
        return;
      }
      let settled = false;
      // Unassigned while lib.request runs: it throws synchronously on a header Node refuses.
      let req: http.ClientRequest | undefined;
      const finish = (error: ApiError | null, reply?: WireReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        wire.signal?.removeEventListener('abort', onAbort);
        if (error) {
          req?.destroy();
          reject(error);
        } else if (reply) resolve(reply);
      };
      const onAbort = () => finish(cancelledError());
      const timer = setTimeout(() => finish(timeoutError(this.timeoutMs)), this.timeoutMs);
      try {
        req = this.startRequest(lib, pathAndQuery, wire, headers, sentAt, finish);
      } catch (e) {
        // Nothing was sent: the server cannot have acted, and sending again cannot help. `finish`
        // also clears the deadline, which would otherwise fire on a request that never existed.
        finish(invalidRequestError(e, this.secrets));
        return;
      }
      req.on('error', (e) => finish(networkError(e, this.secrets)));
      wire.signal?.addEventListener('abort', onAbort, { once: true });
      req.end(wire.body ?? undefined);
    });
  }

  private startRequest(
    lib: typeof http | typeof https,
    pathAndQuery: string,
    wire: WireRequest,
    headers: Record<string, string>,
    sentAt: number,
    finish: (error: ApiError | null, reply?: WireReply) => void,
  ): http.ClientRequest {
    return lib.request(
      {
        protocol: this.base.protocol,
        hostname: this.base.hostname.replace(/^\[|\]$/g, ''),
        port: this.base.port || undefined,
        method: wire.method,
        path: pathAndQuery,
        headers,
        agent: this.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          // Checked as it streams in, so a runaway reply never sits whole in memory.
          if (size > MAX_REPLY_BYTES) finish(replyTooLargeError(MAX_REPLY_BYTES, res.statusCode));
          else chunks.push(c);
        });
        res.on('error', (e) => finish(networkError(e, this.secrets)));
        res.on('aborted', () => finish(networkError(new Error('connection closed mid-reply'), this.secrets)));
        res.on('end', () => {
          if (!res.complete) {
            finish(networkError(new Error('connection closed mid-reply'), this.secrets));
            return;
          }
          const receivedAt = this.localNow();
          const date = header(res.headers, 'date');
          this.opts.clock.observeDate(date, sentAt, receivedAt);
          finish(null, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            bodyText: Buffer.concat(chunks).toString('utf8'),
            contentType: header(res.headers, 'content-type'),
            requestId: header(res.headers, 'x-request-id'),
            retryAfterMs: parseRetryAfter(header(res.headers, 'retry-after'), receivedAt),
            serverDate: date,
            secrets: this.secrets,
            request: {
              environment: this.opts.environment.name,
              method: wire.method,
              path: pathAndQuery.split('?')[0] ?? '',
            },
          });
        });
      },
    );
  }

  close(): void {
    this.agent.destroy();
  }
}

function header(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** What a reply may leave out, from the request it answers (read-reply.ts `fromRequest`). */
export function replyRequest(sent: WireRequest | undefined): ReplyRequest | undefined {
  const symbol = sent?.query.find(([name]) => name === 'symbol')?.[1];
  const clientOrderIds = placedIds(sent);
  return symbol === undefined && clientOrderIds === undefined ? undefined : { symbol, clientOrderIds };
}

/** The `client_order_id`s of a placement's `new_orders`, for a reply that names only the group. */
function placedIds(sent: WireRequest | undefined): string[] | undefined {
  if (!sent?.body || !sent.body.includes('"new_orders"')) return undefined;
  const parsed = tryParseJson(sent.body);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const orders = (parsed.value as { new_orders?: unknown }).new_orders;
  if (!Array.isArray(orders)) return undefined;
  return orders.map((o: unknown) =>
    typeof o === 'object' && o !== null ? String((o as { client_order_id?: unknown }).client_order_id) : '',
  );
}
