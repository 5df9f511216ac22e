import { describe, expect, it } from 'vitest';
import { isRetryableOperation } from '../../shared/openapi/op-kinds';
import { ApiError, networkError } from './api-error';
import { retryDelay, isRetryableError, parseRetryAfter, withRetry, type RetryPolicy } from './retry';

const err = (code: string, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ code, message: code, ...extra });

function policy(random = 0.5): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return {
    attempts: 3,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    random: () => random,
    sleep: async (ms) => void slept.push(ms),
    slept,
  };
}

describe('retry policy', () => {
  it('retries reads only: GETs and token check, never an order POST', () => {
    expect(isRetryableOperation('snapshot')).toBe(true);
    expect(isRetryableOperation('orderDetail')).toBe(true);
    expect(isRetryableOperation('tokenCheck')).toBe(true);
    expect(isRetryableOperation('orderPlace')).toBe(false);
    expect(isRetryableOperation('optionOrderCancel')).toBe(false);
    expect(isRetryableOperation('tokenCreate')).toBe(false);
    expect(isRetryableOperation('watchlistCreate')).toBe(false);
  });

  it('uses exponential backoff with full jitter, capped', () => {
    const p = { baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.5 };
    expect([0, 1, 2, 3, 4, 5].map((a) => retryDelay(a, err('INTERNAL_ERROR'), p))).toEqual([
      50, 100, 200, 400, 500, 500,
    ]);
    expect(retryDelay(3, err('INTERNAL_ERROR'), { ...p, random: () => 0 })).toBe(0);
    expect(retryDelay(0, err('TOO_MANY_REQUESTS', { retryAfterMs: 4_000 }), p)).toBe(4_000);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('retries the known transient codes and network failures until the attempts run out', async () => {
    for (const code of [
      'TOO_MANY_REQUESTS',
      'SERVICE_NOT_AVAILABLE',
      'GATEWAY_TIMEOUT',
      'INTERNAL_ERROR',
      'NETWORK_ERROR',
      'TIMEOUT',
    ]) {
      const p = policy();
      let calls = 0;
      await expect(
        withRetry(async () => {
          calls++;
          throw err(code);
        }, p),
      ).rejects.toMatchObject({ code });
      expect(calls, code).toBe(3);
      expect(p.slept).toEqual([50, 100]);
    }
  });

  it('does not retry other failures and returns the first success', async () => {
    const p = policy();
    let calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw err('INVALID_PARAMETER');
      }, p),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(calls).toBe(1);
    calls = 0;
    const value = await withRetry(async (attempt) => {
      calls++;
      if (attempt === 0) throw err('SERVICE_NOT_AVAILABLE');
      return 'ok';
    }, p);
    expect(value).toBe('ok');
    expect(calls).toBe(2);
  });

  it('retries dropped connections and timeouts, never an untrusted certificate', () => {
    const failure = (code: string) => Object.assign(new Error(code.toLowerCase()), { code });
    expect(isRetryableError(networkError(failure('ECONNRESET'), []))).toBe(true);
    expect(isRetryableError(networkError(failure('SELF_SIGNED_CERT_IN_CHAIN'), []))).toBe(false);
    expect(isRetryableError(networkError(failure('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), []))).toBe(false);
  });
});
