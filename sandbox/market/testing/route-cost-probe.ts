// Measures how long route handlers hold the event loop, the way the HTTP front door times them
// (the synchronous part of the call). Each case runs in its own process, so "cold" is the first
// call after the sandbox's market starts; "warm" is the same call again. Manual tool, not a test:
//   nice npx tsx sandbox/market/testing/route-cost-probe.ts [case ...]
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import { operations, type OperationId } from '../../../shared/openapi/operations';
import { queryObject, validateParams } from '../../http/params';
import type { RouteHandler } from '../../http/route-types';
import { createMarketDataRoutes } from '../routes';
import { createMarketSimulator } from '../simulator';
import { warmUpMarket } from '../warm-up';
import type { Category } from '../../../shared/openapi/primitives';

const NOW = Date.parse('2026-11-18T15:00:00Z');

function universeOf(category: Category): string {
  return createMarketSimulator()
    .seeds()
    .filter((s) => s.category === category)
    .map((s) => s.symbol)
    .join(',');
}

const CASES: Record<string, () => [OperationId, Record<string, string>]> = {
  'fundBrief SPY': () => ['fundBrief', { symbol: 'SPY' }],
  'bars Y 50': () => ['bars', { symbol: 'AAPL', timespan: 'Y', count: '50' }],
  'bars M 400': () => ['bars', { symbol: 'AAPL', timespan: 'M', count: '400' }],
  'bars W 1000': () => ['bars', { symbol: 'AAPL', timespan: 'W', count: '1000' }],
  'bars D 1200': () => ['bars', { symbol: 'AAPL', timespan: 'D', count: '1200' }],
  'snapshot stocks': () => [
    'snapshot',
    { symbols: universeOf('US_STOCK'), extend_hour_required: 'true', overnight_required: 'true' },
  ],
  'snapshot etfs': () => ['snapshot', { symbols: universeOf('US_ETF'), category: 'US_ETF' }],
  gainers: () => ['gainersLosers', { rank_type: 'GAINERS' }],
  'losers etf': () => ['gainersLosers', { rank_type: 'LOSERS', category: 'US_ETF' }],
  'topActive volume': () => ['topActive', { rank_type: 'VOLUME' }],
  'topActive range': () => ['topActive', { rank_type: 'RANGE' }],
  '52w high': () => ['week52HighLow', { rank_type: 'HIGH' }],
  '52w low etf': () => ['week52HighLow', { rank_type: 'LOW', category: 'US_ETF' }],
  'high dividend': () => ['highDividend', {}],
  'sectors 1D': () => ['marketSectors', { agg_type: 'SECTOR' }],
  'sectors 52W': () => ['marketSectors', { agg_type: 'INDUSTRY', period: '52W' }],
  'sector detail': () => ['marketSectorsDetail', { sector_id: 'information-technology', period: 'MO3' }],
};

interface Timing {
  /** The synchronous part of the call: what the front door's guard times. */
  blocked: number;
  /** Until the answer is ready (handlers that work in slices yield in between). */
  answer: number;
  /** The longest the event loop went without a turn meanwhile. */
  longestBlock: number;
}
interface CaseResult {
  cold: Timing;
  warm: Timing;
  start: number;
}

async function runCase(name: string): Promise<CaseResult> {
  const make = CASES[name];
  if (!make) throw new Error(`unknown case ${name}`);
  const [id, raw] = make();
  const started0 = performance.now();
  const sim = createMarketSimulator({ clock: () => NOW });
  const routes = createMarketDataRoutes(sim);
  // As the sandbox does at start (server.ts); BULLPEN_PROBE_NO_WARMUP=1 leaves it out.
  if (process.env.BULLPEN_PROBE_NO_WARMUP !== '1') warmUpMarket(sim, NOW);
  const start = performance.now() - started0;
  const handler = routes[id] as RouteHandler<OperationId> | undefined;
  if (!handler) throw new Error(`no route ${id}`);
  const params = validateParams(
    operations[id].params as z.ZodType<unknown>,
    queryObject(Object.entries(raw)),
  );
  const time = async (): Promise<Timing> => {
    // A 1 ms ticker measures the longest gap between event-loop turns while the call runs.
    let last = performance.now();
    let longestBlock = 0;
    const ticker = setInterval(() => {
      const t = performance.now();
      longestBlock = Math.max(longestBlock, t - last);
      last = t;
    }, 1);
    const t0 = performance.now();
    last = t0;
    const pending = (handler as (p: unknown, c: unknown) => unknown)(params, {
      appKey: 'k',
      requestId: 'r',
      now: NOW,
    });
    const blocked = performance.now() - t0;
    longestBlock = Math.max(longestBlock, blocked);
    await pending;
    const answer = performance.now() - t0;
    longestBlock = Math.max(longestBlock, performance.now() - last);
    clearInterval(ticker);
    return { blocked, answer, longestBlock };
  };
  const cold = await time();
  const warm = await time();
  return { cold, warm, start };
}

const ms = (n: number) => n.toFixed(0).padStart(5);
const [mode, ...rest] = process.argv.slice(2);
if (mode === '--one') {
  void runCase(rest.join(' ')).then((r) => process.stdout.write(JSON.stringify(r)));
} else {
  const names = mode ? [mode, ...rest] : Object.keys(CASES);
  process.stdout.write(
    'case               cold: blocked answer longest-block   warm: blocked answer   (ms)\n',
  );
  for (const name of names) {
    const out = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', '--one', name], {
      encoding: 'utf8',
    });
    if (out.status !== 0) {
      process.stdout.write(`${name.padEnd(18)} FAILED ${out.stderr.slice(0, 400)}\n`);
      continue;
    }
    const r = JSON.parse(out.stdout) as CaseResult;
    process.stdout.write(
      `${name.padEnd(18)}       ${ms(r.cold.blocked)}  ${ms(r.cold.answer)}  ${ms(r.cold.longestBlock)}              ${ms(r.warm.blocked)}  ${ms(r.warm.answer)}\n`,
    );
  }
}
