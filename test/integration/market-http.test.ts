import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/openapi/api-error';
import { createOpenApiClient, type OpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { createMarketSimulator } from '../../sandbox/testing';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/index';

/**
 * The simulator's routes through the real HTTP server and the real signed client, on a fixed
 * sandbox clock so the figures can be compared with a second simulator of the same seed.
 */
const NOW = nyInstant(parseDateText('2026-11-20'), 12 * 60);
const clock = () => NOW;

describe('market data over HTTP', () => {
  let sandbox: RunningSandbox | undefined;
  let client: OpenApiClient;
  const twin = createMarketSimulator({ seed: 9, clock });

  beforeAll(async () => {
    // The real wire (the default): replies compared field for field with the simulator's records,
    // which the client reads back from the real forms (docs/openapi-client.md "Reading replies").
    sandbox = await startSandbox({ seed: 9, clock }, { httpOnly: true, log: () => undefined });
    client = createOpenApiClient({
      environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm }),
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: clock,
    });
  });
  afterAll(async () => {
    client?.close();
    await sandbox?.stop();
  });

  it('serves snapshots identical to a simulator of the same seed', async () => {
    const snaps = await client.call('snapshot', {
      symbols: ['AAPL', 'MSFT'],
      extend_hour_required: true,
      overnight_required: true,
    });
    expect(snaps.map((s) => s.symbol).sort()).toEqual(['AAPL', 'MSFT']);
    for (const s of snaps) {
      // The real snapshot adds six undocumented fields (docs/sandbox.md "Wire forms"); the rest is the simulator's.
      const {
        quote_time,
        list_status,
        lot_size,
        total_shares,
        market_value,
        yield: y,
        ...documented
      } = s as typeof s & Record<string, unknown>;
      expect(documented).toEqual(twin.snapshot(s.symbol, { extendHour: true, overnight: true }));
      expect(quote_time).toBe(s.last_trade_time);
      expect([list_status, lot_size]).toEqual(['LISTED', '1']);
      expect([total_shares, market_value, y].every((v) => typeof v === 'string')).toBe(true);
    }
  });

  it('serves bars with sessions, count and time range, and batch bars', async () => {
    const bars = await client.call('bars', {
      symbol: 'SPY',
      category: 'US_ETF',
      timespan: 'M15',
      count: 40,
      trading_sessions: ['PRE', 'RTH'],
    });
    expect(bars.bars).toHaveLength(40);
    expect(bars.bars).toEqual(twin.bars('SPY', { timespan: 'M15', count: 40, sessions: ['PRE', 'RTH'] }));
    const batch = await client.call('batchBars', { symbols: ['AAPL', 'KO'], timespan: 'D', count: 5 });
    expect(batch.map((b) => b.bars.length)).toEqual([5, 5]);
  });

  it('serves instruments with margin ratios, screeners, fundamentals and options', async () => {
    const [tsla] = await client.call('instruments', { symbols: ['TSLA'] });
    expect(tsla?.intraday_margin_long).toMatch(/^0\.\d\d$/);
    const gainers = await client.call('gainersLosers', { rank_type: 'GAINERS', page_size: 5 });
    expect(gainers.items.length).toBeLessThanOrEqual(5);
    const income = await client.call('incomeStatement', { symbol: 'AAPL', type: 'ANNUAL', count: 2 });
    expect(income).toHaveLength(2);
    const holdings = await client.call('fundHoldings', { symbol: 'QQQ' });
    expect(holdings.items.length).toBeGreaterThan(10);
    const chain = await client.call('optionChain', { symbol: 'AAPL' });
    const contract = chain.contracts[0]?.symbol ?? '';
    const [option] = await client.call('optionSnapshot', { symbols: [contract] });
    expect(option?.underlying_symbol).toBe('AAPL');
  });

  it('rejects an unknown symbol with a 417 that names the parameter and its value', async () => {
    const error = await client.call('snapshot', { symbols: ['AAPL', 'XYZQ'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 417,
      code: 'INVALID_PARAMETER',
      serverCode: 'OPENAPI_PARAM_ERR',
      field: 'symbols',
    });
    expect((error as ApiError).message).toContain('XYZQ');
    // A known symbol alone is served: the refusal is the unknown one's.
    expect(await client.call('snapshot', { symbols: ['AAPL'] })).toHaveLength(1);
  });

  it('rejects a start_time after end_time', async () => {
    const error = await client
      .call('bars', { symbol: 'AAPL', timespan: 'D', start_time: NOW - 1000, end_time: NOW - 5000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 417, code: 'INVALID_PARAMETER', field: 'start_time' });
    expect((error as ApiError).message).toContain(`invalid start_time, value: [${NOW - 1000}]`);
  });
});
