import { Decimal } from '../../shared/decimal';
import type { OpResult } from '../../shared/openapi/operations';
import {
  dateParts,
  dateText,
  dayNumber,
  nyLocal,
  parseDateText,
  regularDayAt,
  sessionWindow,
  tradingDayAt,
  tradingIndexOnOrBefore,
} from '../../shared/market/calendar';
import type { MarketSimulator } from '../market/simulator';
import { hashText, uniformAt } from '../market/prng';
import type { UniverseSeed } from '../market/universe';
import { dividendPayments } from './dividends';
import { splitsOf } from './splits';
import { fundHoldingsOf, holdingsCountOf, millionths, weightText, type Holding } from './fund-holdings';
import { trailingDividends } from './valuation';

/**
 * ETF data: NAV is the simulated daily close (no premium or discount), performance is read off
 * that NAV path, allocation is the sum of the holdings' weights, distributions follow the dividend
 * schedule. Splits are real (splits.ts); files and ratings are synthetic and labelled as such in docs/sandbox-market.md.
 */

const ratio4 = (d: Decimal) => d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);

function navCents(sim: MarketSimulator, info: UniverseSeed, index: number): number {
  return sim.paths().model(info).close(index);
}

/** Index of the latest trading day whose regular session has closed (its close is the latest NAV). */
function latestNavIndex(now: number): number {
  const day = regularDayAt(now);
  const index = tradingIndexOnOrBefore(day);
  return now >= sessionWindow(day, 'RTH').end ? index : index - 1;
}

export function fundBrief(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'fundBrief'> {
  const fund = info.fund;
  const nav = new Decimal(navCents(sim, info, latestNavIndex(now))).div(100);
  const holdings = fundHoldingsOf(sim, info, now);
  const price = new Decimal(sim.live(info.symbol, now)?.regular.last ?? 0).div(100);
  return {
    symbol: info.symbol,
    name: info.name,
    issuer: fund?.issuer ?? 'Unknown',
    inception_date: fund?.inception ?? '2000-01-03',
    // The fact sheets state expense ratios in percent; the record carries every ratio as a fraction.
    expense_ratio: new Decimal(fund?.expenseRatioPct ?? '0.10').div(100).toFixed(),
    aum: nav.times(info.sharesOutstanding).toFixed(2),
    fund_category: info.sector,
    ...(fund ? { benchmark: fund.benchmark } : {}),
    nav: nav.toFixed(2),
    holdings_count: holdingsCountOf(info, holdings),
    dividend_yield: price.isZero() ? '0.0000' : ratio4(trailingDividends(info, now).div(price)),
    description: `${info.name} (${info.industry}). Holdings, NAV and returns in this sandbox are simulated.`,
  };
}

export function fundPerformance(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): OpResult<'fundPerformance'> {
  const last = latestNavIndex(now);
  const nav = navCents(sim, info, last);
  const back = (days: number) => ratio4(new Decimal(nav).div(navCents(sim, info, last - days)).minus(1));
  const lastDay = tradingDayAt(last);
  const { y } = dateParts(lastDay);
  const yearEnd = tradingIndexOnOrBefore(dayNumber(y, 1, 1) - 1);
  const inception = tradingIndexOnOrBefore(parseDateText(info.fund?.inception ?? '2000-01-03'));
  const r1y = new Decimal(nav).div(navCents(sim, info, last - 252)).minus(1);
  return {
    symbol: info.symbol,
    as_of: dateText(lastDay),
    return_1m: back(21),
    return_3m: back(63),
    return_ytd: ratio4(new Decimal(nav).div(navCents(sim, info, yearEnd)).minus(1)),
    return_1y: ratio4(r1y),
    return_3y: back(756),
    return_5y: back(1260),
    return_since_inception: ratio4(new Decimal(nav).div(navCents(sim, info, inception)).minus(1)),
    // The benchmark is the fund before its fees.
    benchmark_return_1y: ratio4(r1y.plus(new Decimal(info.fund?.expenseRatioPct ?? '0').div(100))),
  };
}

export function fundNetValue(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  lastDate?: string,
  count = 30,
): OpResult<'fundNetValue'> {
  let index = latestNavIndex(now);
  if (lastDate) index = Math.min(index, tradingIndexOnOrBefore(parseDateText(lastDate)));
  const out: OpResult<'fundNetValue'> = [];
  for (let i = index; i > index - count; i--) {
    const nav = navCents(sim, info, i);
    const prev = navCents(sim, info, i - 1);
    out.push({
      date: dateText(tradingDayAt(i)),
      nav: new Decimal(nav).div(100).toFixed(2),
      change: new Decimal(nav - prev).div(100).toFixed(2),
      change_ratio: ratio4(new Decimal(nav - prev).div(prev)),
    });
  }
  return out;
}

export function fundHoldings(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): OpResult<'fundHoldings'> {
  const holdings = fundHoldingsOf(sim, info, now);
  const nav = new Decimal(navCents(sim, info, latestNavIndex(now))).div(100);
  const aum = nav.times(info.sharesOutstanding);
  return {
    symbol: info.symbol,
    as_of: dateText(tradingDayAt(latestNavIndex(now))),
    items: holdings.map((h) => {
      const value = aum.times(h.weight).div(1_000_000);
      return {
        symbol: h.symbol,
        name: h.name,
        weight: weightText(h.weight),
        market_value: value.toFixed(2),
        in_universe: h.inUniverse,
        ...(h.priceCents ? { shares: value.div(new Decimal(h.priceCents).div(100)).toFixed(0) } : {}),
      };
    }),
  };
}

export function fundDividends(
  info: UniverseSeed,
  now: number,
  pageIndex = 1,
  pageSize = 20,
): OpResult<'fundDividends'> {
  const today = nyLocal(now).day;
  const inception = parseDateText(info.fund?.inception ?? '2000-01-03');
  const all = dividendPayments(info, Math.max(inception, today - 3653), today).reverse();
  const start = (pageIndex - 1) * pageSize;
  return {
    page_index: pageIndex,
    page_size: pageSize,
    total: all.length,
    items: all.slice(start, start + pageSize).map((p) => ({
      ex_date: dateText(p.ex),
      pay_date: dateText(p.pay),
      amount: new Decimal(p.amount).div(100).toFixed(2),
      currency: 'USD',
    })),
  };
}

export function fundRating(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'fundRating'> {
  const v = info.volatility;
  const u = uniformAt(sim.seed, hashText(`fund-rating:${info.symbol}`));
  const { y, m } = dateParts(nyLocal(now).day);
  return {
    symbol: info.symbol,
    rating: 1 + Math.min(4, Math.floor(u * 3 + (v < 0.25 ? 2 : 1))),
    risk_level: v < 0.1 ? 'LOW' : v < 0.2 ? 'MEDIUM' : v < 0.4 ? 'HIGH' : 'VERY_HIGH',
    rated_by: 'Bullpen sandbox (simulated)',
    as_of: dateText(dayNumber(y, m, 1) - 1),
  };
}

/** The fund's real splits (fact table in splits.ts) up to `now`, newest first. */
export function fundSplits(info: UniverseSeed, now: number): OpResult<'fundSplits'> {
  const today = dateText(nyLocal(now).day);
  return splitsOf(info.symbol)
    .filter((s) => s.date <= today)
    .map((s) => ({ date: s.date, ratio_from: String(s.from), ratio_to: String(s.to) }))
    .reverse();
}

export function fundFiles(info: UniverseSeed, now: number): OpResult<'fundFiles'> {
  const { y } = dateParts(nyLocal(now).day);
  const today = nyLocal(now).day;
  const base = `https://sandbox.bullpen.invalid/funds/${info.symbol}`;
  const out: OpResult<'fundFiles'> = [];
  for (const year of [y, y - 1]) {
    const docs: Array<[string, string, number]> = [
      ['PROSPECTUS', `Prospectus ${year}`, dayNumber(year, 3, 1)],
      ['ANNUAL_REPORT', `Annual report ${year - 1}`, dayNumber(year, 2, 20)],
      ['SEMI_ANNUAL_REPORT', `Semi-annual report ${year}`, dayNumber(year, 8, 25)],
      ['FACT_SHEET', `Fact sheet Q3 ${year}`, dayNumber(year, 10, 15)],
    ];
    for (const [type, title, day] of docs) {
      if (day <= today)
        out.push({
          file_id: `${info.symbol}-${type}-${year}`,
          title,
          file_type: type,
          date: dateText(day),
          url: `${base}/${type.toLowerCase()}-${year}.pdf`,
        });
    }
  }
  return out.sort((a, b) => b.date.localeCompare(a.date));
}

function slices(holdings: readonly Holding[], key: 'sector' | 'region') {
  const sums = new Map<string, number>();
  for (const h of holdings) sums.set(h[key], (sums.get(h[key]) ?? 0) + h.weight);
  return [...sums.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, w]) => ({ name, weight: weightText(w) }));
}

export function fundAllocation(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): OpResult<'fundAllocation'> {
  const holdings = fundHoldingsOf(sim, info, now);
  const cash = holdings.filter((h) => h.sector === 'Cash').reduce((a, h) => a + h.weight, 0);
  const assetClass =
    info.sector === 'Fixed Income'
      ? 'Fixed Income'
      : info.sector === 'Commodities'
        ? 'Commodities'
        : 'Equity';
  // Equity funds keep a sliver of cash for flows; baskets already list theirs.
  const cashShare = cash > 0 ? cash : (millionths([995, 5])[1] ?? 0);
  return {
    symbol: info.symbol,
    as_of: dateText(tradingDayAt(latestNavIndex(now))),
    asset_classes: [
      { name: assetClass, weight: weightText(1_000_000 - cashShare) },
      { name: 'Cash', weight: weightText(cashShare) },
    ],
    sectors: slices(holdings, 'sector'),
    regions: slices(holdings, 'region'),
  };
}
