import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { createMarketSimulator } from '../../electron/sandbox/market/simulator';
import { createMarketDataRoutes } from '../../electron/sandbox/market/routes';
import { type TestSandbox, freshDataDir, startTestSandbox } from './helpers/test-sandbox';

const RTH_NOW = Date.UTC(2026, 10, 20, 17, 0, 0);

type Watchlist = { watchlist_id: string; name: string; sort: number; instrument_count?: number };
type Instrument = { symbol: string; instrument_id: string; category: string; sort: number };

const P = {
  list: operations.watchlistList.path,
  create: operations.watchlistCreate.path,
  update: operations.watchlistUpdate.path,
  remove: operations.watchlistDelete.path,
  instruments: operations.watchlistInstruments.path,
  add: operations.watchlistAdd.path,
  drop: operations.watchlistRemove.path,
  reorder: operations.watchlistReorder.path,
};

describe('watchlists', () => {
  const dataDir = freshDataDir();
  let t: TestSandbox;
  beforeAll(async () => {
    // Documented wire: mutations answer with the records this suite checks; the real service's bare
    // receipts are sandbox-wire.test.ts and, through the client, client-sandbox.test.ts.
    t = await startTestSandbox({ dataDir });
  });
  afterAll(() => t.sandbox.stop());

  const symbols = async (id: string) =>
    (await t.call.ok<Instrument[]>({ path: P.instruments, query: [['watchlist_id', id]] })).map(
      (i) => i.symbol,
    );

  it('seeds one Default watchlist of popular symbols on first start', async () => {
    const lists = await t.call.ok<Watchlist[]>({ path: P.list });
    expect(lists.map((w) => w.name)).toEqual(['Default']);
    const items = await t.call.ok<Instrument[]>({
      path: P.instruments,
      query: [['watchlist_id', lists[0]?.watchlist_id ?? '']],
    });
    expect(items.length).toBeGreaterThanOrEqual(8);
    for (const item of items)
      expect(operations.watchlistInstruments.response.element.safeParse(item).success).toBe(true);
    expect(items.map((i) => i.sort)).toEqual(items.map((_, i) => i));
  });

  it('creates, renames, moves, adds (deduped, validated), removes, reorders and deletes', async () => {
    const created = await t.call.ok<Watchlist>({ path: P.create, body: { name: 'Tech' } });
    expect(created).toMatchObject({ name: 'Tech', sort: 1, instrument_count: 0 });
    const dup = await t.call({ path: P.create, body: { name: 'Tech' } });
    expect(dup.status).toBe(409);

    const renamed = await t.call.ok<Watchlist>({
      path: P.update,
      body: { watchlist_id: created.watchlist_id, name: 'Big Tech', sort: -1 },
    });
    expect(renamed).toMatchObject({ name: 'Big Tech', sort: -1 });
    expect((await t.call.ok<Watchlist[]>({ path: P.list })).map((w) => w.name)).toEqual([
      'Big Tech',
      'Default',
    ]);

    const added = await t.call.ok<Instrument[]>({
      path: P.add,
      body: {
        watchlist_id: created.watchlist_id,
        instruments: [{ symbol: 'NVDA' }, { symbol: 'AAPL' }, { symbol: 'NVDA' }],
      },
    });
    expect(added.map((i) => i.symbol)).toEqual(['NVDA', 'AAPL']);
    await t.call.ok({
      path: P.add,
      body: {
        watchlist_id: created.watchlist_id,
        instruments: [{ symbol: 'AAPL' }, { symbol: 'SPY', category: 'US_ETF' }],
      },
    });
    expect(await symbols(created.watchlist_id)).toEqual(['NVDA', 'AAPL', 'SPY']);

    const unknown = await t.call({
      path: P.add,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'AAPL' }, { symbol: 'ZZZZ' }] },
    });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { message: string }).message).toContain("'instruments[1].symbol'");
    expect(await symbols(created.watchlist_id)).toEqual(['NVDA', 'AAPL', 'SPY']);

    const reordered = await t.call.ok<Instrument[]>({
      path: P.reorder,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'SPY' }, { symbol: 'NVDA' }] },
    });
    expect(reordered.map((i) => [i.symbol, i.sort])).toEqual([
      ['SPY', 0],
      ['NVDA', 1],
      ['AAPL', 2],
    ]);
    const notMember = await t.call({
      path: P.reorder,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'TSLA' }] },
    });
    expect(notMember.status).toBe(400);

    const removed = await t.call.ok<Instrument[]>({
      path: P.drop,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'NVDA' }] },
    });
    expect(removed.map((i) => i.symbol)).toEqual(['SPY', 'AAPL']);

    const temp = await t.call.ok<Watchlist>({ path: P.create, body: { name: 'Temp' } });
    expect(await t.call.ok({ path: P.remove, body: { watchlist_id: temp.watchlist_id } })).toEqual({
      watchlist_id: temp.watchlist_id,
      deleted: true,
    });
    const gone = await t.call({ path: P.instruments, query: [['watchlist_id', temp.watchlist_id]] });
    expect(gone.status).toBe(404);
    expect((await t.call({ path: P.remove, body: { watchlist_id: temp.watchlist_id } })).status).toBe(404);
  });

  it('keeps every change across a restart with the same data directory', async () => {
    const before = await t.call.ok<Watchlist[]>({ path: P.list });
    const bigTech = before.find((w) => w.name === 'Big Tech');
    expect(bigTech).toBeDefined();
    await t.sandbox.stop();
    t = await startTestSandbox({ dataDir, appKey: t.sandbox.appKey }, {}, t.clock);
    expect(await t.call.ok<Watchlist[]>({ path: P.list })).toEqual(before);
    expect(await symbols(bigTech?.watchlist_id ?? '')).toEqual(['SPY', 'AAPL']);
    // Ids keep counting after a restart: no collision with a deleted list's id.
    const next = await t.call.ok<Watchlist>({ path: P.create, body: { name: 'After restart' } });
    expect(before.map((w) => w.watchlist_id)).not.toContain(next.watchlist_id);
  });
});

describe('watchlists over the simulated universe', () => {
  let u: TestSandbox;
  beforeAll(async () => {
    const sim = createMarketSimulator({ seed: 7, clock: () => RTH_NOW });
    u = await startTestSandbox(
      { dataDir: freshDataDir() },
      { market: sim, marketRoutes: createMarketDataRoutes(sim) },
      { now: RTH_NOW },
    );
  });
  afterAll(() => u.sandbox.stop());

  it('builds a 1,000-symbol watchlist from the instrument list', async () => {
    const symbolsOf = async (category: string) => {
      const out: string[] = [];
      let last: string | undefined;
      for (let page = 0; page < 10; page++) {
        const query: Array<[string, string]> = [
          ['category', category],
          ['page_size', '500'],
        ];
        if (last) query.push(['last_instrument_id', last]);
        const rows = await u.call.ok<Array<{ symbol: string; instrument_id: string }>>({
          path: operations.instruments.path,
          query,
        });
        out.push(...rows.map((r) => r.symbol));
        if (rows.length < 500) break;
        last = rows.at(-1)?.instrument_id;
      }
      return out;
    };
    const all = [...(await symbolsOf('US_STOCK')), ...(await symbolsOf('US_ETF'))];
    expect(new Set(all).size).toBeGreaterThanOrEqual(1000);
    const created = await u.call.ok<Watchlist>({ path: P.create, body: { name: 'Everything' } });
    const chosen = all.slice(0, 1000);
    const added = await u.call.ok<Instrument[]>({
      path: P.add,
      body: { watchlist_id: created.watchlist_id, instruments: chosen.map((symbol) => ({ symbol })) },
    });
    expect(added.map((i) => i.symbol)).toEqual(chosen);
  });
});
