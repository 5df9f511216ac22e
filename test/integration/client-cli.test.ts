import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../shared/signing';
import {
  json,
  snapshotRow,
  startLoopback,
  TEST_CREDENTIALS,
  type Loopback,
} from '../../electron/openapi/testing/loopback-server';
import { signInputOf, signingExamples, type SigningExample } from '../../shared/testing/signing-examples';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = fileURLToPath(new URL('../../electron/bin/bullpen.mjs', import.meta.url));

const examples = signingExamples;

function run(
  args: string[],
  stdin = '',
  env: Record<string, string> = {},
  /** Leave stdout unread until the child exits or this many ms pass: a reader slower than the writer. */
  slowReaderMs = 0,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    if (slowReaderMs > 0) {
      child.stdout.pause();
      const resume = () => child.stdout.resume();
      const timer = setTimeout(resume, slowReaderMs);
      child.on('exit', () => {
        clearTimeout(timer);
        resume();
      });
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('bullpen sign', () => {
  it('has the SDK examples to check', () => expect(examples.length).toBeGreaterThanOrEqual(6));

  it('prints the SDK signature and encoded string for every worked example', async () => {
    const results = await Promise.all(examples.map((ex) => run(['sign'], JSON.stringify(signInputOf(ex)))));
    results.forEach((r, i) => {
      const ex = examples[i] as SigningExample;
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const out = JSON.parse(lines[0] ?? '') as {
        signature: string;
        encodedString: string;
        headers: Record<string, string>;
      };
      expect(out.signature).toBe(ex.signature);
      expect(out.encodedString).toBe(ex.encoded_string);
      expect(out.headers['x-signature']).toBe(ex.signature);
      expect(out.headers['x-signature-algorithm']).toBe(ex.algorithm);
      expect(out).not.toHaveProperty('str1');
    });
  });

  it('--explain adds str1, str3 and the body digest', async () => {
    const ex = examples.find((e) => e.body !== null) as SigningExample;
    const r = await run(['sign', '--explain'], JSON.stringify(signInputOf(ex)));
    const out = JSON.parse(r.stdout) as { str1: string; str3: string; bodyDigest: string | null };
    expect(out.bodyDigest).toBe(ex.body_digest);
    expect(out.str3.endsWith(`&${ex.body_digest}`)).toBe(true);
    expect(out.str3.startsWith(`${ex.path}&${out.str1}`)).toBe(true);
  });

  it('takes the query as an object as well as a list of pairs, signing the same', async () => {
    const ex = examples.find((e) => e.query.length > 0) as SigningExample;
    const input = signInputOf(ex);
    const asObject: Record<string, string | string[]> = {};
    for (const [name, value] of input.query) {
      const prev = asObject[name];
      asObject[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
    }
    const r = await run(['sign'], JSON.stringify({ ...input, query: asObject }));
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { signature: string }).signature).toBe(ex.signature);
  });

  it('rejects bad input on stderr with exit code 2', async () => {
    const notJson = await run(['sign'], '{"method":');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('not JSON');
    const badTs = await run(
      ['sign'],
      JSON.stringify({ ...signInputOf(examples[0] as SigningExample), timestamp: '2026-11-22 10:00' }),
    );
    expect(badTs.code).toBe(2);
    expect(badTs.stderr).toContain("'timestamp'");
    expect(badTs.stdout).toBe('');
  });
});

/** A reply several times the 64 KiB a pipe holds. */
const BIG_LIST = Array.from({ length: 3_000 }, (_, i) => ({
  symbol: `S${String(i).padStart(4, '0')}`,
  instrument_id: String(900_000 + i),
  name: `Instrument number ${i} with a long enough name to fill the pipe`,
}));

describe('bullpen call', () => {
  let server: Loopback;
  beforeAll(async () => {
    server = await startLoopback((req, res) => {
      const check = signRequest({
        method: req.method,
        path: req.path,
        query: req.query,
        body: req.method === 'GET' ? null : req.body,
        host: String(req.headers.host),
        appKey: String(req.headers['x-app-key']),
        appSecret: TEST_CREDENTIALS.appSecret,
        timestamp: String(req.headers['x-timestamp']),
        nonce: String(req.headers['x-signature-nonce']),
        algorithm: 'HMAC-SHA256',
      });
      if (check.signature !== req.headers['x-signature'])
        return json(
          res,
          401,
          { error_code: 'INVALID_SIGNATURE', message: 'signature mismatch' },
          { 'x-request-id': 'r-sig' },
        );
      if (req.path === '/openapi/config') return json(res, 200, { token_check_enabled: false });
      if (req.path === '/openapi/test/big-reply') return json(res, 200, BIG_LIST);
      if (req.path === '/openapi/market-data/stock/snapshot')
        return json(
          res,
          200,
          (req.query.find(([n]) => n === 'symbols')?.[1] ?? '').split(',').map((s) => snapshotRow(s)),
        );
      if (req.path === '/openapi/market-data/watchlist/create')
        return json(res, 200, { watchlist_id: 'w1', sort: 0, ...(JSON.parse(req.body) as object) });
      json(res, 400, { error_code: 'INVALID_PARAMETER', message: 'nope' }, { 'x-request-id': 'r-400' });
    });
  });
  afterAll(() => server.close());
  const env = () => ({
    BULLPEN_API_URL: server.url,
    BULLPEN_APP_KEY: TEST_CREDENTIALS.appKey,
    BULLPEN_APP_SECRET: TEST_CREDENTIALS.appSecret,
    BULLPEN_ALGORITHM: 'HMAC-SHA256',
    BULLPEN_X_VERSION: 'v3',
  });

  it('writes the whole of a large reply into a pipe', async () => {
    // Unread until the child exits: one that exits without waiting for the pipe loses all but 64 KiB.
    const r = await run(['call', 'GET', '/openapi/test/big-reply'], '', env(), 8_000);
    expect(r.code, r.stderr).toBe(0);
    expect(Buffer.byteLength(r.stdout)).toBeGreaterThan(65_536 * 3);
    expect(JSON.parse(r.stdout)).toEqual(BIG_LIST);
  });

  it('signs and sends a GET and prints the JSON reply', async () => {
    const r = await run(
      ['call', 'GET', '/openapi/market-data/stock/snapshot', 'symbols=AAPL,MSFT', 'category=US_STOCK'],
      '',
      env(),
    );
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ symbol: string }>).map((s) => s.symbol)).toEqual([
      'AAPL',
      'MSFT',
    ]);
    const snap = server.seen.find((s) => s.path.endsWith('/snapshot'));
    expect(snap?.headers['x-version']).toBe('v3');
  });

  it('turns name=value pairs into a POST body, and --body is sent as given', async () => {
    const a = await run(
      ['call', 'POST', '/openapi/market-data/watchlist/create', 'name=Tech', 'sort:=3'],
      '',
      env(),
    );
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ name: 'Tech', sort: 3 });
    const b = await run(
      ['call', 'POST', '/openapi/market-data/watchlist/create', '--body', '{"name":"Energy"}'],
      '',
      env(),
    );
    expect(JSON.parse(b.stdout)).toMatchObject({ name: 'Energy' });
    expect(server.seen.filter((s) => s.path.endsWith('/create')).map((s) => s.body)).toEqual([
      '{"name":"Tech","sort":3}',
      '{"name":"Energy"}',
    ]);
  });

  it('prints a failure as JSON on stderr with exit code 1, without the secret', async () => {
    const r = await run(['call', 'GET', '/openapi/not/in/catalogue', 'x=1'], '', env());
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'nope',
      status: 400,
      requestId: 'r-400',
      retryable: false,
    });
    expect(r.stderr + r.stdout).not.toContain(TEST_CREDENTIALS.appSecret);
  });

  it('reports bad usage with exit code 2', async () => {
    expect((await run(['call', 'DELETE', '/x'], '', env())).code).toBe(2);
    expect((await run(['call', 'GET', '/x'], '', { BULLPEN_API_URL: server.url })).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
  });
});
