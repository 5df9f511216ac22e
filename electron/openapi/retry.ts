import { ErrorCodes, RETRYABLE_CODES } from '../../shared/errors';
import { operations, type OperationId } from '../../shared/openapi/operations';
import { backoffDelay } from '../common/backoff';
import { ApiError, cancelledError } from './api-error';

/**
 * Retries for idempotent calls. README §3: the official clients retry GET only and never blindly
 * retry an order POST. Token check is a POST that only reads state, so it is retried too.
 * Backoff is exponential with full jitter (delay = random × min(cap, base × 2^attempt)), so many
 * clients that failed together do not come back together; a `Retry-After` from the server wins.
 */
export interface RetryPolicy {
  /** Total attempts including the first. Default 3. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  sleep: abortableSleep,
  random: Math.random,
};

/** Ops that may be sent again without asking: reads. */
export function isRetryableOperation(op: OperationId): boolean {
  const def = operations[op];
  if ('kind' in def && def.kind === 'order') return false;
  return def.method === 'GET' || op === 'tokenCheck';
}

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
      const delay = retryDelay(attempt, error, policy);
      onRetry?.(attempt, delay, error);
      await policy.sleep(delay, signal);
    }
  }
}

/** `Retry-After`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when absent or unreadable. */
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
