import { badParameter, type RouteTable } from '../http/route-types';
import { dateText, nyLocal } from '../../shared/market/calendar';
import { requireSymbol } from '../market/route-checks';
import type { MarketSimulator } from '../market/simulator';
import type { UniverseSeed } from '../market/universe';
import {
  fundAllocation,
  fundBrief,
  fundDividends,
  fundFiles,
  fundHoldings,
  fundNetValue,
  fundPerformance,
  fundRating,
  fundSplits,
} from './fund-data';
import { warmHoldings } from './fund-holdings';
import { alerts, capitalFlow, filings, industryComparison, profile } from './stock-activity';
import {
  balanceRecord,
  cashFlowRecord,
  DEFAULT_COUNT,
  incomeRecord,
  indicatorRecord,
  periods,
} from './statement-records';
import { dividendCalendar, earningsCalendar, forecastEps, rating, targetPrice } from './stock-research';

/**
 * The 23 fundamentals operations. Statements exist for stocks only (an ETF has no income
 * statement: 400 naming 'symbol'); fund operations exist for ETFs only (a stock: 400 naming 'symbol').
 */
export function createFundamentalsRoutes(sim: MarketSimulator): RouteTable {
  const stock = (symbol: string, category: string): UniverseSeed => {
    const info = requireSymbol(sim, symbol, category);
    if (info.category !== 'US_STOCK')
      throw badParameter('symbol', `${symbol} is an ETF: it files no company statements`);
    return info;
  };
  const fund = (symbol: string): UniverseSeed => {
    const info = sim.seedOf(symbol);
    if (!info) throw badParameter('symbol', `unknown symbol ${symbol}`);
    if (info.category !== 'US_ETF') throw badParameter('symbol', `${symbol} is not an ETF`);
    return info;
  };
  const statement = <T>(
    p: { symbol: string; category: string; type: 'QUARTERLY' | 'ANNUAL'; count?: number },
    now: number,
    toRecord: (info: UniverseSeed, period: ReturnType<typeof periods>[number]) => T,
  ): T[] => {
    const info = stock(p.symbol, p.category);
    return periods(sim.seed, info, p.type, p.count ?? DEFAULT_COUNT[p.type], now).map((period) =>
      toRecord(info, period),
    );
  };

  return {
    companyProfile: (p, ctx) => profile(sim, requireSymbol(sim, p.symbol, p.category), ctx.now),
    analystTargetPrice: (p, ctx) => targetPrice(sim, stock(p.symbol, p.category), ctx.now),
    analystRating: (p, ctx) => rating(sim, stock(p.symbol, p.category), ctx.now),
    forecastEps: (p, ctx) => forecastEps(sim, stock(p.symbol, p.category), ctx.now),
    filings: (p, ctx) => filings(sim, stock(p.symbol, p.category), ctx.now),
    earningsCalendar: (p, ctx) => earningsCalendar(sim, stock(p.symbol, p.category), ctx.now),
    dividendCalendar: (p, ctx) => dividendCalendar(requireSymbol(sim, p.symbol, p.category), ctx.now),
    capitalFlow: (p, ctx) => capitalFlow(sim, requireSymbol(sim, p.symbol, p.category), ctx.now, p.count),
    industryComparison: (p, ctx) =>
      industryComparison(sim, requireSymbol(sim, p.symbol, p.category), ctx.now, p.sort_by),
    financialIndicators: (p, ctx) =>
      statement(p, ctx.now, (info, period) => indicatorRecord(sim, info, period)),
    incomeStatement: (p, ctx) => statement(p, ctx.now, (_info, period) => incomeRecord(period)),
    cashFlowStatement: (p, ctx) => statement(p, ctx.now, (_info, period) => cashFlowRecord(period)),
    balanceSheet: (p, ctx) => statement(p, ctx.now, (_info, period) => balanceRecord(period)),
    financialAlert: (p, ctx) => alerts(sim, stock(p.symbol, p.category), ctx.now),
    fundBrief: async (p, ctx) => {
      const info = fund(p.symbol);
      await warmHoldings(sim, info, ctx.now);
      return fundBrief(sim, info, ctx.now);
    },
    fundPerformance: (p, ctx) => fundPerformance(sim, fund(p.symbol), ctx.now),
    fundNetValue: (p, ctx) => {
      const info = fund(p.symbol);
      if (p.last_date !== undefined && p.last_date > dateText(nyLocal(ctx.now).day))
        throw badParameter('last_date', 'last_date is in the future');
      return fundNetValue(sim, info, ctx.now, p.last_date, p.count);
    },
    fundHoldings: async (p, ctx) => {
      const info = fund(p.symbol);
      await warmHoldings(sim, info, ctx.now);
      return fundHoldings(sim, info, ctx.now);
    },
    fundDividends: (p, ctx) => fundDividends(fund(p.symbol), ctx.now, p.page_index, p.page_size),
    fundRating: (p, ctx) => fundRating(sim, fund(p.symbol), ctx.now),
    fundSplits: (p, ctx) => fundSplits(fund(p.symbol), ctx.now),
    fundFiles: (p, ctx) => fundFiles(fund(p.symbol), ctx.now),
    fundAllocation: async (p, ctx) => {
      const info = fund(p.symbol);
      await warmHoldings(sim, info, ctx.now);
      return fundAllocation(sim, info, ctx.now);
    },
  };
}
