import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ServerClock } from './server-clock';
import { bodyDigest, serializeBody, signRequest, type SignatureAlgorithm } from '../../shared/signing';
import {
  json,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  snapshotRow,
  type Loopback,
  type SeenRequest,
} from './testing/loopback-server';
import { queryValue, toQuery, Transport } from './transport';
import type { ReaderEvent } from '../../shared/openapi/read-reply';

const h = (req: SeenRequest, name: string) => String(req.headers[name] ?? '');

/** What the server does: recompute the signature from what arrived, with signing.ts. */
function expectedSignature(req: SeenRequest, algorithm: SignatureAlgorithm, host = h(req, 'host')) {
  return signRequest({
    method: req.method,
    path: req.path,
    query: req.query,
    body: req.method === 'GET' ? null : req.body,
    host,
    appKey: h(req, 'x-app-key'),
    appSecret: TEST_CREDENTIALS.appSecret,
    timestamp: h(req, 'x-timestamp'),
    nonce: h(req, 'x-signature-nonce'),
    algorithm,
  }).signature;
}

let server: Loopback | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  transport?.close();
  await server?.close();
  server = undefined;
  transport = undefined;
});

async function setup(
  handler: Parameters<typeof startLoopback>[0],
  over: Parameters<typeof testEnvironment>[1] = {},
  timeoutMs?: number,
) {
  server = await startLoopback(handler);
  const clock = new ServerClock();
  const readerEvents: ReaderEvent[] = [];
  transport = new Transport({
    environment: testEnvironment(server.url, over),
    credentials: TEST_CREDENTIALS,
    clock,
    timeoutMs,
    onReaderEvent: (e) => readerEvents.push(e),
  });
  return { server, transport, clock, readerEvents };
}

describe('query values', () => {
  it('joins arrays with commas, writes booleans as words and skips undefined', () => {
    expect(queryValue(['AAPL', 'MSFT'])).toBe('AAPL,MSFT');
    expect(queryValue(true)).toBe('true');
    expect(queryValue(false)).toBe('false');
    expect(queryValue(12)).toBe('12');
    expect(toQuery({ a: undefined, b: ['PRE', 'RTH'], c: false })).toEqual([
      ['b', 'PRE,RTH'],
      ['c', 'false'],
    ]);
  });
});

describe('transport: signed requests', () => {
  for (const algorithm of ['HMAC-SHA1', 'HMAC-SHA256'] as const) {
    it(`GET sends all seven headers plus Host, and the server can verify the ${algorithm} signature`, async () => {
      const { server, transport } = await setup((_req, res) => json(res, 200, [snapshotRow('AAPL')]), {
        algorithm,
      });
      const wire = transport.wireFor(
        'snapshot',
        { symbols: ['AAPL', 'MSFT'], category: 'US_STOCK', extend_hour_required: true },
        'v2',
      );
      const rows = await transport.request('snapshot', wire);
      expect(rows[0]?.symbol).toBe('AAPL');
      const req = server.seen[0];
      if (!req) throw new Error('no request');
      for (const name of [
        'x-app-key',
        'x-timestamp',
        'x-signature',
        'x-signature-algorithm',
        'x-signature-version',
        'x-signature-nonce',
        'x-version',
        'host',
      ]) {
        expect(req.headers[name], name).toBeTruthy();
      }
      expect(h(req, 'host')).toBe(`127.0.0.1:${server.port}`);
      expect(h(req, 'x-signature-algorithm')).toBe(algorithm);
      expect(h(req, 'x-signature-version')).toBe('1.0');
      expect(h(req, 'x-version')).toBe('v2');
      expect(h(req, 'x-signature-nonce')).toMatch(/^[0-9a-f]{32}$/);
      expect(h(req, 'x-timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(req.query).toEqual([
        ['symbols', 'AAPL,MSFT'],
        ['category', 'US_STOCK'],
        ['extend_hour_required', 'true'],
      ]);
      expect(h(req, 'x-signature')).toBe(expectedSignature(req, algorithm));
      expect(JSON.stringify(req.headers)).not.toContain(TEST_CREDENTIALS.appSecret);
    });
  }

  it('uses a fresh nonce for every request', async () => {
    const { server, transport } = await setup((_req, res) => json(res, 200, []));
    for (let i = 0; i < 5; i++)
      await transport.send({ method: 'GET', path: '/x', query: [], body: null, xVersion: 'v3' });
    const nonces = new Set(server.seen.map((r) => h(r, 'x-signature-nonce')));
    expect(nonces.size).toBe(5);
    expect(h(server.seen[0] as SeenRequest, 'x-version')).toBe('v3');
  });

  it('percent-encodes awkward query values so the server decodes exactly what was signed', async () => {
    const { server, transport } = await setup((_req, res) => json(res, 200, {}));
    const value = "a b&c=d/é*!'()~+%";
    await transport.send({
      method: 'GET',
      path: '/openapi/x',
      query: [
        ['q', value],
        ['q', 'second'],
      ],
      body: null,
      xVersion: 'v2',
    });
    const req = server.seen[0] as SeenRequest;
    expect(req.query).toEqual([
      ['q', value],
      ['q', 'second'],
    ]);
    expect(h(req, 'x-signature')).toBe(expectedSignature(req, 'HMAC-SHA1'));
  });

  it('sends the POST body serialised once, byte-identical to what was digested', async () => {
    const { server, transport } = await setup((req, res) =>
      json(res, 200, { watchlist_id: 'w1', name: JSON.parse(req.body).name, sort: 0, instrument_count: 0 }),
    );
    const params = { name: 'Tech <Leaders> & “Ünïcode” 株' };
    const wire = transport.wireFor('watchlistCreate', params, 'v2');
    await transport.send(wire);
    const req = server.seen[0] as SeenRequest;
    expect(req.body).toBe(serializeBody(params));
    expect(req.body).toContain('<Leaders> & “Ünïcode” 株');
    expect(h(req, 'content-type')).toBe('application/json');
    expect(Number(h(req, 'content-length'))).toBe(Buffer.byteLength(req.body));
    expect(
      signRequest({
        method: 'POST',
        path: req.path,
        query: [],
        body: req.body,
        host: h(req, 'host'),
        appKey: h(req, 'x-app-key'),
        appSecret: TEST_CREDENTIALS.appSecret,
        timestamp: h(req, 'x-timestamp'),
        nonce: h(req, 'x-signature-nonce'),
        algorithm: 'HMAC-SHA1',
      }).bodyDigest,
    ).toBe(bodyDigest(req.body, 'HMAC-SHA1'));
    expect(h(req, 'x-signature')).toBe(expectedSignature(req, 'HMAC-SHA1'));
  });

  it('signs the bare host name when the environment says signHostWithPort: false', async () => {
    const { server, transport } = await setup((_req, res) => json(res, 200, {}), { signHostWithPort: false });
    await transport.send({ method: 'GET', path: '/openapi/config', query: [], body: null, xVersion: 'v2' });
    const req = server.seen[0] as SeenRequest;
    expect(h(req, 'host')).toBe(`127.0.0.1:${server.port}`);
    expect(h(req, 'x-signature')).toBe(expectedSignature(req, 'HMAC-SHA1', '127.0.0.1'));
    expect(h(req, 'x-signature')).not.toBe(expectedSignature(req, 'HMAC-SHA1'));
  });

  it('adds x-access-token after signing (not part of the signature)', async () => {
    const { server, transport } = await setup((_req, res) => json(res, 200, {}));
    await transport.send({
      method: 'GET',
      path: '/openapi/x',
      query: [],
      body: null,
      xVersion: 'v2',
      accessToken: 'tok-123',
    });
    const req = server.seen[0] as SeenRequest;
    expect(h(req, 'x-access-token')).toBe('tok-123');
    expect(h(req, 'x-signature')).toBe(expectedSignature(req, 'HMAC-SHA1'));
  });
});

describe('transport: error mapping', () => {
  const catchError = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof ApiError) return e;
      throw e;
    }
    throw new Error('expected a failure');
  };

  it('maps the server error body and x-request-id, and scrubs the secret from the message', async () => {
    const { transport } = await setup((_req, res) =>
      json(
        res,
        401,
        { error_code: 'INVALID_SIGNATURE', message: `bad signature for key ${TEST_CREDENTIALS.appSecret}&` },
        { 'x-request-id': 'req-9' },
      ),
    );
    const e = await catchError(
      transport.request('openApiConfig', transport.wireFor('openApiConfig', {}, 'v2')),
    );
    expect(e.toShape()).toMatchObject({
      code: 'INVALID_SIGNATURE',
      status: 401,
      requestId: 'req-9',
      retryable: false,
    });
    expect(e.message).not.toContain(TEST_CREDENTIALS.appSecret);
    expect(e.fromServer).toBe(true);
  });

  it('marks the known throttling/overload codes retryable and reads Retry-After', async () => {
    const { transport } = await setup((_req, res) =>
      json(res, 429, { error_code: 'TOO_MANY_REQUESTS', message: 'slow down' }, { 'retry-after': '7' }),
    );
    const e = await catchError(
      transport.request('openApiConfig', transport.wireFor('openApiConfig', {}, 'v2')),
    );
    expect(e.code).toBe('TOO_MANY_REQUESTS');
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBe(7000);
  });

  it('maps an HTML error page by its status, never crashing', async () => {
    const { transport } = await setup((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    });
    const e = await catchError(
      transport.request('openApiConfig', transport.wireFor('openApiConfig', {}, 'v2')),
    );
    expect(e.code).toBe('SERVICE_NOT_AVAILABLE');
    expect(e.status).toBe(502);
    expect(e.retryable).toBe(true);
    expect(e.fromServer).toBe(false);
    expect(e.message).toContain('text/html');
  });

  it('turns a 200 with HTML or truncated JSON into BAD_RESPONSE', async () => {
    let body = '<html>maintenance</html>';
    const { transport } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const e1 = await catchError(
      transport.request('openApiConfig', transport.wireFor('openApiConfig', {}, 'v2')),
    );
    expect(e1.code).toBe('BAD_RESPONSE');
    body = '{"token_check_enabled": tr';
    const e2 = await catchError(
      transport.request('openApiConfig', transport.wireFor('openApiConfig', {}, 'v2')),
    );
    expect(e2.code).toBe('BAD_RESPONSE');
    expect(e2.message).toMatch(/not JSON/);
  });

  it('names the first failing field path when a record reply does not match the schema', async () => {
    const { transport } = await setup((_req, res) => json(res, 200, { token_check_enabled: 'yes' }));
    const e = await catchError(
      transport.request('openApiConfig', transport.wireFor('openApiConfig', {}, 'v2')),
    );
    expect(e.code).toBe('BAD_RESPONSE');
    expect(e.message).toContain("field 'token_check_enabled'");
  });

  // Was: one bad row failed the whole reply (BAD_RESPONSE naming '1.price'). A row that cannot be
  // read is now reported and left out, so the rest of the page still arrives.
  it('skips and reports an unreadable row of a list reply, keeping the others', async () => {
    const { transport, readerEvents } = await setup((_req, res) =>
      json(res, 200, [snapshotRow('AAPL'), { ...snapshotRow('MSFT'), price: 'abc' }]),
    );
    const rows = await transport.request(
      'snapshot',
      transport.wireFor('snapshot', { symbols: ['AAPL', 'MSFT'], category: 'US_STOCK' }, 'v2'),
    );
    expect(rows.map((r) => r.symbol)).toEqual(['AAPL']);
    expect(readerEvents).toEqual([
      expect.objectContaining({
        operation: 'snapshot',
        kind: 'skipped',
        reader: 'row',
        path: '[]',
        count: 1,
        why: expect.stringContaining('price'),
        sample: expect.stringContaining('"MSFT"'),
      }),
    ]);
  });

  it('times out with TIMEOUT (retryable) when the server never answers', async () => {
    const { transport } = await setup(() => undefined, {}, 150);
    const started = Date.now();
    const e = await catchError(
      transport.send({ method: 'GET', path: '/slow', query: [], body: null, xVersion: 'v2' }),
    );
    expect(e.code).toBe('TIMEOUT');
    expect(e.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('maps a connection reset to NETWORK_ERROR', async () => {
    const { transport } = await setup((_req, _res, raw) => {
      raw.socket.destroy();
    });
    const e = await catchError(
      transport.send({
        method: 'POST',
        path: '/openapi/trade/order/place',
        query: [],
        body: '{}',
        xVersion: 'v2',
      }),
    );
    expect(e.code).toBe('NETWORK_ERROR');
    expect(e.retryable).toBe(true);
  });

  it('maps a reply cut off mid-body to NETWORK_ERROR', async () => {
    const { transport } = await setup((_req, res, raw) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"token_check');
      setTimeout(() => raw.socket.destroy(), 20);
    });
    const e = await catchError(
      transport.send({ method: 'GET', path: '/cut', query: [], body: null, xVersion: 'v2' }),
    );
    expect(e.code).toBe('NETWORK_ERROR');
  });

  it('rejects with CANCELLED when the caller aborts', async () => {
    const { transport } = await setup(() => undefined);
    const ctrl = new AbortController();
    const p = transport.send({
      method: 'GET',
      path: '/slow',
      query: [],
      body: null,
      xVersion: 'v2',
      signal: ctrl.signal,
    });
    setTimeout(() => ctrl.abort(), 30);
    expect((await catchError(p)).code).toBe('CANCELLED');
  });
});
