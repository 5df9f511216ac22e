import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlowHandler } from '../../sandbox/testing';
import { type TestSandbox, startTestSandbox } from './helpers/test-sandbox';

/**
 * The guard behind "no request blocks the sandbox" (docs/sandbox.md): a route handler whose
 * synchronous part holds the event loop past 250 ms is reported, by operation and parameters, and
 * logged; one that awaits its work in slices is not. The property test over every route relies on
 * this report, so it is shown here to fire.
 */
const SLOW_MS = 300;
const SNAPSHOT = '/openapi/market-data/stock/snapshot';

function holdTheLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Deliberately synchronous: this is the defect the guard reports.
  }
}

describe('the slow-handler guard', () => {
  let t: TestSandbox;
  const slow: SlowHandler[] = [];
  const logged: string[] = [];
  beforeAll(async () => {
    t = await startTestSandbox(
      {},
      {
        log: (line) => logged.push(line),
        onSlowHandler: (s) => slow.push(s),
        marketRoutes: {
          snapshot: (p) => {
            if (p.symbols.includes('SLOW')) holdTheLoop(SLOW_MS);
            return [];
          },
          ticks: async (p) => {
            // The same work in awaited pieces holds the loop only a piece at a time.
            for (let i = 0; i < 6; i++) {
              holdTheLoop(SLOW_MS / 6);
              await new Promise((r) => setImmediate(r));
            }
            return { symbol: p.symbol, instrument_id: '1', ticks: [] };
          },
        },
      },
    );
  });
  afterAll(() => t.sandbox.stop());

  it('reports and logs a handler that holds the event loop past 250 ms', async () => {
    const res = await t.call({ path: SNAPSHOT, query: [['symbols', 'SLOW']] });
    expect(res.status).toBe(200);
    expect(slow).toHaveLength(1);
    expect(slow[0]?.operation).toBe('snapshot');
    expect(slow[0]?.blockedMs).toBeGreaterThanOrEqual(250);
    expect(slow[0]?.params).toMatchObject({ symbols: 'SLOW' });
    expect(logged.join('\n')).toMatch(/snapshot held the event loop for \d+ ms/);
  });

  it('does not report a quick handler, nor one that awaits its work in slices', async () => {
    slow.length = 0;
    expect((await t.call({ path: SNAPSHOT, query: [['symbols', 'AAPL']] })).status).toBe(200);
    expect(
      (await t.call({ path: '/openapi/market-data/stock/tick', query: [['symbol', 'AAPL']] })).status,
    ).toBe(200);
    expect(slow).toEqual([]);
  });
});
