import { afterEach, describe, expect, it } from 'vitest';
import { grpcSignature } from '../../shared/grpc-signing';
import { formatTimestamp, signRequest } from '../../shared/signing';
import { testTempDir } from '../testing/temp-dir';
import { createGrpcAuthenticator } from '../events/grpc-auth';
import { startSandbox, type SandboxHandle } from '../server';
import { acceptFromSecond, createRequestVerifier, type VerifyInput } from './auth';
import { SandboxError } from './route-types';

/**
 * Replay across a restart: nonces live in memory and x-timestamp has one-second resolution, so a
 * request captured from one sandbox must not pass at the next one started within the same second.
 * The sandbox does not listen until the next whole second and refuses every timestamp before it.
 */
const KEY = 'k'.repeat(32);
const SECRET = 'replay-secret';
const T = Date.parse('2026-11-18T15:00:00Z');
const SNAPSHOT = '/openapi/market-data/stock/snapshot';

function signedAt(at: number, nonce: string, host = '127.0.0.1:9000'): Omit<VerifyInput, 'now'> {
  const base = {
    method: 'GET',
    path: SNAPSHOT,
    query: [['symbols', 'AAPL']] as [string, string][],
    body: null,
  };
  const signed = signRequest({
    ...base,
    host,
    appKey: KEY,
    appSecret: SECRET,
    timestamp: formatTimestamp(at),
    nonce,
    algorithm: 'HMAC-SHA1',
  });
  return { ...base, headers: { ...signed.headers, host, 'x-version': 'v2' } };
}

const verifier = (startedAt: number) =>
  createRequestVerifier({
    credentials: new Map([[KEY, SECRET]]),
    algorithms: ['HMAC-SHA1'],
    toleranceMs: 5 * 60_000,
    acceptFrom: acceptFromSecond(startedAt, false),
  });

function refusal(f: () => unknown): SandboxError {
  try {
    f();
  } catch (e) {
    if (e instanceof SandboxError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('replay protection across a sandbox restart (HTTP)', () => {
  it('refuses a request signed before this sandbox started, even with a nonce it never saw', () => {
    const request = signedAt(T, 'a'.repeat(32));
    expect(verifier(T - 60_000).verify({ ...request, now: T })).toBe(KEY);
    // The same bytes sent again to a sandbox restarted 30 s later: still inside the 5-minute window.
    const error = refusal(() => verifier(T + 30_000).verify({ ...request, now: T + 31_000 }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('TIMESTAMP_EXPIRED');
    expect(error.message).toMatch(/before this sandbox started/);
  });

  it('refuses a request captured in the very second the sandbox restarted in', () => {
    // Captured at T+0.2 s from the sandbox before; the next one started at T+0.7 s, same second.
    const captured = signedAt(T + 200, 'b'.repeat(32));
    const error = refusal(() => verifier(T + 700).verify({ ...captured, now: T + 1_100 }));
    expect(error.code).toBe('TIMESTAMP_EXPIRED');
    // A request signed once it listens (from the next second) is accepted.
    expect(verifier(T + 700).verify({ ...signedAt(T + 1_000, 'c'.repeat(32)), now: T + 1_100 })).toBe(KEY);
  });

  it('accepts the start second only for a key made for this start (nothing earlier can verify)', () => {
    expect(acceptFromSecond(T + 700, true)).toBe(T);
    expect(acceptFromSecond(T + 700, false)).toBe(T + 1_000);
    // Started on a whole second: all of that second lies after the start.
    expect(acceptFromSecond(T, false)).toBe(T);
  });
});

describe('replay protection across a sandbox restart (gRPC metadata)', () => {
  const authenticator = (startedAt: number, now: number) =>
    createGrpcAuthenticator({
      appKey: KEY,
      appSecret: SECRET,
      algorithms: ['HMAC-SHA1'],
      toleranceMs: 5 * 60_000,
      now: () => now,
      acceptFrom: acceptFromSecond(startedAt, false),
    });
  const metadata = (at: number, nonce: string) => {
    const requestBytes = new Uint8Array([1, 2, 3]);
    const timestamp = formatTimestamp(at);
    const headers: Record<string, string> = {
      'x-app-key': KEY,
      'x-timestamp': timestamp,
      'x-signature-nonce': nonce,
      'x-signature-algorithm': 'HMAC-SHA1',
      'x-signature-version': '1.0',
      'x-signature': grpcSignature({
        scheme: 'path',
        appKey: KEY,
        appSecret: SECRET,
        algorithm: 'HMAC-SHA1',
        host: '127.0.0.1:9002',
        requestBytes,
        timestamp,
        nonce,
      }),
    };
    return { header: (name: string) => headers[name], authority: '127.0.0.1:9002', requestBytes };
  };

  it('refuses a Subscribe captured in the second the events server restarted in', () => {
    const captured = metadata(T + 200, 'd'.repeat(32));
    expect(authenticator(T - 60_000, T + 300)(captured)).toBeUndefined();
    expect(authenticator(T + 700, T + 1_100)(captured)).toBe(
      'x-timestamp is from before this server started',
    );
    expect(authenticator(T + 700, T + 1_100)(metadata(T + 1_000, 'e'.repeat(32)))).toBeUndefined();
  });
});

describe('a real sandbox restarted within one second', () => {
  let sandbox: SandboxHandle | undefined;
  afterEach(async () => {
    await sandbox?.stop();
    sandbox = undefined;
  });

  it('does not listen before the next second, and refuses the request captured from the one before', async () => {
    let now = T + 200;
    const dataDir = testTempDir('bullpen-replay-');
    const start = (port: number) =>
      startSandbox(
        { appKey: KEY, appSecret: SECRET, dataDir, port, clock: () => now, marketStartAt: T },
        { log: () => undefined, httpOnly: true },
      );
    sandbox = await start(0);
    const port = Number(new URL(sandbox.apiUrl).port);
    now = T + 1_050; // signed once it listens: accepted
    const send = (request: Omit<VerifyInput, 'now'>) =>
      fetch(`${sandbox?.apiUrl}${SNAPSHOT}?symbols=AAPL`, {
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([k]) => k !== 'host') as [string, string][],
        ),
      });
    const captured = signedAt(now, 'f'.repeat(32), `127.0.0.1:${port}`);
    expect((await send(captured)).status).toBe(200);
    await sandbox.stop();
    // Restarted on the same port within the same second as the capture.
    now = T + 1_900;
    sandbox = await start(port);
    now = T + 2_100;
    const replay = await send(captured);
    expect(replay.status).toBe(401);
    expect(await replay.text()).toMatch(/before this sandbox started/);
  });
});
