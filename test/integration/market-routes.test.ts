import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../shared/openapi/operations';
import type { RequestContext, RouteHandler } from '../../sandbox/testing';
import { SandboxError } from '../../sandbox/testing';
import { createMarketSimulator } from '../../sandbox/testing';
import { createMarketDataRoutes } from '../../sandbox/testing';

/**
 * Every market-data, screener and fundamentals route, called the way the server calls it: the raw
 * parameters through the catalogue's params schema, the handler, then the reply through the
 * catalogue's response schema.
 */
const NOW = Date.UTC(2026, 10, 20, 17, 0, 0); // Friday 2026-11-20, 12:00 New York (regular session)
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const routes = createMarketDataRoutes(sim);
const ctx: RequestContext = { appKey: 'test-app', requestId: 'req-1', now: NOW };

async function call(op: OperationId, raw: Record<string, unknown>, at = NOW): Promise<unknown> {
  const handler = routes[op] as RouteHandler<OperationId> | undefined;
  if (!handler) throw new Error(`no route for ${op}`);
  const params = operations[op].params.parse(raw);
  const result = await handler(params as never, { ...ctx, now: at });
  return operations[op].response.parse(result);
}

async function rejection(op: OperationId, raw: Record<string, unknown>): Promise<SandboxError> {
  try {
    await call(op, raw);
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error(`${op} accepted ${JSON.stringify(raw)}`);
}

const chain = sim.options.chain('AAPL', undefined, NOW);
const contract = chain?.contracts.find((c) => c.option_type === 'CALL')?.symbol ?? '';

const CASES: Array<[OperationId, Record<string, unknown>]> = [
  ['snapshot', { symbols: 'AAPL,MSFT', extend_hour_required: 'true', overnight_required: 'true' }],
  ['snapshot', { symbols: 'SPY,QQQ', category: 'US_ETF' }],
  ['quotes', { symbol: 'AAPL', depth: '5' }],
  ['ticks', { symbol: 'NVDA', count: '50', trading_sessions: 'PRE,RTH' }],
  ['bars', { symbol: 'AAPL', timespan: 'M5', count: '100' }],
  ['bars', { symbol: 'SPY', category: 'US_ETF', timespan: 'W', count: '52' }],
  ['batchBars', { symbols: ['AAPL', 'MSFT'], timespan: 'D', count: 30 }],
  ['optionSnapshot', { symbols: contract }],
  ['optionBars', { symbol: contract, timespan: 'M15', count: '20' }],
  ['optionTick', { symbol: contract, count: '10' }],
  ['optionChain', { symbol: 'AAPL' }],
  ['optionContracts', { underlying_symbols: 'AAPL', option_type: 'CALL', start_date: '2026-11-27' }],
  ['instruments', { page_size: '10' }],
  ['instruments', { symbols: 'TSLA,KO' }],
  ['gainersLosers', { rank_type: 'LOSERS' }],
  ['topActive', { rank_type: 'TURNOVER', page_size: '5' }],
  ['marketSectors', { agg_type: 'INDUSTRY', period: '5D' }],
  ['marketSectorsDetail', { sector_id: 'information-technology' }],
  ['highDividend', { page_index: '2', page_size: '10' }],
  ['week52HighLow', { rank_type: 'LOW', category: 'US_ETF' }],
  ['companyProfile', { symbol: 'AAPL' }],
  ['companyProfile', { symbol: 'SPY', category: 'US_ETF' }],
  ['analystTargetPrice', { symbol: 'MSFT' }],
  ['analystRating', { symbol: 'MSFT' }],
  ['forecastEps', { symbol: 'JPM' }],
  ['filings', { symbol: 'JPM' }],
  ['earningsCalendar', { symbol: 'KO' }],
  ['dividendCalendar', { symbol: 'KO' }],
  ['capitalFlow', { symbol: 'TSLA', count: '10' }],
  ['industryComparison', { symbol: 'NVDA', sort_by: 'pe_ratio' }],
  ['financialIndicators', { symbol: 'AAPL', type: 'ANNUAL' }],
  ['incomeStatement', { symbol: 'AAPL', count: '12' }],
  ['cashFlowStatement', { symbol: 'RIVN' }],
  ['balanceSheet', { symbol: 'RIVN', type: 'ANNUAL' }],
  ['financialAlert', { symbol: 'RIVN' }],
  ['fundBrief', { symbol: 'SPY' }],
  ['fundPerformance', { symbol: 'QQQ' }],
  ['fundNetValue', { symbol: 'TLT', count: '5' }],
  ['fundHoldings', { symbol: 'XLK' }],
  ['fundDividends', { symbol: 'TLT', page_size: '6' }],
  ['fundRating', { symbol: 'GLD' }],
  ['fundSplits', { symbol: 'TQQQ' }],
  ['fundFiles', { symbol: 'IWM' }],
  ['fundAllocation', { symbol: 'EEM' }],
];

describe('market routes against the catalogue', () => {
  it.each(CASES)('%s %j parses with its response schema', async (op, raw) => {
    const out = await call(op, raw);
    expect(out).toBeTruthy();
  });

  it('covers every market-data, screener and fundamentals operation', () => {
    const covered = new Set(CASES.map(([op]) => op));
    const expected = Object.entries(operations)
      .filter(
        ([id, def]) =>
          def.area === 'marketData' && !id.startsWith('watchlist') && !id.startsWith('streaming'),
      )
      .map(([id]) => id)
      .concat('instruments', 'optionContracts');
    for (const id of expected) expect(covered.has(id as OperationId), id).toBe(true);
    expect(Object.keys(routes).sort()).toEqual([...new Set(expected)].sort());
  });
});

describe('semantic rejections name the parameter', () => {
  it.each<[OperationId, Record<string, unknown>, string]>([
    ['snapshot', { symbols: 'AAPL,XYZQ' }, "'symbols': unknown symbol XYZQ"],
    ['snapshot', { symbols: 'SPY' }, "'category'"],
    [
      'bars',
      { symbol: 'AAPL', timespan: 'D', start_time: String(NOW - 1000), end_time: String(NOW - 2000) },
      "'start_time'",
    ],
    ['bars', { symbol: 'AAPL', timespan: 'D', start_time: String(NOW + 86_400_000) }, "'start_time'"],
    ['bars', { symbol: 'AAPL', timespan: 'M1', end_time: String(NOW + 86_400_000) }, "'end_time'"],
    ['batchBars', { symbols: ['AAPL', 'NOPE'], timespan: 'D' }, "'symbols'"],
    ['optionSnapshot', { symbols: 'AAPL200117C00150000' }, "'symbols'"],
    // A listed expiry with a strike between two listed ones: refused, saying the strike is the problem.
    ['optionSnapshot', { symbols: 'AAPL261218C00231000' }, "'symbols': AAPL261218C00231000: strike 231"],
    ['optionSnapshot', { symbols: 'AAPL261217C00230000' }, 'no listed AAPL expiry on 2026-12-17'],
    ['optionChain', { symbol: 'AAPL', expire_date: '2026-11-25' }, "'expire_date'"],
    ['instruments', { last_instrument_id: '1' }, "'last_instrument_id'"],
    ['instruments', { status: 'BOGUS' }, "'status'"],
    ['marketSectorsDetail', { sector_id: 'no-such-sector' }, "'sector_id'"],
    ['fundBrief', { symbol: 'AAPL' }, "'symbol'"],
    ['incomeStatement', { symbol: 'SPY', category: 'US_ETF' }, "'symbol'"],
    ['fundNetValue', { symbol: 'SPY', last_date: '2027-01-04' }, "'last_date'"],
  ])('%s %j → 400', async (op, raw, fragment) => {
    const error = await rejection(op, raw);
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toContain(fragment);
  });
});
