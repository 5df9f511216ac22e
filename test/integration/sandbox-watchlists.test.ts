import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../shared/openapi/operations';
import { createMarketSimulator } from '../../sandbox/testing';
import { createMarketDataRoutes } from '../../sandbox/testing';
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
    // The real wire (the default): bare receipts, so the suite reads each change back.
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

  const listed = async () => t.call.ok<Watchlist[]>({ path: P.list });
  const sorts = async (id: string) =>
    (await t.call.ok<Instrument[]>({ path: P.instruments, query: [['watchlist_id', id]] })).map((i) => [
      i.symbol,
      i.sort,
    ]);

  // The real service answers a create with `{"watchlist_id"}` and every other mutation with a bare
  // `true` (docs/sandbox.md "Wire forms"), so each change is proved by the state read back.
  it('creates, renames, moves, adds (deduped, validated), removes, reorders and deletes', async () => {
    const created = await t.call.ok<{ watchlist_id: string }>({ path: P.create, body: { name: 'Tech' } });
    expect(Object.keys(created)).toEqual(['watchlist_id']);
    expect((await listed()).find((w) => w.watchlist_id === created.watchlist_id)).toMatchObject({
      name: 'Tech',
      sort: 1,
      instrument_count: 0,
    });
    const dup = await t.call({ path: P.create, body: { name: 'Tech' } });
    expect(dup.status).toBe(409);

    const renamed = await t.call.ok({
      path: P.update,
      body: { watchlist_id: created.watchlist_id, name: 'Big Tech', sort: -1 },
    });
    expect(renamed).toBe(true);
    expect((await listed()).find((w) => w.watchlist_id === created.watchlist_id)).toMatchObject({
      name: 'Big Tech',
      sort: -1,
    });
    expect((await listed()).map((w) => w.name)).toEqual(['Big Tech', 'Default']);

    const added = await t.call.ok({
      path: P.add,
      body: {
        watchlist_id: created.watchlist_id,
        instruments: [{ symbol: 'NVDA' }, { symbol: 'AAPL' }, { symbol: 'NVDA' }],
      },
    });
    expect(added).toBe(true);
    expect(await symbols(created.watchlist_id)).toEqual(['NVDA', 'AAPL']);
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
    expect(unknown.status).toBe(417);
    expect((unknown.json as { message: string }).message).toBe(
      'invalid instruments[1].symbol, value: [ZZZZ]',
    );
    expect(await symbols(created.watchlist_id)).toEqual(['NVDA', 'AAPL', 'SPY']);

    await t.call.ok({
      path: P.reorder,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'SPY' }, { symbol: 'NVDA' }] },
    });
    expect(await sorts(created.watchlist_id)).toEqual([
      ['SPY', 0],
      ['NVDA', 1],
      ['AAPL', 2],
    ]);
    const notMember = await t.call({
      path: P.reorder,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'TSLA' }] },
    });
    expect(notMember.status).toBe(417);
    expect((notMember.json as { message: string }).message).toContain('invalid instruments');
    expect(await symbols(created.watchlist_id)).toEqual(['SPY', 'NVDA', 'AAPL']);

    await t.call.ok({
      path: P.drop,
      body: { watchlist_id: created.watchlist_id, instruments: [{ symbol: 'NVDA' }] },
    });
    expect(await symbols(created.watchlist_id)).toEqual(['SPY', 'AAPL']);

    const temp = await t.call.ok<{ watchlist_id: string }>({ path: P.create, body: { name: 'Temp' } });
    expect(await t.call.ok({ path: P.remove, body: { watchlist_id: temp.watchlist_id } })).toBe(true);
    expect((await listed()).map((w) => w.watchlist_id)).not.toContain(temp.watchlist_id);
    const gone = await t.call({ path: P.instruments, query: [['watchlist_id', temp.watchlist_id]] });
    expect(gone.status).toBe(404);
    expect((await t.call({ path: P.remove, body: { watchlist_id: temp.watchlist_id } })).status).toBe(404);
  });

  it('documented wire: mutations answer with the records they made or changed', async () => {
    const documented = await startTestSandbox({ dataDir: freshDataDir(), wire: 'documented' });
    try {
      const call = documented.call;
      const created = await call.ok<Watchlist>({ path: P.create, body: { name: 'Tech' } });
      expect(created).toMatchObject({ name: 'Tech', sort: 1, instrument_count: 0 });
      const id = created.watchlist_id;
      expect(await call.ok({ path: P.update, body: { watchlist_id: id, name: 'Big Tech' } })).toMatchObject({
        name: 'Big Tech',
      });
      const added = await call.ok<Instrument[]>({
        path: P.add,
        body: { watchlist_id: id, instruments: [{ symbol: 'NVDA' }, { symbol: 'AAPL' }] },
      });
      expect(added.map((i) => i.symbol)).toEqual(['NVDA', 'AAPL']);
      const reordered = await call.ok<Instrument[]>({
        path: P.reorder,
        body: { watchlist_id: id, instruments: [{ symbol: 'AAPL' }] },
      });
      expect(reordered.map((i) => [i.symbol, i.sort])).toEqual([
        ['AAPL', 0],
        ['NVDA', 1],
      ]);
      const removed = await call.ok<Instrument[]>({
        path: P.drop,
        body: { watchlist_id: id, instruments: [{ symbol: 'NVDA' }] },
      });
      expect(removed.map((i) => i.symbol)).toEqual(['AAPL']);
      const bad = await call({ path: P.add, body: { watchlist_id: id, instruments: [{ symbol: 'ZZZZ' }] } });
      expect(bad.status).toBe(400);
      expect((bad.json as { message: string }).message).toContain("'instruments[0].symbol'");
      expect(await call.ok({ path: P.remove, body: { watchlist_id: id } })).toEqual({
        watchlist_id: id,
        deleted: true,
      });
    } finally {
      await documented.sandbox.stop();
    }
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
    const next = await t.call.ok<{ watchlist_id: string }>({
      path: P.create,
      body: { name: 'After restart' },
    });
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
      // The real page: `{"result": […], "pagination_key"}` while more follow (docs/sandbox.md "Wire forms").
      for (let page = 0; page < 10; page++) {
        const query: Array<[string, string]> = [
          ['category', category],
          ['page_size', '500'],
        ];
        if (last) query.push(['last_instrument_id', last]);
        const reply = await u.call.ok<{ result: Array<{ symbol: string }>; pagination_key?: string }>({
          path: operations.instruments.path,
          query,
        });
        out.push(...reply.result.map((r) => r.symbol));
        last = reply.pagination_key;
        if (last === undefined) break;
      }
      return out;
    };
    const all = [...(await symbolsOf('US_STOCK')), ...(await symbolsOf('US_ETF'))];
    expect(new Set(all).size).toBeGreaterThanOrEqual(1000);
    const created = await u.call.ok<{ watchlist_id: string }>({
      path: P.create,
      body: { name: 'Everything' },
    });
    const chosen = all.slice(0, 1000);
    const added = await u.call.ok({
      path: P.add,
      body: { watchlist_id: created.watchlist_id, instruments: chosen.map((symbol) => ({ symbol })) },
    });
    expect(added).toBe(true);
    const members = await u.call.ok<Instrument[]>({
      path: P.instruments,
      query: [['watchlist_id', created.watchlist_id]],
    });
    expect(members.map((i) => i.symbol)).toEqual(chosen);
  });
});
