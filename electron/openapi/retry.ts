import { ErrorCodes, RETRYABLE_CODES } from '../../shared/errors';
import { backoffDelay } from '../common/backoff';
import { ApiError, cancelledError } from './api-error';

/**
 * Retries for idempotent calls. The official clients retry GET only and never blindly
 * retry an order POST. Token check is a POST that only reads state, so it is retried too.
 * Backoff is exponential with full jitter (delay = random × min(cap, base × 2^attempt)), so many
 * clients that failed together do not come back together; a `Retry-After` from the server wins.
 */
/**
 * The longest `Retry-After` honoured: the Market Data window (60 s, docs/openapi-client.md), the longest a
 * rolling per-minute limit can legitimately ask for. A server that asks for more (an hour, a date
 * tomorrow) would leave the call pending for that long; such a call fails at once with the server's
 * code and a message that says how long it was asked to wait. The rate limiter caps its shared
 * pause at the same value, so one call's answer cannot stall every other Market Data call longer.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface RetryPolicy {
  /** Total attempts including the first. Default 3. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  /** Longest Retry-After waited before a retry; more fails the call. Default {@link MAX_RETRY_AFTER_MS}. */
  maxRetryAfterMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  sleep: abortableSleep,
  random: Math.random,
};

export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === ErrorCodes.NETWORK_ERROR || error.code === ErrorCodes.TIMEOUT) return error.retryable;
  return RETRYABLE_CODES.has(error.code);
}

/**
 * Delay before attempt number `attempt + 1` (attempt counts from 0 for the first try): the server's
 * `Retry-After` when it sent one, else the app's one backoff (electron/common/backoff.ts).
 */
export function retryDelay(
  attempt: number,
  error: unknown,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) return Math.max(0, error.retryAfterMs);
  return backoffDelay(
    attempt,
    { initialMs: policy.baseDelayMs, maxMs: policy.maxDelayMs, factor: 2 },
    policy.random,
  );
}

export async function withRetry<T>(
  run: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  onRetry?: (attempt: number, delayMs: number, error: unknown) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (attempt + 1 >= policy.attempts || !isRetryableError(error) || signal?.aborted) throw error;
      const cap = policy.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
      if (error instanceof ApiError && error.retryAfterMs !== undefined && error.retryAfterMs > cap)
        throw retryAfterTooLong(error, cap);
      const delay = retryDelay(attempt, error, policy);
      onRetry?.(attempt, delay, error);
      await policy.sleep(delay, signal);
    }
  }
}

function retryAfterTooLong(error: ApiError, capMs: number): ApiError {
  const asked = Math.round((error.retryAfterMs ?? 0) / 1000);
  return new ApiError({
    code: error.code,
    message: `${error.message} (the server asked to wait ${asked} s before trying again, more than the ${Math.round(capMs / 1000)} s Bullpen waits; try again later)`,
    status: error.status,
    requestId: error.requestId,
    retryAfterMs: error.retryAfterMs,
    fromServer: error.fromServer,
    retryable: false,
    cause: error,
  });
}

/** `Retry-After`: delta-seconds or an HTTP date (RFC 9110, section 10.2.3). Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
