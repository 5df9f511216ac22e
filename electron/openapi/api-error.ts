import type { z } from 'zod';
import { ErrorCodes, RETRYABLE_CODES, type ApiErrorShape } from '../../shared/errors';
import { fieldFromErrorMessage, readErrorBody } from '../../shared/openapi/readers';
import { redactSecrets } from '../common/redact';

/**
 * The one error type the client throws. Every failure — a server rejection, a dropped connection, a
 * timeout, a reply we cannot read — becomes an ApiError with a code, so callers branch on `code`
 * and the UI shows `message` (docs/architecture.md "Errors").
 */
export interface ApiErrorInit {
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  retryable?: boolean;
  /** True when the server itself sent `{error_code, message}`: it decided, so nothing is ambiguous. */
  fromServer?: boolean;
  /** Parsed `Retry-After`, when the reply carried one. */
  retryAfterMs?: number;
  /** The request parameter the error names (shared/errors.ts `field`). */
  field?: string;
  /** The `Date` header of the reply, kept for clock-offset learning on a timestamp rejection. */
  serverDate?: string;
  /** The service's own code when the client reads it as another (a 417 parameter error). */
  serverCode?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryable: boolean;
  readonly fromServer: boolean;
  readonly retryAfterMs?: number;
  readonly serverDate?: string;
  readonly field?: string;
  readonly serverCode?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    // Network failures and timeouts may pass on a second try unless the maker says otherwise.
    this.retryable =
      init.retryable ??
      (RETRYABLE_CODES.has(init.code) ||
        init.code === ErrorCodes.NETWORK_ERROR ||
        init.code === ErrorCodes.TIMEOUT);
    this.fromServer = init.fromServer ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.serverDate = init.serverDate;
    this.field = init.field;
    this.serverCode = init.serverCode;
  }

  toShape(): ApiErrorShape {
    const shape: ApiErrorShape = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.status !== undefined) shape.status = this.status;
    if (this.requestId !== undefined) shape.requestId = this.requestId;
    if (this.field !== undefined) shape.field = this.field;
    return shape;
  }
}

/** What the transport knows about one HTTP reply. */
export interface ReplyInfo {
  status: number;
  bodyText: string;
  contentType?: string;
  requestId?: string;
  retryAfterMs?: number;
  serverDate?: string;
  /** Secrets to scrub from anything echoed back. */
  secrets: readonly string[];
  /** Which environment and path the reply answered, for errors that name no code. */
  request?: { environment: string; method: string; path: string };
}

/**
 * The real service's parameter errors are HTTP 417 with these codes (docs/openapi-client.md "Reading
 * replies"); the client reads them as the documented `INVALID_PARAMETER`, keeping the service's code
 * in `serverCode`. Another 417 (`OPENAPI_DAY_ORDER_NOT_ALLOWED_AFT_CORE_TIME_LIMIT`) keeps its code.
 */
const PARAMETER_ERROR_CODES = new Set([
  'OPENAPI_PARAM_ERR',
  'ILLEGAL_PARAMETER',
  'UNSUPPORTED_PERIOD',
  'UNSUPPORTED_CATEGORY',
  ErrorCodes.INVALID_PARAMETER,
]);

/**
 * The service's errors are a non-200 status with `{"error_code","message"}`. When the body is not that
 * (an HTML page from a proxy, an empty 502), the status alone decides the code, so a throttled or
 * overloaded gateway is still recognised as retryable.
 */
const STATUS_CODES: Record<number, string> = {
  404: ErrorCodes.NOT_FOUND,
  429: ErrorCodes.TOO_MANY_REQUESTS,
  500: ErrorCodes.INTERNAL_ERROR,
  502: 'SERVICE_NOT_AVAILABLE',
  503: 'SERVICE_NOT_AVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function errorFromReply(reply: ReplyInfo): ApiError {
  const common = {
    status: reply.status,
    requestId: reply.requestId,
    retryAfterMs: reply.retryAfterMs,
    serverDate: reply.serverDate,
  };
  const parsed = tryParseJson(reply.bodyText);
  const body = parsed.ok ? readErrorBody(parsed.value) : undefined;
  if (body?.code !== undefined) {
    const message = redactSecrets(body.message, reply.secrets);
    const field = fieldFromErrorMessage(body.message);
    if (PARAMETER_ERROR_CODES.has(body.code) && (reply.status === 417 || reply.status === 400)) {
      // A parameter error: the request was wrong, so sending it again cannot help.
      return new ApiError({
        ...common,
        code: ErrorCodes.INVALID_PARAMETER,
        message,
        field,
        fromServer: true,
        retryable: false,
        ...(body.code === ErrorCodes.INVALID_PARAMETER ? {} : { serverCode: body.code }),
      });
    }
    return new ApiError({ ...common, code: body.code, message, field, fromServer: true });
  }
  const code =
    STATUS_CODES[reply.status] ?? (reply.status >= 500 ? ErrorCodes.INTERNAL_ERROR : ErrorCodes.BAD_RESPONSE);
  if (body !== undefined) {
    // The gateway's `{error_msg}` (or a framework 404): no code, so say where it came from.
    const where = reply.request
      ? `The ${reply.request.environment} environment did not answer ${reply.request.method} ${reply.request.path}`
      : `HTTP ${reply.status}`;
    const hint =
      body.shape === 'gateway' && reply.status === 404
        ? ' (a gateway 404: this environment does not serve that path, or the app key is not provisioned for it)'
        : '';
    return new ApiError({
      ...common,
      code,
      message: redactSecrets(`${where}: ${body.message}${hint}`, reply.secrets),
    });
  }
  const what =
    reply.bodyText.trim() === ''
      ? 'an empty body'
      : `a body that is not an error object (${describeBody(reply)})`;
  return new ApiError({ ...common, code, message: `HTTP ${reply.status} with ${what}` });
}

/** OpenSSL's verdicts for a chain that ends in a CA this process does not trust. */
const UNTRUSTED_CHAIN_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

export function networkError(cause: unknown, secrets: readonly string[]): ApiError {
  const code = cause instanceof Error ? (cause as NodeJS.ErrnoException).code : undefined;
  const detail = cause instanceof Error ? `${code ?? cause.name}: ${cause.message}` : String(cause);
  // The one network failure the user can fix in Settings: say how (environments.ts caCertificate).
  const hint =
    code !== undefined && UNTRUSTED_CHAIN_CODES.has(code)
      ? " (the server's TLS certificate is not trusted; if a private CA signed it, add that CA as the environment's CA certificate)"
      : '';
  return new ApiError({
    code: ErrorCodes.NETWORK_ERROR,
    message: redactSecrets(`Network error: ${detail}${hint}`, secrets),
    // Trying again cannot make an untrusted certificate trusted; every other network failure may pass.
    retryable: hint === '',
  });
}

/**
 * Node refused to build the request (a header value with CR, LF or NUL, a bad port): nothing left
 * this machine. The input that led here should have been refused at the IPC boundary.
 */
export function invalidRequestError(cause: unknown, secrets: readonly string[]): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError({
    code: ErrorCodes.INVALID_REQUEST,
    message: redactSecrets(`The request could not be built, nothing was sent: ${detail}`, secrets),
    retryable: false,
  });
}

export function replyTooLargeError(maxBytes: number, status: number | undefined): ApiError {
  return new ApiError({
    code: ErrorCodes.RESPONSE_TOO_LARGE,
    message: `The reply (HTTP ${status ?? '?'}) is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; it was not read`,
    status,
    retryable: false,
  });
}

export function timeoutError(timeoutMs: number): ApiError {
  return new ApiError({
    code: ErrorCodes.TIMEOUT,
    message: `No complete reply within ${timeoutMs} ms`,
    retryable: true,
  });
}

export function cancelledError(): ApiError {
  return new ApiError({ code: ErrorCodes.CANCELLED, message: 'The request was cancelled', retryable: false });
}

export function invalidInput(opId: string, error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(input)';
  return new ApiError({
    code: ErrorCodes.INVALID_INPUT,
    message: `${opId}: invalid '${where}': ${issue?.message ?? 'invalid input'}`,
    retryable: false,
  });
}

/** A 200 we cannot use: not JSON, or JSON that fails the operation's response schema. */
export function badResponse(reply: ReplyInfo, why: string): ApiError {
  return new ApiError({
    code: ErrorCodes.BAD_RESPONSE,
    message: redactSecrets(`Unreadable reply (HTTP ${reply.status}): ${why}`, reply.secrets),
    status: reply.status,
    requestId: reply.requestId,
    retryable: false,
  });
}

export function schemaMismatch(reply: ReplyInfo, error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return badResponse(reply, `field '${where}': ${issue?.message ?? 'does not match'}`);
}

export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: false, reason: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

function describeBody(reply: ReplyInfo): string {
  const type = reply.contentType ? reply.contentType.split(';')[0] : 'no content-type';
  const start = redactSecrets(reply.bodyText.slice(0, 60).replace(/\s+/g, ' '), reply.secrets);
  return `${type}: "${start}${reply.bodyText.length > 60 ? '…' : ''}"`;
}
