import type { OperationId, OpParsedParams, OpResult } from '../../shared/openapi/operations';

/**
 * How the sandbox's feature modules plug into its HTTP server: each exports a RouteTable keyed by
 * the catalogue's operation id. The server parses and validates parameters with the catalogue's
 * schema (a 400 naming the parameter on failure) before a handler ever runs.
 */
export interface RequestContext {
  appKey: string;
  requestId: string;
  /** The `category` request header, when sent (a unified order names its instrument with it). */
  category?: string;
  /**
   * The MARKET clock at this request, Unix ms (SandboxOptions.marketClock): market data, screeners,
   * fundamentals, balances and orders are as of this instant. It equals the wall clock unless the
   * sandbox replays a past session; routes that stamp user records (tokens, watchlists) take the
   * wall clock from their own options instead.
   */
  now: number;
}

export type RouteHandler<K extends OperationId> = (
  params: OpParsedParams<K>,
  ctx: RequestContext,
) => OpResult<K> | Promise<OpResult<K>>;

export type RouteTable = { [K in OperationId]?: RouteHandler<K> };

/** A rejection with the service's error shape: non-200, `{error_code, message}`, `x-request-id`. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export const badParameter = (name: string, why: string) =>
  new SandboxError(400, 'INVALID_PARAMETER', `Invalid parameter '${name}': ${why}`);
export const notFound = (what: string) => new SandboxError(404, 'NOT_FOUND', `${what} not found`);
