import { afterEach, describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../shared/openapi/operations';
import { UNIVERSE } from '../../sandbox/testing';
import type { SlowHandler } from '../../sandbox/testing';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * The whole-universe and long-history routes, each the first call on a freshly started sandbox
 * (docs/sandbox.md "Performance"): nothing is cached yet, so the call pays for everything it reads.
 * Each case has its own seed, so caches shared between sandboxes in this process (keyed by seed)
 * are cold too. The only time bound is the front door's blocked-loop guard (250 ms).
 */
const NOW = Date.parse('2026-11-18T15:00:00Z');
const symbolsOf = (category: 'US_STOCK' | 'US_ETF') =>
  UNIVERSE.filter((s) => s.category === category)
    .map((s) => s.symbol)
    .join(',');

const CASES: Array<[string, OperationId, Record<string, string>]> = [
  ['fund brief of SPY', 'fundBrief', { symbol: 'SPY' }],
  ['50 yearly bars', 'bars', { symbol: 'AAPL', timespan: 'Y', count: '50' }],
  ['400 monthly bars', 'bars', { symbol: 'MSFT', timespan: 'M', count: '400' }],
  ['1,000 weekly bars', 'bars', { symbol: 'QQQ', category: 'US_ETF', timespan: 'W', count: '1000' }],
  ['1,200 daily bars', 'bars', { symbol: 'NVDA', timespan: 'D', count: '1200' }],
  [
    'snapshot of every stock with extended and overnight figures',
    'snapshot',
    { symbols: symbolsOf('US_STOCK'), extend_hour_required: 'true', overnight_required: 'true' },
  ],
  ['snapshot of every ETF', 'snapshot', { symbols: symbolsOf('US_ETF'), category: 'US_ETF' }],
  ['gainers', 'gainersLosers', { rank_type: 'GAINERS' }],
  ['ETF losers', 'gainersLosers', { rank_type: 'LOSERS', category: 'US_ETF' }],
  ['top active by volume', 'topActive', { rank_type: 'VOLUME' }],
  ['top active by range', 'topActive', { rank_type: 'RANGE' }],
  ['52-week highs', 'week52HighLow', { rank_type: 'HIGH' }],
  ['ETF 52-week lows', 'week52HighLow', { rank_type: 'LOW', category: 'US_ETF' }],
  ['high dividend', 'highDividend', {}],
  ['sectors over a day', 'marketSectors', { agg_type: 'SECTOR' }],
  ['industries over 52 weeks', 'marketSectors', { agg_type: 'INDUSTRY', period: '52W' }],
  // `MO3`: the real service's spelling of three months (docs/sandbox.md "Wire forms").
  ['one sector over 3 months', 'marketSectorsDetail', { sector_id: 'information-technology', period: 'MO3' }],
];

describe('a cold sandbox answers its heaviest routes without blocking', () => {
  let t: TestSandbox | undefined;
  afterEach(async () => {
    await t?.sandbox.stop();
    t = undefined;
  });

  it.each(CASES.map((c, i) => [...c, i] as const))('%s', async (_name, id, params, i) => {
    const slow: SlowHandler[] = [];
    t = await startTestSandbox(
      { marketDataLimitPerMinute: 1_000_000, seed: 7_000 + i },
      { market: undefined, onSlowHandler: (s) => slow.push(s) },
      { now: NOW },
    );
    const res = await t.call({ method: 'GET', path: operations[id].path, query: Object.entries(params) });
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    expect(slow.map((s) => `${s.operation} held the loop ${Math.round(s.blockedMs)} ms`)).toEqual([]);
  });
});
