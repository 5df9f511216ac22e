import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldFromErrorMessage } from '../../shared/openapi/readers';
import { signRequest } from '../../shared/signing';
import { type TestSandbox, startTestSandbox } from '../integration/helpers/test-sandbox';

const base = {
  method: 'POST',
  path: '/p',
  query: [],
  host: 'h',
  appKey: 'k',
  appSecret: 's',
  timestamp: '2026-01-01T00:00:00Z',
  nonce: 'n'.repeat(32),
} as const;

describe('an empty POST body', () => {
  it('is left out of the signature (no str2), as the interface says for an empty body', () => {
    const empty = signRequest({ ...base, body: '', algorithm: 'HMAC-SHA1' });
    expect(empty.bodyDigest).toBeNull();
    expect(empty.signature).toBe(signRequest({ ...base, body: null, algorithm: 'HMAC-SHA1' }).signature);
  });
});

describe('sandbox edge replies', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.sandbox.stop());

  // The real service's parameter error (the sandbox's default wire): 417 naming `body`.
  it('answers a correctly signed POST with an empty body 417 naming body', async () => {
    const res = await t.call({ path: '/openapi/market-data/watchlist/create', body: '' });
    expect(res.status).toBe(417);
    expect(res.json).toMatchObject({ error_code: 'OPENAPI_PARAM_ERR' });
    expect(fieldFromErrorMessage((res.json as { message: string }).message)).toBe('body');
  });

  it('answers an over-long URL 431 with an {error_code, message} body', async () => {
    const url = new URL(t.sandbox.apiUrl);
    const reply = await new Promise<{ status: number; body: string; type: string | undefined }>(
      (resolve, reject) => {
        const req = http.request(
          { host: url.hostname, port: url.port, path: `/openapi/x?q=${'a'.repeat(70_000)}`, method: 'GET' },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(reply.status).toBe(431);
    expect(reply.type).toMatch(/application\/json/);
    expect(JSON.parse(reply.body)).toMatchObject({
      error_code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: expect.stringMatching(/too large/i),
    });
  });
});
