import { Decimal } from '../../shared/decimal';
import type { SectorRow } from '../../shared/openapi/records/screeners';
import { badParameter, type RouteTable } from '../http/route-types';
import { LruCache } from '../market/prng';
import { mapInSlices } from '../market/slices';
import type { MarketSimulator } from '../market/simulator';
import { slug } from '../market/universe';
import {
  pageOf,
  rowData,
  screenerRecord,
  sortRows,
  sortValue,
  type Period,
  type RowData,
  type SortKey,
} from './screener-rows';

/**
 * The six screeners of the catalogue, computed from the simulated universe at the request's time.
 * Defaults: GAINERS sort by change_ratio descending, LOSERS ascending; TOP ACTIVE by its rank type;
 * HIGH DIVIDEND by yield; 52-WEEK lists the names within 10 % of their 52-week high (low).
 */

const NEAR_52W = 0.1;

export function createScreenerRoutes(sim: MarketSimulator): RouteTable {
  // The rows of the latest instants (a promise, so concurrent requests share one computation),
  // computed in slices: a cold universe never holds the event loop (docs/sandbox.md "Performance").
  const cache = new LruCache<string, Promise<RowData[]>>(16);
  const rows = (category: string, now: number, period: Period = '1D'): Promise<RowData[]> =>
    cache.getOrCreate(`${category}|${period}|${now}`, () =>
      mapInSlices(
        sim.seeds().filter((s) => s.category === category),
        (s) => rowData(sim, s, now, period),
      ),
    );
  const ordered = (
    list: RowData[],
    sortBy: SortKey | undefined,
    fallback: SortKey | 'range',
    direction: 'ASC' | 'DESC',
  ) => sortRows(list, (r) => sortValue(r, sortBy ?? fallback), direction);

  return {
    gainersLosers: async (p, ctx) => {
      const gainers = p.rank_type === 'GAINERS';
      const list = (await rows(p.category, ctx.now)).filter((r) =>
        gainers ? r.changeRatio > 0 : r.changeRatio < 0,
      );
      const direction = p.direction ?? (gainers || p.sort_by ? 'DESC' : 'ASC');
      return pageOf(
        ordered(list, p.sort_by, 'change_ratio', direction),
        p.page_index,
        p.page_size,
        screenerRecord,
      );
    },
    topActive: async (p, ctx) => {
      const fallback =
        p.rank_type === 'VOLUME' ? 'volume' : p.rank_type === 'TURNOVER' ? 'turnover' : 'range';
      return pageOf(
        ordered(await rows(p.category, ctx.now), p.sort_by, fallback, p.direction ?? 'DESC'),
        p.page_index,
        p.page_size,
        screenerRecord,
      );
    },
    highDividend: async (p, ctx) => {
      const list = (await rows(p.category, ctx.now)).filter((r) => r.dividendYield.gt(0));
      return pageOf(
        ordered(list, p.sort_by, 'dividend_yield', p.direction ?? 'DESC'),
        p.page_index,
        p.page_size,
        screenerRecord,
      );
    },
    week52HighLow: async (p, ctx) => {
      const high = p.rank_type === 'HIGH';
      const all = await rows(p.category, ctx.now);
      // Each row's 52-week range is computed on first read: read them in slices too.
      await mapInSlices(all, (r) => r.high52);
      const list = all.filter((r) =>
        high ? r.price >= r.high52 * (1 - NEAR_52W) : r.price <= r.low52 * (1 + NEAR_52W),
      );
      // Default order: closest to the extreme first.
      const sorted = p.sort_by
        ? ordered(list, p.sort_by, 'change_ratio', p.direction ?? 'DESC')
        : sortRows(list, (r) => (high ? r.price / r.high52 : r.low52 / r.price), p.direction ?? 'DESC');
      return pageOf(sorted, p.page_index, p.page_size, screenerRecord);
    },
    marketSectors: async (p, ctx) => {
      const groups = new Map<string, { name: string; members: RowData[] }>();
      for (const r of await rows(p.category, ctx.now, p.period)) {
        const name = p.agg_type === 'SECTOR' ? r.info.sector : r.info.industry;
        const g = groups.get(name) ?? { name, members: [] };
        g.members.push(r);
        groups.set(name, g);
      }
      // Decimal sums over every member: in slices too.
      const sectorRows = await mapInSlices([...groups.values()], (g) => sectorRecord(g.name, g.members));
      const sign = (p.direction ?? 'DESC') === 'ASC' ? 1 : -1;
      sectorRows.sort(
        (a, b) =>
          sign * (Number(a.change_ratio) - Number(b.change_ratio)) || a.sector_id.localeCompare(b.sector_id),
      );
      return pageOf(sectorRows, p.page_index, p.page_size, (r) => r);
    },
    marketSectorsDetail: async (p, ctx) => {
      const all = await rows(p.category, ctx.now, p.period);
      const members = all.filter(
        (r) => slug(r.info.sector) === p.sector_id || slug(r.info.industry) === p.sector_id,
      );
      if (members.length === 0)
        throw badParameter('sector_id', `unknown sector or industry ${p.sector_id} for ${p.category}`);
      return pageOf(
        ordered(members, p.sort_by, 'change_ratio', p.direction ?? 'DESC'),
        p.page_index,
        p.page_size,
        screenerRecord,
      );
    },
  };
}

/** A sector's change is the market-cap-weighted change of its members. */
function sectorRecord(name: string, members: RowData[]): SectorRow {
  const cap = members.reduce((a, r) => a.plus(r.marketCap), new Decimal(0));
  const weighted = members.reduce((a, r) => a.plus(r.marketCap.times(r.changeRatio)), new Decimal(0));
  const leader = sortRows(members, (r) => r.changeRatio, 'DESC')[0];
  return {
    sector_id: slug(name),
    name,
    change_ratio: cap.isZero()
      ? '0.0000'
      : weighted.div(cap).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
    volume: String(members.reduce((a, r) => a + r.volume, 0)),
    turnover: members.reduce((a, r) => a.plus(r.turnover), new Decimal(0)).toFixed(2),
    market_cap: cap.toFixed(2),
    up_count: members.filter((r) => r.change > 0).length,
    down_count: members.filter((r) => r.change < 0).length,
    flat_count: members.filter((r) => r.change === 0).length,
    ...(leader
      ? {
          leader_symbol: leader.info.symbol,
          leader_change_ratio: (Math.round(leader.changeRatio * 10_000) / 10_000).toFixed(4),
        }
      : {}),
  };
}
