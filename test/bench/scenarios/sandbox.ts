import { startBenchSandbox } from '../lib/bench-sandbox';
import { signedCall, type SignedTarget } from '../lib/signed-call';
import { percentile, round } from '../lib/stats';

type Query = Array<[string, string]>;
interface Sample {
  p50Ms: number;
  p99Ms: number;
}

const SNAPSHOT = '/openapi/market-data/stock/snapshot';
const BARS = '/openapi/market-data/stock/bars';
const SCREENER = '/openapi/market-data/screener/52whl';
const PROFILE = '/openapi/instrument/company/profile';
const ACCOUNTS = '/openapi/account/list';

/**
 * The sandbox's own answer times (docs/benchmark.md "sandbox"), measured with bare signed calls
 * (lib/signed-call.ts) so no client pacing is in the figure. Cold: a question the sandbox has not
 * answered before (another symbol or symbol set; for the whole-universe screener and the
 * 1,000-symbol snapshot, the first call of a fresh sandbox: one sample). Warm: the same call again
 * (three times for those two, which take seconds). The 1,000-symbol snapshot asks for the 920
 * stocks of the universe: one call names one category.
 * The market-data limit is lifted so no call waits for it.
 */
export async function runSandboxCalls(samples: { cold: number; warm: number }) {
  const bench = await startBenchSandbox({
    watchlistSize: 1_000,
    options: { marketDataLimitPerMinute: 1_000_000 },
    overrides: { httpOnly: true },
  });
  const target: SignedTarget = { ...bench.sandbox };
  const symbols = bench.instruments.filter((i) => i.category === 'US_STOCK').map((i) => i.symbol);
  let next = 0;
  const fresh = (n: number) => {
    const out = symbols.slice(next, next + n);
    next += n;
    return out;
  };
  const time = async (path: string, query: Query): Promise<number> => {
    const t0 = performance.now();
    const status = await signedCall(target, 'GET', path, query);
    const ms = performance.now() - t0;
    if (status !== 200) throw new Error(`sandbox benchmark: ${path} answered ${status}`);
    return ms;
  };
  const summary = (ms: number[]): Sample => ({
    p50Ms: round(percentile(ms, 50)),
    p99Ms: round(percentile(ms, 99)),
  });
  const repeat = async (n: number, query: () => Query, path: string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await time(path, query()));
    return out;
  };
  const result: Record<string, Sample | number> = {};
  const pair = async (
    name: string,
    path: string,
    coldQuery: () => Query,
    coldN = samples.cold,
    warmN = samples.warm,
  ) => {
    const queries: Query[] = [];
    const cold = await repeat(
      coldN,
      () => {
        const q = coldQuery();
        queries.push(q);
        return q;
      },
      path,
    );
    const warmQuery = queries[0] ?? coldQuery();
    const warm = await repeat(warmN, () => warmQuery, path);
    result[`${name}Cold`] = summary(cold);
    result[`${name}Warm`] = summary(warm);
  };
  try {
    const baseline = await repeat(samples.warm, () => [], ACCOUNTS);
    result.baselineP50Ms = round(percentile(baseline, 50));
    await pair('snapshot1', SNAPSHOT, () => [
      ['symbols', fresh(1).join(',')],
      ['category', 'US_STOCK'],
    ]);
    await pair('snapshot100', SNAPSHOT, () => [
      ['symbols', fresh(100).join(',')],
      ['category', 'US_STOCK'],
    ]);
    for (const timespan of ['M1', 'D'])
      for (const count of [200, 1_200])
        await pair(`bars${timespan}${count}`, BARS, () => [
          ['symbol', fresh(1)[0] ?? 'AAPL'],
          ['category', 'US_STOCK'],
          ['timespan', timespan],
          ['count', String(count)],
        ]);
    await pair('fundamentals', PROFILE, () => [
      ['symbol', fresh(1)[0] ?? 'AAPL'],
      ['category', 'US_STOCK'],
    ]);
    // Whole-universe questions: cold only once per sandbox.
    const all = bench.instruments.filter((i) => i.category === 'US_STOCK').map((i) => i.symbol);
    await pair(
      'snapshot1000',
      SNAPSHOT,
      () => [
        ['symbols', all.join(',')],
        ['category', 'US_STOCK'],
      ],
      1,
      3,
    );
    await pair(
      'screener',
      SCREENER,
      () => [
        ['rank_type', 'HIGH'],
        ['page_size', '20'],
      ],
      1,
      3,
    );
    return result;
  } finally {
    await bench.stop();
  }
}
