import { describe, expect, it } from 'vitest';
import { formatTimestamp, signRequest } from '../../common/signing';
import { createRequestVerifier, type VerifyInput } from './auth';
import { SandboxError } from './route-types';

const KEY = 'k'.repeat(32);
const SECRET = 'replay-secret';
const T = Date.parse('2026-11-18T15:00:00Z');

function signedAt(at: number, nonce: string): Omit<VerifyInput, 'now'> {
  const base = {
    method: 'GET',
    path: '/openapi/market-data/stock/snapshot',
    query: [['symbols', 'AAPL']] as [string, string][],
    body: null,
  };
  const signed = signRequest({
    ...base,
    host: '127.0.0.1:9000',
    appKey: KEY,
    appSecret: SECRET,
    timestamp: formatTimestamp(at),
    nonce,
    algorithm: 'HMAC-SHA1',
  });
  return { ...base, headers: { ...signed.headers, host: '127.0.0.1:9000', 'x-version': 'v2' } };
}

const verifier = (startedAt: number) =>
  createRequestVerifier({
    credentials: new Map([[KEY, SECRET]]),
    algorithms: ['HMAC-SHA1'],
    toleranceMs: 5 * 60_000,
    startedAt,
  });

describe('replay protection across a sandbox restart', () => {
  it('refuses a request signed before this sandbox started, even with a nonce it never saw', () => {
    const request = signedAt(T, 'a'.repeat(32));
    expect(verifier(T - 60_000).verify({ ...request, now: T })).toBe(KEY);
    // The same bytes sent again to a sandbox restarted 30 s later: still inside the 5-minute window.
    let error: unknown;
    try {
      verifier(T + 30_000).verify({ ...request, now: T + 31_000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).status).toBe(401);
    expect((error as SandboxError).code).toBe('TIMESTAMP_EXPIRED');
    expect((error as SandboxError).message).toMatch(/before this sandbox started/);
  });

  it('accepts a request signed in the second the sandbox started (x-timestamp has one-second resolution)', () => {
    const started = T + 700;
    expect(verifier(started).verify({ ...signedAt(started + 100, 'b'.repeat(32)), now: started + 200 })).toBe(
      KEY,
    );
  });
});
