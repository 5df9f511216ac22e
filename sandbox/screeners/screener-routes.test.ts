import { describe, expect, it } from 'vitest';
import { operations, type OperationId, type OpResult } from '../../shared/openapi/operations';
import type { RouteHandler } from '../http/route-types';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { createMarketSimulator } from '../market/simulator';
import { createScreenerRoutes } from './screener-routes';
import { range52 } from './screener-rows';

const NOW = nyInstant(parseDateText('2026-11-20'), 12 * 60);
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const routes = createScreenerRoutes(sim);

async function call<K extends OperationId>(op: K, raw: Record<string, unknown>): Promise<OpResult<K>> {
  const handler = routes[op] as RouteHandler<K> | undefined;
  if (!handler) throw new Error(op);
  const out = await handler(operations[op].params.parse(raw) as never, {
    appKey: 'k',
    requestId: 'r',
    now: NOW,
  });
  return operations[op].response.parse(out) as OpResult<K>;
}

const ratios = (items: Array<{ change_ratio: string }>) => items.map((i) => Number(i.change_ratio));
const isSorted = (xs: number[], dir: 'ASC' | 'DESC') =>
  xs.every((x, i) => i === 0 || (dir === 'DESC' ? (xs[i - 1] ?? 0) >= x : (xs[i - 1] ?? 0) <= x));

describe('screeners', () => {
  it('gainers are rising names, biggest first; losers falling names, biggest fall first', async () => {
    const g = await call('gainersLosers', { page_size: '200' });
    expect(g.total).toBeGreaterThan(0);
    expect(ratios(g.items).every((r) => r > 0)).toBe(true);
    expect(isSorted(ratios(g.items), 'DESC')).toBe(true);
    const l = await call('gainersLosers', { rank_type: 'LOSERS', page_size: '200' });
    expect(ratios(l.items).every((r) => r < 0)).toBe(true);
    expect(isSorted(ratios(l.items), 'ASC')).toBe(true);
    expect(g.total + l.total).toBeLessThanOrEqual(
      sim.seeds().filter((s) => s.category === 'US_STOCK').length,
    );
  });

  it('the change is against the previous close of the snapshot', async () => {
    const g = await call('gainersLosers', { page_size: '3' });
    for (const row of g.items) {
      const snap = sim.snapshot(row.symbol);
      expect(row.price).toBe(snap?.price);
      expect(row.change).toBe(snap?.change);
      expect(row.volume).toBe(snap?.volume);
    }
  });

  it('pages concatenate to the full ranking with consecutive ranks', async () => {
    const first = await call('topActive', { page_size: '200' });
    const full = { total: first.total, items: [...first.items] };
    // The whole universe takes several pages of the largest size.
    for (let p = 2; p <= Math.ceil(first.total / 200); p++)
      full.items.push(...(await call('topActive', { page_index: String(p), page_size: '200' })).items);
    expect(full.items).toHaveLength(full.total);
    const pages = [];
    for (let i = 1; i <= Math.ceil(full.total / 7); i++)
      pages.push(...(await call('topActive', { page_index: String(i), page_size: '7' })).items);
    expect(pages).toEqual(full.items);
    expect(pages.map((p) => p.rank)).toEqual(full.items.map((_, i) => i + 1));
    expect(
      isSorted(
        full.items.map((i) => Number(i.volume)),
        'DESC',
      ),
    ).toBe(true);
  });

  it('sort_by and direction override the default order', async () => {
    const byPrice = await call('topActive', {
      rank_type: 'RANGE',
      sort_by: 'price',
      direction: 'ASC',
      page_size: '50',
    });
    expect(
      isSorted(
        byPrice.items.map((i) => Number(i.price)),
        'ASC',
      ),
    ).toBe(true);
    const byCap = await call('marketSectorsDetail', { sector_id: 'energy', sort_by: 'market_cap' });
    expect(byCap.items.every((i) => i.sector === 'Energy')).toBe(true);
    expect(
      isSorted(
        byCap.items.map((i) => Number(i.market_cap)),
        'DESC',
      ),
    ).toBe(true);
  });

  it('high dividend lists payers by yield; 52-week highs are within 10 % of their high', async () => {
    const d = await call('highDividend', { page_size: '200' });
    const yields = d.items.map((i) => Number(i.dividend_yield));
    expect(yields.every((y) => y > 0)).toBe(true);
    expect(isSorted(yields, 'DESC')).toBe(true);
    const h = await call('week52HighLow', { page_size: '200' });
    for (const row of h.items) {
      expect(Number(row.price)).toBeGreaterThanOrEqual(Number(row.high_52w) * 0.9 - 1e-9);
      expect(Number(row.high_52w)).toBeGreaterThanOrEqual(Number(row.price));
    }
  });

  it('sectors aggregate their members (counts, volume, cap-weighted change)', async () => {
    const sectors = await call('marketSectors', { page_size: '50' });
    expect(isSorted(ratios(sectors.items), 'DESC')).toBe(true);
    for (const s of sectors.items) {
      const members = await call('marketSectorsDetail', { sector_id: s.sector_id, page_size: '200' });
      expect(members.total).toBe(s.up_count + s.down_count + s.flat_count);
      expect(members.items.reduce((a, m) => a + Number(m.volume), 0)).toBe(Number(s.volume));
      const cap = members.items.reduce((a, m) => a + Number(m.market_cap), 0);
      const weighted =
        members.items.reduce((a, m) => a + Number(m.market_cap) * Number(m.change_ratio), 0) / cap;
      expect(Number(s.change_ratio)).toBeCloseTo(weighted, 3);
    }
  });
});

describe('52-week range', () => {
  it('is the extreme of the latest 252 daily bars, today included', () => {
    for (const symbol of ['AAPL', 'XOM', 'GLD']) {
      const info = sim.seedOf(symbol);
      if (!info) throw new Error(symbol);
      const bars = sim.numericBars(symbol, { timespan: 'D', count: 252 }, NOW) ?? [];
      expect(bars).toHaveLength(252);
      expect(range52(sim, info, NOW)).toEqual({
        high52: Math.max(...bars.map((b) => b.high)),
        low52: Math.min(...bars.map((b) => b.low)),
      });
    }
  });
});
