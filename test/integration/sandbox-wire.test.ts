import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { lacksMargins } from '../../sandbox/testing';
import { type TestSandbox, RTH_TIME, startTestSandbox } from './helpers/test-sandbox';

/**
 * The sandbox's default wire: every form the real service was observed to send (docs/sandbox.md
 * "Wire forms", sources in docs/openapi-client.md "Reading replies"), over raw signed HTTP, beside
 * the documented form `wire: 'documented'` keeps.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;
const MARGIN = 'SBXM00000001';
const coid = () => randomBytes(16).toString('hex');
const P = operations;

describe('real wire: market data and fundamentals (simulated market)', () => {
  let real: TestSandbox;
  let documented: TestSandbox;
  beforeAll(async () => {
    [real, documented] = await Promise.all([
      startTestSandbox({}, { market: undefined }),
      startTestSandbox({ wire: 'documented' }, { market: undefined }),
    ]);
  });
  afterAll(() => Promise.all([real.sandbox.stop(), documented.sandbox.stop()]));

  const barsQuery: Array<[string, string]> = [
    ['symbol', 'AAPL'],
    ['category', 'US_STOCK'],
    ['timespan', 'D'],
    ['count', '3'],
  ];

  it('bar times are ISO 8601 with +0000 (documented: Unix ms), single and batch', async () => {
    const bars = await real.call.ok<{ bars: Array<{ time: unknown }> }>({
      path: P.bars.path,
      query: barsQuery,
    });
    expect(bars.bars.length).toBe(3);
    for (const b of bars.bars) expect(b.time).toMatch(ISO_TIME);
    const same = await documented.call.ok<{ bars: Array<{ time: number }> }>({
      path: P.bars.path,
      query: barsQuery,
    });
    expect(bars.bars.map((b) => Date.parse(String(b.time).replace('+0000', 'Z')))).toEqual(
      same.bars.map((b) => b.time),
    );
    const batch = await real.call.ok<Array<{ bars: Array<{ time: unknown }> }>>({
      path: P.batchBars.path,
      body: { symbols: ['AAPL', 'MSFT'], category: 'US_STOCK', timespan: 'D', count: 2 },
    });
    for (const b of batch.flatMap((x) => x.bars)) expect(b.time).toMatch(ISO_TIME);
  });

  it('tick times are strings of Unix ms', async () => {
    const ticks = await real.call.ok<{ ticks: Array<{ time: unknown }> }>({
      path: P.ticks.path,
      query: [
        ['symbol', 'AAPL'],
        ['count', '5'],
      ],
    });
    expect(ticks.ticks.length).toBeGreaterThan(0);
    for (const t of ticks.ticks) expect(t.time).toMatch(/^\d{13}$/);
  });

  it('capital flow: yyyyMMdd dates and large amounts in scientific notation', async () => {
    const rows = await real.call.ok<Array<Record<string, string>>>({
      path: P.capitalFlow.path,
      query: [
        ['symbol', 'AAPL'],
        ['count', '5'],
      ],
    });
    expect(rows.length).toBe(5);
    for (const r of rows) expect(r.date).toMatch(/^\d{8}$/);
    expect(rows.some((r) => /^-?\d\.\d+E\d+$/.test(r.inflow ?? ''))).toBe(true);
  });

  it('snapshots carry the undocumented fields', async () => {
    const [s] = await real.call.ok<Array<Record<string, unknown>>>({
      path: P.snapshot.path,
      query: [['symbols', 'AAPL']],
    });
    expect(s).toMatchObject({
      quote_time: s?.last_trade_time,
      list_status: 'LISTED',
      total_shares: expect.stringMatching(/^\d+$/),
      market_value: expect.stringMatching(/^\d+\.\d{4}$/),
      yield: expect.stringMatching(/^\d+\.\d{6}$/),
    });
  });

  it('sector periods are MO1 / MO3; 1M and M01 get 417 UNSUPPORTED_PERIOD (documented: 1M taken)', async () => {
    const sectors = (wire: TestSandbox, period: string) =>
      wire.call({ path: P.marketSectors.path, query: [['period', period]] });
    expect((await sectors(real, 'MO1')).status).toBe(200);
    for (const period of ['1M', 'M01']) {
      const res = await sectors(real, period);
      expect(res.status).toBe(417);
      expect(res.json).toMatchObject({ error_code: 'UNSUPPORTED_PERIOD', status: 417 });
    }
    expect((await sectors(documented, '1M')).status).toBe(200);
  });

  it('instruments: one page of up to 1,000 in {"result"}, no pagination_key on the last, some without margin ratios', async () => {
    const page = await real.call.ok<{ result: Array<Record<string, unknown>>; pagination_key?: string }>({
      path: P.instruments.path,
      query: [['page_size', '10']],
    });
    // The universe's stocks fit one page: the page size asked for is not the one served.
    expect(page.result.length).toBeGreaterThan(10);
    expect(page.result.length).toBeLessThanOrEqual(1_000);
    expect(page).not.toHaveProperty('pagination_key');
    const bare = page.result.filter((r) => r.intraday_margin_long === undefined);
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.every((r) => lacksMargins(String(r.instrument_id)))).toBe(true);
    const docs = await documented.call.ok<unknown[]>({
      path: P.instruments.path,
      query: [['page_size', '10']],
    });
    expect(docs).toHaveLength(10);
  });

  it('instruments: shortable is false for a stock the sandbox cannot borrow (a SHORT order for it is refused)', async () => {
    const page = await real.call.ok<{ result: Array<{ symbol: string; shortable: boolean }> }>({
      path: P.instruments.path,
      query: [['symbols', 'GME,NVDA']],
    });
    expect(page.result.map((r) => [r.symbol, r.shortable])).toEqual([
      ['GME', false],
      ['NVDA', true],
    ]);
  });

  it('parameter errors: 417 OPENAPI_PARAM_ERR "invalid <name>, value: [<v>]", market data adding status', async () => {
    const res = await real.call({ path: P.bars.path, query: [...barsQuery.slice(0, 3), ['count', '5000']] });
    expect(res.status).toBe(417);
    expect(res.json).toEqual({
      error_code: 'OPENAPI_PARAM_ERR',
      message: 'invalid count, value: [5000]',
      status: 417,
    });
    const category = await real.call({
      path: P.snapshot.path,
      query: [
        ['symbols', 'AAPL'],
        ['category', 'US_OPTION'],
      ],
    });
    expect(category.json).toMatchObject({
      error_code: 'UNSUPPORTED_CATEGORY',
      message: 'The category is not supported by this interface:US_OPTION',
    });
    const docs = await documented.call({
      path: P.bars.path,
      query: [...barsQuery.slice(0, 3), ['count', '5000']],
    });
    expect(docs.status).toBe(400);
    expect(docs.json).toMatchObject({ error_code: 'INVALID_PARAMETER' });
  });
});

describe('real wire: gateway, credentials, accounts, watchlists and orders (stub market)', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.sandbox.stop());

  it('an unrouted path, a wrong method and an unknown key get the gateway 404 {"error_msg"} only', async () => {
    for (const res of [
      await t.call({ path: '/openapi/no/such/path' }),
      await t.call({ method: 'POST', path: P.snapshot.path, body: {} }),
      await t.call({ path: P.watchlistList.path, appKey: 'f'.repeat(32) }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error_msg: 'Route Not Found' });
    }
  });

  it("no app key: 401 MISSING_APP_KEY; an account not the key's: 403 ACCOUNT_ACCESS_DENIED", async () => {
    const missing = await t.call({ path: P.watchlistList.path, headers: { 'x-app-key': null } });
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ error_code: 'MISSING_APP_KEY' });
    const denied = await t.call({ path: P.balance.path, query: [['account_id', 'NOPE']] });
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ error_code: 'ACCOUNT_ACCESS_DENIED' });
  });

  it('watchlist mutations answer bare true; a create answers its id', async () => {
    const created = await t.call.ok<unknown>({ path: P.watchlistCreate.path, body: { name: 'Wire' } });
    expect(created).toEqual({ watchlist_id: expect.any(String) });
    const id = (created as { watchlist_id: string }).watchlist_id;
    const body = { watchlist_id: id, instruments: [{ symbol: 'AAPL' }] };
    expect(await t.call.ok({ path: P.watchlistAdd.path, body })).toBe(true);
    expect(await t.call.ok({ path: P.watchlistUpdate.path, body: { watchlist_id: id, name: 'Wired' } })).toBe(
      true,
    );
    expect(await t.call.ok({ path: P.watchlistDelete.path, body: { watchlist_id: id } })).toBe(true);
  });

  const stock = (over: Record<string, unknown> = {}) => ({
    client_order_id: coid(),
    symbol: 'AAPL',
    instrument_type: 'EQUITY',
    market: 'US',
    order_type: 'LIMIT',
    limit_price: '1.00',
    quantity: '1',
    side: 'BUY',
    time_in_force: 'DAY',
    entrust_type: 'QTY',
    support_trading_session: 'CORE',
    ...over,
  });
  const place = (order: Record<string, unknown>, path = P.orderPlace.path) =>
    t.call({ path, body: { account_id: MARGIN, new_orders: [order] } });

  it('equity orders need support_trading_session; client_order_id is 10 to 40 characters', async () => {
    const { support_trading_session: _, ...without } = stock();
    const missing = await place(without);
    expect(missing.status).toBe(417);
    expect(missing.json).toEqual({
      error_code: 'OPENAPI_PARAM_ERR',
      message: 'invalid support_trading_session, value: [null]',
    });
    const short = await place(stock({ client_order_id: '123456789' }));
    expect(short.status).toBe(417);
    expect(short.json).toMatchObject({
      message: 'invalid new_orders[0].client_order_id, value: [123456789]',
    });
    expect((await place(stock({ client_order_id: 'x'.repeat(40) }))).status).toBe(200);
  });

  it('an order by amount: the documented form fills to fractional shares; another form is refused as the service refuses', async () => {
    t.clock.now = RTH_TIME;
    const { quantity: _q, ...sized } = stock({ order_type: 'MARKET', limit_price: undefined });
    const order = { ...sized, entrust_type: 'AMOUNT', total_cash_amount: '500.00' };
    expect((await place(order)).status).toBe(200);
    const detail = await t.call.ok<Record<string, unknown>>({
      path: P.orderDetail.path,
      query: [
        ['account_id', MARGIN],
        ['client_order_id', order.client_order_id],
      ],
    });
    expect(detail).toMatchObject({ entrust_type: 'AMOUNT', total_cash_amount: '500.00', status: 'FILLED' });
    expect(String(detail.filled_quantity)).toMatch(/^\d+\.\d{1,5}$/);
    const limit = await place({
      ...order,
      client_order_id: coid(),
      order_type: 'LIMIT',
      limit_price: '1.00',
    });
    expect(limit.status).toBe(417);
    expect(limit.json).toEqual({
      error_code: 'OPENAPI_PARAM_ERR',
      message: 'invalid new_orders[0].order_type, value: [LIMIT]',
    });
    const both = await place({ ...order, client_order_id: coid(), quantity: '2' });
    expect(both.json).toMatchObject({ message: 'invalid new_orders[0].quantity, value: [2]' });
  });

  it('a DAY order after the regular session is refused on the market clock; GTC and previews are not', async () => {
    t.clock.now = RTH_TIME;
    expect((await place(stock())).status).toBe(200);
    t.clock.now = Date.parse('2026-11-18T22:00:00Z'); // 17:00 New York, after the close
    try {
      const day = await place(stock());
      expect(day.status).toBe(417);
      expect(day.json).toMatchObject({ error_code: 'OPENAPI_DAY_ORDER_NOT_ALLOWED_AFT_CORE_TIME_LIMIT' });
      expect((await place(stock({ time_in_force: 'GTC' }))).status).toBe(200);
      expect((await place(stock(), P.orderPreview.path)).status).toBe(200);
    } finally {
      t.clock.now = RTH_TIME;
    }
  });
});

describe('real wire: per-endpoint limits', () => {
  it('the account list answers 429 with Retry-After past 10 calls in its window', async () => {
    const t = await startTestSandbox();
    try {
      for (let i = 0; i < 10; i++) expect((await t.call({ path: P.accountList.path })).status).toBe(200);
      const over = await t.call({ path: P.accountList.path });
      expect(over.status).toBe(429);
      expect(over.json).toMatchObject({ error_code: 'TOO_MANY_REQUESTS' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Counted per endpoint group: other operations are unaffected.
      expect((await t.call({ path: P.balance.path, query: [['account_id', MARGIN]] })).status).toBe(200);
    } finally {
      await t.sandbox.stop();
    }
  });
});
