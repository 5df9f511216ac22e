import { describe, expect, it } from 'vitest';
import {
  createInstrumentIndex,
  indexEntries,
  rankInstruments,
  type FetchInstrumentPage,
  type InstrumentRow,
} from './instrument-index';

const row = (symbol: string, name: string, id = symbol): InstrumentRow => ({
  symbol,
  name,
  instrument_id: id,
  exchange: 'NASDAQ',
});

describe('rankInstruments', () => {
  const entries = [
    ...indexEntries(
      [
        row('AAPL', 'Apple Inc.'),
        row('AA', 'Alcoa Corporation'),
        row('A', 'Agilent Technologies'),
        row('AAL', 'American Airlines Group'),
        row('APLE', 'Apple Hospitality REIT'),
        row('MSFT', 'Microsoft Corporation'),
        row('PINE', 'Alpine Income Property'),
      ],
      'US_STOCK',
    ),
    ...indexEntries([row('SPY', 'SPDR S&P 500 ETF Trust'), row('QQQ', 'Invesco QQQ Trust')], 'US_ETF'),
  ];
  const symbols = (q: string, extra: object = {}) =>
    rankInstruments(entries, { query: q, ...extra }).map((h) => h.symbol);

  it('puts the exact symbol first, then symbol prefixes by length and alphabet', () => {
    expect(symbols('AA')).toEqual(['AA', 'AAL', 'AAPL']);
    expect(symbols('a').slice(0, 4)).toEqual(['A', 'AA', 'AAL', 'AAPL']);
  });

  it('matches name prefixes and word prefixes after symbols, case-insensitive', () => {
    expect(symbols('apple')).toEqual(['AAPL', 'APLE']);
    expect(symbols('AP')).toEqual(['APLE', 'AAPL']);
    expect(symbols('trust')).toEqual(['QQQ', 'SPY']);
    // Inside a word is not a match ("alpine" contains "pine" only as a symbol).
    expect(symbols('lpine')).toEqual([]);
  });

  it('filters by category, honours the limit and returns plain hits', () => {
    expect(symbols('trust', { category: 'US_STOCK' })).toEqual([]);
    expect(symbols('a', { limit: 2 })).toEqual(['A', 'AA']);
    expect(rankInstruments(entries, { query: 'spy' })).toEqual([
      { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', category: 'US_ETF', exchange: 'NASDAQ' },
    ]);
  });
});

function fakeServer(universe: Record<string, InstrumentRow[]>) {
  const calls: Array<Parameters<FetchInstrumentPage>[0]> = [];
  let fail = false;
  const fetchPage: FetchInstrumentPage = async (args) => {
    calls.push(args);
    if (fail) throw new Error('network down');
    const list = universe[args.category] ?? [];
    const start = args.last_instrument_id
      ? list.findIndex((r) => r.instrument_id === args.last_instrument_id) + 1
      : 0;
    return list.slice(start, start + args.page_size);
  };
  return { calls, fetchPage, setFail: (f: boolean) => (fail = f) };
}

describe('createInstrumentIndex', () => {
  const stocks = Array.from({ length: 7 }, (_, i) => row(`S${i}`, `Stock ${i}`, `id${i}`));
  const etfs = [row('SPY', 'SPDR S&P 500 ETF Trust', 'e1')];

  it('pages through both categories with last_instrument_id and builds once', async () => {
    const server = fakeServer({ US_STOCK: stocks, US_ETF: etfs });
    const index = createInstrumentIndex({ fetchPage: server.fetchPage, pageSize: 3 });
    expect((await index.search({ query: 'S6' })).map((h) => h.symbol)).toEqual(['S6']);
    expect(server.calls).toEqual([
      { category: 'US_STOCK', page_size: 3 },
      { category: 'US_STOCK', page_size: 3, last_instrument_id: 'id2' },
      { category: 'US_STOCK', page_size: 3, last_instrument_id: 'id5' },
      { category: 'US_ETF', page_size: 3 },
    ]);
    expect(index.size()).toBe(8);
    await index.search({ query: 'spdr' });
    expect(server.calls).toHaveLength(4);
  });

  it('stops after maxPages when the server never ends its list', async () => {
    const warnings: string[] = [];
    let n = 0;
    const index = createInstrumentIndex({
      pageSize: 1,
      maxPages: 5,
      onWarning: (m) => warnings.push(m),
      fetchPage: async () => [row(`X${n}`, 'Endless', `x${n++}`)],
    });
    await index.search({ query: 'X' });
    expect(n).toBe(10);
    expect(warnings).toHaveLength(2);
  });

  it('rebuilds after a day, keeps the old index when the refresh fails, and after invalidate', async () => {
    let clock = 0;
    const server = fakeServer({ US_STOCK: stocks, US_ETF: etfs });
    const index = createInstrumentIndex({ fetchPage: server.fetchPage, now: () => clock, pageSize: 10 });
    await index.search({ query: 'S1' });
    expect(server.calls).toHaveLength(2);
    clock += 23 * 3600_000;
    await index.search({ query: 'S1' });
    expect(server.calls).toHaveLength(2);
    clock += 2 * 3600_000;
    server.setFail(true);
    expect((await index.search({ query: 'S1' })).map((h) => h.symbol)).toEqual(['S1']);
    expect(server.calls).toHaveLength(3);
    server.setFail(false);
    await index.search({ query: 'S1' });
    expect(server.calls).toHaveLength(5);
    index.invalidate();
    expect(index.size()).toBe(0);
    await index.search({ query: 'S1' });
    expect(server.calls).toHaveLength(7);
  });

  it('reports the error when there is no index to fall back on', async () => {
    const server = fakeServer({});
    server.setFail(true);
    const index = createInstrumentIndex({ fetchPage: server.fetchPage });
    await expect(index.search({ query: 'A' })).rejects.toThrow('network down');
  });
});
