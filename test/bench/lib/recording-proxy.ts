import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  at: number;
  method: string;
  path: string;
  status: number;
}

/**
 * A pass-through in front of the sandbox's HTTP API that records every call and its status
 * (the pattern of test/integration/bars-batching.test.ts). Headers pass unchanged, so the signed
 * Host (the proxy's) is what the sandbox verifies.
 */
export async function startRecordingProxy(apiUrl: string): Promise<{
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}> {
  const target = new URL(apiUrl);
  const calls: RecordedCall[] = [];
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        calls.push({
          at: Date.now(),
          method: req.method ?? '',
          path: (req.url ?? '').split('?')[0] ?? '',
          status: reply.statusCode ?? 0,
        });
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The most calls in any rolling 60 s window. */
export function maxPerMinute(calls: readonly RecordedCall[]): number {
  const times = calls.map((c) => c.at).sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while ((times[hi] ?? 0) - (times[lo] ?? 0) >= 60_000) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}
