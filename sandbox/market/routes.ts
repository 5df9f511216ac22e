import type { Instrument } from '../../shared/openapi/records/market';
import { isShortable } from './shortable';
import { badParameter, type RouteTable } from '../http/route-types';
import { createFundamentalsRoutes } from '../fundamentals/fundamentals-routes';
import { createScreenerRoutes } from '../screeners/screener-routes';
import { isIntraday, prefetchDaily, type BarQuery, type TradingSession } from './bars';
import { nyLocal } from '../../shared/market/calendar';
import { isValidExpiry } from './options';
import { listOptionContracts } from './option-contracts';
import { checkTimeRange, marginRatios, requireSymbol } from './route-checks';
import { mapInSlices, mapInSlicesAsync } from './slices';
import type { MarketSimulator } from './simulator';
import type { UniverseSeed } from './universe';

/**
 * Route handlers of the market-data catalogue (stock snapshot, quotes, ticks, bars, batch bars,
 * option snapshot/bars/tick/chain, instruments). Parameter shapes were already validated by the
 * server with the catalogue's schemas; these add the semantic 400s.
 */

const DEFAULT_TICKS = 30;
const DEFAULT_INSTRUMENT_PAGE = 100;
const STATUSES = ['ACTIVE', 'INACTIVE', 'HALTED'];

interface BarParams {
  timespan: BarQuery['timespan'];
  count?: number;
  trading_sessions?: TradingSession[];
  start_time?: number;
  end_time?: number;
}

function barQuery(p: BarParams, now: number): BarQuery {
  checkTimeRange(p.start_time, p.end_time, now);
  return {
    timespan: p.timespan,
    count: p.count,
    startTime: p.start_time,
    endTime: p.end_time,
    sessions: isIntraday(p.timespan) ? p.trading_sessions : undefined,
  };
}

function instrumentRecord(info: UniverseSeed): Instrument {
  const [il, is, ml, ms] = marginRatios(info);
  return {
    symbol: info.symbol,
    instrument_id: info.instrument_id,
    name: info.name,
    exchange: info.exchange,
    currency: 'USD',
    status: 'ACTIVE',
    category: info.category,
    lot_size: '1',
    shortable: isShortable(info.symbol),
    marginable: true,
    intraday_margin_long: il,
    intraday_margin_short: is,
    maintenance_margin_long: ml,
    maintenance_margin_short: ms,
  };
}

/** Market-data, screener and fundamentals routes: the one table the sandbox server loads from here. */
export function createMarketDataRoutes(sim: MarketSimulator): RouteTable {
  return { ...createMarketOnlyRoutes(sim), ...createScreenerRoutes(sim), ...createFundamentalsRoutes(sim) };
}

function createMarketOnlyRoutes(sim: MarketSimulator): RouteTable {
  // The daily figures a long D/W/M/Y query reads are computed first in slices (bars.ts).
  const bars = async (symbol: string, p: BarParams & { category: string }, now: number, param = 'symbol') => {
    const info = requireSymbol(sim, symbol, p.category, param);
    const query = barQuery(p, now);
    await prefetchDaily(sim.paths(), info, query, now);
    return {
      symbol,
      instrument_id: info.instrument_id,
      timespan: p.timespan,
      bars: sim.bars(symbol, query, now) ?? [],
    };
  };
  const option = (symbol: string, now: number, param: string) => {
    const problem = sim.options.listingProblem(symbol, now);
    if (problem) throw badParameter(param, `${symbol}: ${problem.message}`);
  };

  return {
    // Many symbols (a 1,000-symbol watchlist) are computed in slices: a cold universe never holds
    // the event loop (docs/sandbox.md "Performance"). Checked first, so a bad symbol costs nothing.
    snapshot: async (p, ctx) => {
      for (const s of p.symbols) requireSymbol(sim, s, p.category, 'symbols');
      const opts = { extendHour: p.extend_hour_required, overnight: p.overnight_required };
      return (await mapInSlices(p.symbols, (s) => sim.snapshot(s, opts, ctx.now) ?? [])).flat();
    },
    quotes: (p, ctx) => {
      requireSymbol(sim, p.symbol, p.category);
      const depth = sim.depth(p.symbol, p.depth ?? 1, ctx.now);
      if (!depth) throw badParameter('symbol', `unknown symbol ${p.symbol}`);
      return depth;
    },
    ticks: (p, ctx) => {
      const info = requireSymbol(sim, p.symbol, p.category);
      return {
        symbol: p.symbol,
        instrument_id: info.instrument_id,
        ticks: sim.ticks(p.symbol, p.count ?? DEFAULT_TICKS, p.trading_sessions, ctx.now) ?? [],
      };
    },
    bars: (p, ctx) => bars(p.symbol, p, ctx.now),
    batchBars: async (p, ctx) => {
      for (const s of p.symbols) requireSymbol(sim, s, p.category, 'symbols');
      checkTimeRange(p.start_time, p.end_time, ctx.now);
      return mapInSlicesAsync(p.symbols, (s) => bars(s, p, ctx.now, 'symbols'));
    },
    optionSnapshot: async (p, ctx) => {
      for (const s of p.symbols) option(s, ctx.now, 'symbols');
      return (await mapInSlices(p.symbols, (s) => sim.options.snapshot(s, ctx.now) ?? [])).flat();
    },
    optionBars: (p, ctx) => {
      option(p.symbol, ctx.now, 'symbol');
      const id = sim.options.resolve(p.symbol, ctx.now);
      return {
        symbol: p.symbol,
        instrument_id: sim.options.snapshot(p.symbol, ctx.now)?.instrument_id ?? '',
        timespan: p.timespan,
        bars: sim.options.bars(p.symbol, { timespan: p.timespan, count: p.count }, ctx.now) ?? [],
        ...(id ? { underlying_symbol: id.underlying } : {}),
      };
    },
    optionTick: (p, ctx) => {
      option(p.symbol, ctx.now, 'symbol');
      return {
        symbol: p.symbol,
        instrument_id: sim.options.snapshot(p.symbol, ctx.now)?.instrument_id ?? '',
        ticks: sim.options.ticks(p.symbol, p.count ?? DEFAULT_TICKS, ctx.now) ?? [],
      };
    },
    optionChain: (p, ctx) => {
      requireSymbol(sim, p.symbol, undefined);
      if (p.expire_date !== undefined && !isValidExpiry(p.expire_date, nyLocal(ctx.now).day, ctx.now))
        throw badParameter('expire_date', `no listed expiry on ${p.expire_date}`);
      const chain = sim.options.chain(p.symbol, p.expire_date, ctx.now);
      if (!chain) throw badParameter('symbol', `unknown symbol ${p.symbol}`);
      return chain;
    },
    optionContracts: (p, ctx) => listOptionContracts(sim, p, ctx.now),
    instruments: (p) => {
      if (p.status !== undefined && !STATUSES.includes(p.status))
        throw badParameter('status', `expected one of ${STATUSES.join(', ')}`);
      let list: UniverseSeed[];
      if (p.symbols) {
        list = p.symbols.map((s) => requireSymbol(sim, s, p.category, 'symbols'));
      } else {
        list = sim
          .seeds()
          .filter((s) => s.category === p.category)
          .sort((a, b) => a.instrument_id.localeCompare(b.instrument_id));
        if (p.last_instrument_id !== undefined) {
          const at = list.findIndex((s) => s.instrument_id === p.last_instrument_id);
          if (at < 0) throw badParameter('last_instrument_id', `unknown instrument ${p.last_instrument_id}`);
          list = list.slice(at + 1);
        }
        list = list.slice(0, p.page_size ?? DEFAULT_INSTRUMENT_PAGE);
      }
      return list.map(instrumentRecord).filter((r) => p.status === undefined || r.status === p.status);
    },
  };
}
