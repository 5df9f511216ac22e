import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ServerClock } from './server-clock';
import { startLoopback, testEnvironment, TEST_CREDENTIALS, type Loopback } from './testing/loopback-server';
import { MAX_REPLY_BYTES, Transport } from './transport';

let server: Loopback | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  transport?.close();
  await server?.close();
  server = undefined;
  transport = undefined;
});

const wire = { method: 'GET' as const, path: '/openapi/config', query: [], body: null, xVersion: 'v2' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('transport failures become typed errors', () => {
  it('maps a request Node refuses to build (a CR/LF in a header) to an ApiError, and nothing fires later', async () => {
    server = await startLoopback((_req, res) => res.end('{}'));
    transport = new Transport({
      environment: testEnvironment(server.url),
      credentials: { appKey: 'key\r\nx-injected: 1', appSecret: TEST_CREDENTIALS.appSecret },
      clock: new ServerClock(),
      timeoutMs: 50,
    });
    const error = await transport.send(wire).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('INVALID_REQUEST');
    expect((error as ApiError).retryable).toBe(false);
    expect(server.seen).toHaveLength(0);
    // The timeout armed for the exchange must not fire on a request that never existed.
    await sleep(150);
  });

  it('refuses a reply larger than the cap with a clear error instead of buffering it', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const pump = () => {
        while (sent <= MAX_REPLY_BYTES + chunk.length) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('{}');
      };
      res.on('error', () => undefined);
      pump();
    });
    transport = new Transport({
      environment: testEnvironment(server.url),
      credentials: TEST_CREDENTIALS,
      clock: new ServerClock(),
    });
    const error = await transport.send(wire).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('RESPONSE_TOO_LARGE');
    expect((error as ApiError).message).toMatch(/16 MB/);
  });
});
