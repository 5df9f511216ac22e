/**
 * The one error shape that crosses every boundary: client → services → IPC → renderer.
 * `code` is the server's `error_code` when it sent one, else one of ours below.
 */
export interface ApiErrorShape {
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  retryable: boolean;
  /**
   * The request parameter the error is about, when the server named one: the API's own path,
   * dots between keys and `[i]` for array items, e.g. `new_orders[0].legs[0].strike_price`
   * (docs/ui.md "Options ticket"). Forms map it to their field.
   */
  field?: string;
}

/** Codes the service is known to send (docs/openapi-client.md) and that are worth retrying for GETs. */
export const RETRYABLE_CODES = new Set([
  'TOO_MANY_REQUESTS',
  'SERVICE_NOT_AVAILABLE',
  'GATEWAY_TIMEOUT',
  'INTERNAL_ERROR',
]);

/** Codes Bullpen itself produces (the sandbox uses the same names for its rejections). */
export const ErrorCodes = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  TIMEOUT: 'TIMEOUT',
  BAD_RESPONSE: 'BAD_RESPONSE',
  INVALID_INPUT: 'INVALID_INPUT',
  INVALID_PARAMETER: 'INVALID_PARAMETER',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  TIMESTAMP_EXPIRED: 'TIMESTAMP_EXPIRED',
  NONCE_REUSED: 'NONCE_REUSED',
  MISSING_HEADER: 'MISSING_HEADER',
  UNKNOWN_APP_KEY: 'UNKNOWN_APP_KEY',
  ACCESS_TOKEN_REQUIRED: 'ACCESS_TOKEN_REQUIRED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_APPROVAL_TIMEOUT: 'TOKEN_APPROVAL_TIMEOUT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  NOT_FOUND: 'NOT_FOUND',
  /** The gateway routes no such path for this environment's key, path set or x-version. */
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  /** The service refused the environment's x-version. */
  VERSION_REFUSED: 'VERSION_REFUSED',
  ORDER_REJECTED: 'ORDER_REJECTED',
  ORDER_STATE_CONFLICT: 'ORDER_STATE_CONFLICT',
  INSUFFICIENT_BUYING_POWER: 'INSUFFICIENT_BUYING_POWER',
  ORDER_OUTCOME_UNKNOWN: 'ORDER_OUTCOME_UNKNOWN',
  NOT_CONFIGURED: 'NOT_CONFIGURED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  CANCELLED: 'CANCELLED',
  /** Node refused to build the HTTP request (e.g. a header with a control character); nothing was sent. */
  INVALID_REQUEST: 'INVALID_REQUEST',
  /** The reply body passed the client's size cap and was not read. */
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  /** The user said no to a confirmation main asked for (e.g. a custom environment host). */
  USER_DECLINED: 'USER_DECLINED',
  /** A mutation's receipt said `false` with HTTP 200: the service did not make the change. */
  REFUSED: 'REFUSED',
} as const;
