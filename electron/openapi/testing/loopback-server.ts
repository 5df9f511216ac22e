import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EnvironmentSettings } from '../../../shared/environments';

/** A real HTTP server on 127.0.0.1:0 for the client's tests; it records every request it gets. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: SeenRequest, res: http.ServerResponse, raw: http.IncomingMessage) => unknown;

export interface Loopback {
  url: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startLoopback(handler: Handler): Promise<Loopback> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://x');
      const req: SeenRequest = {
        method: raw.method ?? '',
        path: url.pathname,
        query: [...url.searchParams.entries()],
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(req);
      Promise.resolve(handler(req, res, raw)).catch((e: unknown) => {
        res.statusCode = 599;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function testEnvironment(
  apiBaseUrl: string,
  over: Partial<EnvironmentSettings> = {},
): EnvironmentSettings {
  return {
    id: 'test',
    name: 'Test',
    kind: 'custom',
    apiBaseUrl,
    quotesUrl: 'mqtt://127.0.0.1:1883',
    eventsAddress: '127.0.0.1:1',
    eventsTls: false,
    algorithm: 'HMAC-SHA1',
    xVersion: 'v2',
    accountListPath: '/openapi/account/list',
    signHostWithPort: true,
    ...over,
  };
}

export const TEST_CREDENTIALS = {
  appKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  appSecret: 'test-secret-value',
};

/** A snapshot row that satisfies the catalogue's schema. */
export function snapshotRow(symbol: string, price = '100.00') {
  return {
    symbol,
    instrument_id: `id-${symbol}`,
    price,
    open: price,
    high: price,
    low: price,
    volume: '1000',
    change: '0',
    change_ratio: '0',
    pre_close: price,
    last_trade_time: 1_700_000_000_000,
  };
}
