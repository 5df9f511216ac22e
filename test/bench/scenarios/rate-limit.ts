import { createOpenApiClient } from '../../../electron/openapi/client';
import { testEnvironment } from '../../../electron/openapi/testing/loopback-server';
import type { SignatureAlgorithm } from '../../../shared/signing';
import { signedCall } from '../lib/signed-call';
import { startBenchSandbox, type BenchInstrument } from '../lib/bench-sandbox';
import { maxPerMinute, startRecordingProxy } from '../lib/recording-proxy';
import { round } from '../lib/stats';

const SNAPSHOT_PATH = '/openapi/market-data/stock/snapshot';
const BARS_PATH = '/openapi/market-data/stock/bars';
const BATCH_BARS_PATH = '/openapi/market-data/stock/batch-bars';

/**
 * Filling a watchlist (docs/benchmark.md "rateLimit"): snapshots for every symbol, then daily bars
 * for every symbol, asked one symbol at a time all at once, as the panels do. Bullpen's client
 * coalesces them into batch calls and paces itself under the sandbox's market-data limit; the
 * baseline is a naive client that sends one signed call per symbol and request, with no pacing.
 * Each runs against its own fresh sandbox (the limit is per app key and rolling minute).
 */
export async function runRateLimit(symbols: number) {
  const bullpen = await withProxiedSandbox(symbols, async (apiUrl, sandbox, instruments) => {
    const client = createOpenApiClient({
      environment: testEnvironment(apiUrl, { algorithm: sandbox.algorithm }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
    });
    try {
      const start = performance.now();
      const byCategory = groups(instruments);
      await Promise.all(
        [...byCategory].map(([category, list]) =>
          client.snapshots(list, { category: category as 'US_STOCK' }),
        ),
      );
      // A panel's query retries a failed load (TanStack Query: three times); so does the fill.
      await Promise.all(
        instruments.map((i) =>
          retry(() =>
            client.api.bars({
              symbol: i.symbol,
              category: i.category as 'US_STOCK',
              timespan: 'D',
              count: 60,
            }),
          ),
        ),
      );
      return performance.now() - start;
    } finally {
      client.close();
    }
  });
  const naive = await withProxiedSandbox(symbols, async (apiUrl, sandbox, instruments) => {
    const call = naiveCaller(apiUrl, sandbox);
    const start = performance.now();
    await pool(instruments, 16, (i) =>
      call(SNAPSHOT_PATH, [
        ['symbols', i.symbol],
        ['category', i.category],
      ]),
    );
    await pool(instruments, 16, (i) =>
      call(BARS_PATH, [
        ['symbol', i.symbol],
        ['category', i.category],
        ['timespan', 'D'],
        ['count', '60'],
      ]),
    );
    return performance.now() - start;
  });
  const counted = (paths: string[], calls: typeof bullpen.calls) =>
    calls.filter((c) => paths.includes(c.path));
  const market = [SNAPSHOT_PATH, BARS_PATH, BATCH_BARS_PATH];
  return {
    snapshotCalls: counted([SNAPSHOT_PATH], bullpen.calls).length,
    barsCalls: counted([BARS_PATH, BATCH_BARS_PATH], bullpen.calls).length,
    rejections: bullpen.calls.filter((c) => c.status === 429).length,
    maxPerMinute: maxPerMinute(counted(market, bullpen.calls)),
    fillMs: round(bullpen.value, 0),
    baselineCalls: counted(market, naive.calls).length,
    baselineRejections: naive.calls.filter((c) => c.status === 429).length,
  };
}

function groups(instruments: BenchInstrument[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const i of instruments) out.set(i.category, [...(out.get(i.category) ?? []), i.symbol]);
  return out;
}

async function withProxiedSandbox<T>(
  symbols: number,
  run: (
    apiUrl: string,
    sandbox: Awaited<ReturnType<typeof startBenchSandbox>>['sandbox'],
    i: BenchInstrument[],
  ) => Promise<T>,
) {
  const bench = await startBenchSandbox({ watchlistSize: symbols, overrides: { httpOnly: true } });
  const proxy = await startRecordingProxy(bench.sandbox.apiUrl);
  try {
    const value = await run(proxy.url, bench.sandbox, bench.instruments);
    return { value, calls: [...proxy.calls] };
  } finally {
    await proxy.close();
    await bench.stop();
  }
}

/** One signed GET per call, no retry, no pacing; resolves with the status. */
function naiveCaller(
  apiUrl: string,
  sandbox: { appKey: string; appSecret: string; algorithm: SignatureAlgorithm },
) {
  return (path: string, query: Array<[string, string]>) =>
    signedCall({ ...sandbox, apiUrl }, 'GET', path, query);
}

async function pool<T>(
  items: readonly T[],
  width: number,
  each: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await each(item);
      }
    }),
  );
}

async function retry<T>(call: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await call();
    } catch (error) {
      if (i >= tries) throw error;
    }
  }
}
