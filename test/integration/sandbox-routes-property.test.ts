import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingDayAt, nyInstant, RTH_OPEN_MIN } from '../../shared/market/calendar';
import { OPERATION_IDS, operations, type OperationId } from '../../shared/openapi/operations';
import { TIMESPANS } from '../../shared/openapi/primitives';
import type { SlowHandler } from '../../sandbox/testing';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * No input hangs or breaks the sandbox (docs/sandbox.md "No request blocks the sandbox"): every
 * route of the catalogue, with generated parameters (counts up to and past their maximum, dates at
 * and before the start of history, empty and reversed ranges, unknown symbols), answers within a
 * second, never with a 5xx, and no handler holds the event loop longer than the 250 ms guard.
 */
const FIRST_OPEN = nyInstant(tradingDayAt(0), RTH_OPEN_MIN);
const NOW = Date.parse('2026-11-18T15:00:00Z');
const ANSWER_WITHIN_MS = 1_000;

const instant = fc.oneof(
  fc.constantFrom(FIRST_OPEN, FIRST_OPEN - 86_400_000 * 400, 0, NOW, NOW + 86_400_000 * 30),
  fc.integer({ min: FIRST_OPEN - 86_400_000 * 30, max: NOW + 86_400_000 }),
);
const dateText = fc.oneof(
  fc.constantFrom('1990-01-02', '1989-12-29', '1970-01-01', '2026-11-18', '2026-12-18', '2099-12-31'),
  fc
    .date({ min: new Date('1985-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const symbolText = fc.constantFrom('AAPL', 'MSFT', 'SPY', 'QQQ', 'ZZZZ', '', 'AAPL261218C00150000');
const count = fc.oneof(fc.integer({ min: 0, max: 1_300 }), fc.constantFrom(1, 50, 400, 1_000, 1_200));
const anyText = fc.constantFrom('', 'x', '1', '-1', 'true', 'True', 'US_STOCK', 'ASC');

/** A value for a parameter, chosen by its name: the catalogue's names are stable across routes. */
function valueFor(name: string): fc.Arbitrary<unknown> {
  if (name === 'symbol') return symbolText;
  if (name === 'symbols') return fc.array(symbolText, { minLength: 0, maxLength: 5 }).map((s) => s.join(','));
  if (name === 'timespan') return fc.constantFrom(...TIMESPANS, 'X');
  if (name === 'count' || name === 'page_size' || name === 'depth' || name === 'limit')
    return count.map(String);
  if (name.endsWith('_time') || name === 'timestamp') return instant.map(String);
  if (name.endsWith('_date') || name === 'date') return dateText;
  if (name === 'category') return fc.constantFrom('US_STOCK', 'US_ETF', 'US_OPTION', 'X');
  if (name === 'trading_sessions') return fc.constantFrom('RTH', 'PRE,RTH,ATH,OVN', 'OVN', 'X');
  if (name.endsWith('_required')) return fc.constantFrom('true', 'False', 'TRUE', 'no');
  return anyText;
}

function paramsArbitrary(id: OperationId): fc.Arbitrary<Record<string, unknown>> {
  const schema = operations[id].params as { shape?: Record<string, unknown> };
  const names = Object.keys(schema.shape ?? {});
  const entries = Object.fromEntries(names.map((n) => [n, fc.option(valueFor(n), { nil: undefined })]));
  return fc
    .record(entries)
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

/** Inputs that once hung or broke a route, always tried first. */
const EXAMPLES: Partial<Record<OperationId, Array<[Record<string, unknown>]>>> = {
  bars: [
    [{ symbol: 'AAPL', timespan: 'Y', count: '50' }],
    [{ symbol: 'AAPL', timespan: 'M', count: '400' }],
    [{ symbol: 'AAPL', timespan: 'W', count: '1000' }],
    [{ symbol: 'AAPL', timespan: 'W', count: '1200', end_time: String(FIRST_OPEN + 86_400_000 * 10) }],
    [
      {
        symbol: 'AAPL',
        timespan: 'M1',
        count: '1200',
        start_time: String(NOW),
        end_time: String(FIRST_OPEN),
      },
    ],
  ],
  // An index fund's brief values its holdings: every member of the S&P 500 at the live price.
  fundBrief: [[{ symbol: 'SPY' }]],
};

describe('every route answers every input quickly', () => {
  let t: TestSandbox;
  const slow: SlowHandler[] = [];
  beforeAll(async () => {
    // The simulated market (not the stub), with a rate limit no generated run can reach.
    t = await startTestSandbox(
      { marketDataLimitPerMinute: 1_000_000 },
      { market: undefined, onSlowHandler: (s) => slow.push(s) },
      { now: NOW },
    );
  });
  afterAll(() => t.sandbox.stop());

  it.each(OPERATION_IDS)('%s', async (id) => {
    const def = operations[id];
    await fc.assert(
      fc.asyncProperty(paramsArbitrary(id), async (params) => {
        t.clock.now = NOW;
        const req =
          def.method === 'GET'
            ? {
                method: 'GET' as const,
                path: def.path,
                query: Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
              }
            : { method: def.method, path: def.path, body: params };
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), ANSWER_WITHIN_MS);
        });
        const res = await Promise.race([t.call(req), timeout]);
        clearTimeout(timer);
        expect(res, `${id} ${JSON.stringify(params)} did not answer within ${ANSWER_WITHIN_MS} ms`).not.toBe(
          'timeout',
        );
        if (res === 'timeout') return;
        expect(res.status, `${id} ${JSON.stringify(params)}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
      }),
      { numRuns: 12, seed: 20261123, examples: EXAMPLES[id] ?? [] },
    );
    expect(slow.filter((s) => s.operation === id)).toEqual([]);
  });
});
