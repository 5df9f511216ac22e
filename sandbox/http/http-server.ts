import { performance } from 'node:perf_hooks';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { z } from 'zod';
import { type OperationId, operations, findOperation, OPERATION_IDS } from '../../shared/openapi/operations';
import type { AccessTokens } from './access-tokens';
import { TOKEN_FREE_OPERATIONS } from './access-tokens';
import type { RequestVerifier } from './auth';
import { bodyObject, decodeQuery, queryObject, validateParams } from './params';
import type { SandboxTls } from '../types';
import type { RollingLimiter } from './rate-limit';
import { internalError, newRequestId, sendError, sendJson } from './respond';
import { type RequestContext, type RouteHandler, type RouteTable, SandboxError } from './route-types';
import type { EndpointLimiter } from './endpoint-limits';
import {
  GatewayError,
  REAL_INSTRUMENT_PAGE,
  realError,
  realErrorBody,
  realInstrumentPage,
  realOrderChecks,
  realRawChecks,
  realReply,
  type SeedFacts,
  type WireMode,
} from './wire';
import { checkEntitlements, type Entitlements } from './entitlements';

/**
 * The sandbox's HTTP front door, driven by the endpoint catalogue (shared/openapi/operations.ts):
 * method + path → operation id → RouteTable handler. Order of checks: route (404/405), signature,
 * access token, Market Data rate limit, parameters (400 naming the parameter), handler.
 */
export interface SandboxHttpOptions {
  routes: RouteTable;
  verifier: RequestVerifier;
  tokens: AccessTokens;
  marketDataLimiter: RollingLimiter;
  /** Wall clock: signature timestamp window, nonces, access tokens, rate limit, `Date` header. */
  clock: () => number;
  /** Market clock: `RequestContext.now` for the routes. Default: `clock`. */
  marketClock?: () => number;
  log?: (line: string) => void;
  /** Largest accepted body. */
  maxBodyBytes?: number;
  /**
   * A handler that holds the event loop (its synchronous part) longer than this is reported: logged
   * and passed to `onSlowHandler`. Default 250 ms. It blocks every other client meanwhile (HTTP,
   * MQTT pushes, gRPC), so each is a bug to fix (docs/sandbox.md "No request blocks the sandbox").
   */
  slowHandlerMs?: number;
  onSlowHandler?: (slow: SlowHandler) => void;
  /** The real service's reply forms (default) or the documented ones (wire.ts). */
  wire?: WireMode;
  /** Per-endpoint limits (real wire only; endpoint-limits.ts). */
  endpointLimiter?: EndpointLimiter;
  /** Shares and yield of a symbol, for the real snapshot's extra fields. */
  seeds?: SeedFacts;
  /** What each app key is entitled to (entitlements.ts); a key not in it, everything. */
  entitlements?: ReadonlyMap<string, Entitlements>;
}

export interface SlowHandler {
  operation: OperationId;
  /** How long the handler's synchronous part held the event loop. */
  blockedMs: number;
  params: unknown;
}

export type SandboxHttpHandler = (req: IncomingMessage, res: ServerResponse) => void;

const KNOWN_PATHS = new Map<string, string[]>();
for (const id of OPERATION_IDS) {
  const { path, method } = operations[id];
  KNOWN_PATHS.set(path, [...(KNOWN_PATHS.get(path) ?? []), method]);
}

export function createSandboxHttpHandler(opts: SandboxHttpOptions): SandboxHttpHandler {
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const maxBody = opts.maxBodyBytes ?? 1_000_000;
  const marketClock = opts.marketClock ?? opts.clock;
  const slowMs = opts.slowHandlerMs ?? 250;
  const real = (opts.wire ?? 'real') === 'real';

  /** What the catch below needs to write an error in the real form. */
  interface Seen {
    op?: OperationId;
    raw?: unknown;
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, requestId: string, seen: Seen) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req, maxBody);
    const id = findOperation(method, url.pathname);
    if (!id) {
      const allowed = KNOWN_PATHS.get(url.pathname);
      if (allowed)
        throw new SandboxError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname}`, {
          allow: allowed.join(', '),
        });
      if (real) throw new GatewayError('Route Not Found');
      throw new SandboxError(404, 'NOT_FOUND', `No operation at ${url.pathname}`);
    }
    seen.op = id;
    // Checked before the signature: whatever was signed, an empty POST is malformed, not unauthorised.
    if (method === 'POST' && raw.length === 0)
      throw new SandboxError(
        400,
        'INVALID_PARAMETER',
        "Invalid parameter 'body': a POST needs a JSON object body, got none",
      );
    const now = opts.clock();
    const query = decodeQuery(url.search);
    // The digest is over the exact bytes received; GET never has a body (docs/openapi-client.md, "Request signing").
    const body = method === 'GET' || raw.length === 0 ? null : raw.toString('utf8');
    const appKey = opts.verifier.verify({
      method,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
      now,
    });
    if (!TOKEN_FREE_OPERATIONS.has(id)) {
      const token = req.headers['x-access-token'];
      opts.tokens.require(appKey, Array.isArray(token) ? token[0] : token, now);
    }
    const def = operations[id];
    if (def.area === 'marketData') opts.marketDataLimiter.take(appKey, now);
    if (real) opts.endpointLimiter?.take(id, appKey, now);
    const rawParams =
      method === 'GET' ? queryObject(query) : bodyObject(req.headers['content-type'], body ?? '');
    seen.raw = rawParams;
    // Entitlement before the parameters: a key without the product is refused whatever it asked.
    checkEntitlements(opts.entitlements, appKey, id, rawParams);
    if (real) realRawChecks(id, rawParams);
    let params: unknown = validateParams(def.params as z.ZodType<unknown>, rawParams);
    const marketNow = marketClock();
    if (real) {
      realOrderChecks(id, params, marketNow);
      // The real service pages instruments 1,000 at a time whatever the page size asked; one more
      // row says whether another page follows.
      if (id === 'instruments') params = { ...(params as object), page_size: REAL_INSTRUMENT_PAGE + 1 };
    }
    const handler = opts.routes[id] as RouteHandler<OperationId> | undefined;
    if (!handler)
      throw new SandboxError(501, 'NOT_IMPLEMENTED', `Operation ${id} is not available in this sandbox`);
    const category = req.headers.category;
    const ctx: RequestContext = {
      appKey,
      requestId,
      now: marketNow,
      ...(typeof category === 'string' ? { category } : {}),
    };
    // The synchronous part of the call is what blocks the loop; an awaited remainder does not.
    const started = performance.now();
    const pending = (handler as (p: unknown, c: RequestContext) => unknown)(params, ctx);
    const blockedMs = performance.now() - started;
    if (blockedMs > slowMs) {
      log(
        `sandbox: ${id} held the event loop for ${Math.round(blockedMs)} ms (${JSON.stringify(rawParams)})`,
      );
      opts.onSlowHandler?.({ operation: id, blockedMs, params: rawParams });
    }
    const result = await pending;
    const reply = !real
      ? result
      : id === 'instruments'
        ? realInstrumentPage(result)
        : realReply(id, result, opts.seeds);
    sendJson(res, 200, reply, requestId, opts.clock());
  };

  const sendAnyError = (res: ServerResponse, error: SandboxError, requestId: string, seen: Seen) => {
    if (!real) {
      sendError(res, error, requestId, opts.clock());
      return;
    }
    const wireError = realError(error, seen.raw);
    const marketData = seen.op !== undefined && operations[seen.op].area === 'marketData';
    sendJson(
      res,
      wireError.status,
      realErrorBody(wireError, marketData),
      requestId,
      opts.clock(),
      wireError.headers,
    );
  };

  return (req, res) => {
    const requestId = newRequestId();
    const seen: Seen = {};
    handle(req, res, requestId, seen).catch((error: unknown) => {
      if (res.headersSent) {
        log(`sandbox: ${requestId} failed after reply started: ${String(error)}`);
        res.destroy();
        return;
      }
      if (error instanceof SandboxError) {
        sendAnyError(res, error, requestId, seen);
        return;
      }
      // No stack to the client (the service sends `{error_code, message}` only); the log keeps it for whoever runs the sandbox.
      log(
        `sandbox: ${requestId} ${req.method ?? ''} ${req.url ?? ''} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendError(res, internalError(), requestId, opts.clock());
    });
  };
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(
          new SandboxError(
            413,
            'INVALID_PARAMETER',
            `Invalid parameter 'body': larger than ${maxBytes} bytes`,
          ),
        );
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Node answers a request it cannot parse (a URL or headers past its 16 KB limit, a malformed request
 * line) itself, with an empty body. The sandbox answers every error with `{error_code, message}`
 * (the error shape in docs/openapi-client.md), so these too.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'REQUEST_HEADER_FIELDS_TOO_LARGE',
          'The request line or headers are too large (a URL or header longer than the server accepts)',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request did not arrive in time']
        : [400, 'Bad Request', 'BAD_REQUEST', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error_code: code, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function listenLoopback(
  handler: SandboxHttpHandler,
  port: number,
  tls?: SandboxTls,
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  // HTTPS changes nothing above the socket: the Host header (with its port) is signed the same way.
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler)
    : createServer(handler);
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    server,
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
