import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { RateLimiter } from './rate-limiter';
import { DEFAULT_RETRY, MAX_RETRY_AFTER_MS, withRetry, type RetryPolicy } from './retry';

const throttled = (retryAfterMs: number) =>
  new ApiError({
    code: 'TOO_MANY_REQUESTS',
    message: 'slow down',
    status: 429,
    retryAfterMs,
    fromServer: true,
  });

function policy(): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return { ...DEFAULT_RETRY, random: () => 0.5, sleep: async (ms) => void slept.push(ms), slept };
}

describe('Retry-After is bounded', () => {
  it('waits a Retry-After within the cap', async () => {
    const p = policy();
    let calls = 0;
    const value = await withRetry(async () => {
      if (calls++ === 0) throw throttled(MAX_RETRY_AFTER_MS);
      return 'ok';
    }, p);
    expect(value).toBe('ok');
    expect(p.slept).toEqual([MAX_RETRY_AFTER_MS]);
  });

  it.each([3_600_000, 86_400_000])('fails at once, clearly, when asked to wait %i ms', async (ms) => {
    const p = policy();
    let calls = 0;
    const error = await withRetry(async () => {
      calls++;
      throw throttled(ms);
    }, p).catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(p.slept).toEqual([]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('TOO_MANY_REQUESTS');
    expect((error as ApiError).retryable).toBe(false);
    expect((error as ApiError).message).toMatch(new RegExp(`${Math.round(ms / 1000)} s`));
    expect((error as ApiError).message).toMatch(new RegExp(`${MAX_RETRY_AFTER_MS / 1000} s`));
  });

  it('pauses every other Market Data call only for the ordinary backoff when Retry-After is beyond the cap', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ now: () => now, setTimer: () => 1, clearTimer: () => undefined });
    // The call told to wait an hour fails on its own; the shared queue waits the first backoff (1 s).
    limiter.throttled(3_600_000);
    expect(limiter.budget().pausedUntil).toBe(now + 1_000);
    now += 1_001;
    expect(limiter.budget().pausedUntil).toBeUndefined();
    // Within the cap, Retry-After is honoured for everyone.
    limiter.throttled(MAX_RETRY_AFTER_MS);
    expect(limiter.budget().pausedUntil).toBe(now + MAX_RETRY_AFTER_MS);
  });
});
