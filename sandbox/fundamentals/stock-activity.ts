import { Decimal } from '../../shared/decimal';
import type { OpResult } from '../../shared/openapi/operations';
import { dateText, nyLocal } from '../../shared/market/calendar';
import type { MarketSimulator } from '../market/simulator';
import { hashText, normalAt, uniformAt } from '../market/prng';
import type { UniverseSeed } from '../market/universe';
import { quarterEnd, quarterNumber, quarterYear, reportDay } from './company-model';
import { annualDividend } from './dividends';
import { latestReportedQuarter, periods } from './statement-records';
import { companyBooks, eps } from './statements';
import { range52 } from '../screeners/screener-rows';
import { COMPANY_FACTS } from './company-facts';
import { valuation } from './valuation';

/**
 * Capital flow, peers, filings, alerts and the company profile. Capital flow splits each day's
 * turnover (from the daily bar) into inflow and outflow leaning with the day's move, and the net
 * into large/medium/small orders that add back up to it (all in cents, so the sums are exact).
 */

const DEFAULT_FLOW_DAYS = 20;
const cents = (n: number) => new Decimal(n).div(100).toFixed(2);

export function capitalFlow(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  count = DEFAULT_FLOW_DAYS,
): OpResult<'capitalFlow'> {
  const bars = sim.numericBars(info.symbol, { timespan: 'D', count }, now) ?? [];
  const h = hashText(`flow:${info.symbol}`);
  return bars
    .map((b) => {
      const day = nyLocal(b.time).day;
      const turnover = Math.round(((b.high + b.low + b.close) / 3) * b.volume);
      const move = b.open === 0 ? 0 : (b.close - b.open) / b.open / (info.volatility / 16);
      const share = Math.min(
        0.8,
        Math.max(0.2, 0.5 + 0.12 * Math.tanh(move) + 0.04 * normalAt(sim.seed, h, day)),
      );
      const inflow = Math.round(turnover * share);
      const outflow = turnover - inflow;
      const net = inflow - outflow;
      const large = Math.round(net * (0.4 + 0.3 * uniformAt(sim.seed, h, day, 1)));
      const medium = Math.round(net * (0.2 + 0.2 * uniformAt(sim.seed, h, day, 2)));
      return {
        date: dateText(day),
        inflow: cents(inflow),
        outflow: cents(outflow),
        net_flow: cents(net),
        large_net: cents(large),
        medium_net: cents(medium),
        small_net: cents(net - large - medium),
      };
    })
    .reverse();
}

type PeerSort = 'market_cap' | 'pe_ratio' | 'change_ratio' | 'revenue_growth' | 'dividend_yield';

/** Same-industry names of the universe; when an industry has fewer than four, the whole sector. */
function peersOf(sim: MarketSimulator, info: UniverseSeed): UniverseSeed[] {
  const same = sim.seeds().filter((s) => s.category === info.category && s.industry === info.industry);
  return same.length >= 4
    ? same
    : sim.seeds().filter((s) => s.category === info.category && s.sector === info.sector);
}

export function industryComparison(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  sortBy: PeerSort = 'market_cap',
): OpResult<'industryComparison'> {
  const rows = peersOf(sim, info).map((s) => {
    const state = sim.live(s.symbol, now);
    const v = valuation(sim, s, now, state?.regular.last);
    const change = state ? (state.regular.last - state.preClose) / state.preClose : 0;
    return { s, v, change };
  });
  const key = (r: (typeof rows)[number]): number => {
    if (sortBy === 'pe_ratio') return r.v.pe?.toNumber() ?? -Infinity;
    if (sortBy === 'change_ratio') return r.change;
    if (sortBy === 'revenue_growth') return r.v.revenueGrowth?.toNumber() ?? -Infinity;
    if (sortBy === 'dividend_yield') return r.v.dividendYield.toNumber();
    return r.v.marketCap.toNumber();
  };
  rows.sort((a, b) => key(b) - key(a) || a.s.symbol.localeCompare(b.s.symbol));
  return {
    symbol: info.symbol,
    sector: info.sector,
    industry: info.industry,
    items: rows.map(({ s, v, change }) => ({
      symbol: s.symbol,
      name: s.name,
      price: v.price.toFixed(2),
      change_ratio: (Math.round(change * 10_000) / 10_000).toFixed(4),
      market_cap: v.marketCap.toFixed(2),
      ...(v.pe ? { pe_ratio: v.pe.toFixed(2) } : {}),
      ...(v.pb ? { pb_ratio: v.pb.toFixed(2) } : {}),
      ...(v.revenueGrowth ? { revenue_growth: v.revenueGrowth.toFixed(4) } : {}),
      ...(v.netMargin ? { net_margin: v.netMargin.toFixed(4) } : {}),
      dividend_yield: v.dividendYield.toFixed(4),
    })),
  };
}

/** 10-Q after Q1–Q3, 10-K after Q4 (later), an 8-K earnings release on each report day; three years, newest first. */
export function filings(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'filings'> {
  const books = companyBooks(sim.seed, info);
  const today = nyLocal(now).day;
  const last = latestReportedQuarter(books, now);
  const out: OpResult<'filings'> = [];
  for (let q = last; q > last - 12; q--) {
    const day = reportDay(books.model, q);
    const annual = quarterNumber(q) === 4;
    const periodEnd = dateText(quarterEnd(q));
    const label = annual ? `FY${quarterYear(q)}` : `Q${quarterNumber(q)} ${quarterYear(q)}`;
    const formDay = day + (annual ? 20 : 3);
    const base = `https://sandbox.bullpen.invalid/filings/${info.symbol}`;
    if (formDay <= today) {
      const form = annual ? '10-K' : '10-Q';
      out.push({
        filing_id: `${info.symbol}-${form}-${q}`,
        form_type: form,
        title: `${annual ? 'Annual' : 'Quarterly'} report for ${label}`,
        filed_date: dateText(formDay),
        period_end: periodEnd,
        url: `${base}/${form}-${q}.htm`,
      });
    }
    out.push({
      filing_id: `${info.symbol}-8-K-${q}`,
      form_type: '8-K',
      title: `Results of operations for ${label}`,
      filed_date: dateText(day),
      period_end: periodEnd,
      url: `${base}/8-K-${q}.htm`,
    });
  }
  return out.sort(
    (a, b) => b.filed_date.localeCompare(a.filed_date) || a.filing_id.localeCompare(b.filing_id),
  );
}

/** Alerts read off the latest books: losses, shrinking revenue, leverage, liquidity, dividend raises, the next report. */
export function alerts(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'financialAlert'> {
  const out: OpResult<'financialAlert'> = [];
  const books = companyBooks(sim.seed, info);
  const [latest] = periods(sim.seed, info, 'QUARTERLY', 1, now);
  const today = nyLocal(now).day;
  if (latest) {
    const b = latest.books;
    const date = dateText(reportDay(books.model, latestReportedQuarter(books, now)));
    const add = (type: string, severity: string, title: string, description: string) =>
      out.push({
        alert_id: `${info.symbol}-${type}-${latest.fiscal_year}${latest.fiscal_period}`,
        alert_type: type,
        title,
        severity,
        date,
        description,
      });
    if (b.netIncome < 0)
      add(
        'NET_LOSS',
        'HIGH',
        'Net loss reported',
        `Net income of ${b.netIncome} USD in ${latest.fiscal_period} ${latest.fiscal_year} (EPS ${eps(b.netIncome, b.sharesDiluted).toFixed(2)}).`,
      );
    if (latest.prior && b.revenue < latest.prior.revenue)
      add(
        'REVENUE_DECLINE',
        'MEDIUM',
        'Revenue down year over year',
        `Revenue ${b.revenue} USD against ${latest.prior.revenue} USD a year earlier.`,
      );
    if (b.equity > 0 && b.longTermDebt > 2 * b.equity)
      add(
        'HIGH_LEVERAGE',
        'MEDIUM',
        'Debt above twice equity',
        `Long-term debt ${b.longTermDebt} USD, equity ${b.equity} USD.`,
      );
    if (b.currentAssets < b.currentLiabilities)
      add(
        'LIQUIDITY',
        'MEDIUM',
        'Current ratio below 1',
        `Current assets ${b.currentAssets} USD, current liabilities ${b.currentLiabilities} USD.`,
      );
    const year = new Date(today * 86_400_000).getUTCFullYear();
    if (annualDividend(info, year) > annualDividend(info, year - 1))
      add(
        'DIVIDEND_INCREASE',
        'LOW',
        'Dividend raised',
        `Annual dividend ${annualDividend(info, year).toFixed(2)} USD per share, up from ${annualDividend(info, year - 1).toFixed(2)}.`,
      );
  }
  const next = reportDay(books.model, latestReportedQuarter(books, now) + 1);
  out.push({
    alert_id: `${info.symbol}-UPCOMING_EARNINGS-${next}`,
    alert_type: 'UPCOMING_EARNINGS',
    title: 'Earnings date ahead',
    severity: 'LOW',
    date: dateText(next),
    description: `Results expected on ${dateText(next)} (${books.model.reportTime}).`,
  });
  return out;
}

export function profile(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'companyProfile'> {
  const v = valuation(sim, info, now);
  const fund = info.fund;
  const [latest] = info.category === 'US_STOCK' ? periods(sim.seed, info, 'QUARTERLY', 1, now) : [];
  const ttmRevenue = latest ? latest.ttm.reduce((a, q) => a + q.revenue, 0) : 0;
  const facts = COMPANY_FACTS[info.symbol];
  const employees = latest
    ? Math.max(50, Math.round(ttmRevenue / companyBooks(sim.seed, info).model.revenuePerEmployee))
    : undefined;
  // The same 52-week range as the screeners' (the daily bars of the last year, today's so far).
  const range = range52(sim, info, now);
  const description = fund
    ? `${info.name} is an exchange-traded fund from ${fund.issuer} tracking ${fund.benchmark}. Figures in this sandbox are simulated.`
    : `${info.name} (${info.symbol}) is listed on ${info.exchange} in the ${info.industry} industry of the ${info.sector} sector. Figures in this sandbox are simulated.`;
  return {
    symbol: info.symbol,
    name: info.name,
    exchange: info.exchange,
    sector: info.sector,
    industry: info.industry,
    description,
    ...(employees ? { employees } : {}),
    ...(facts
      ? { ceo: facts.ceo, website: facts.website, headquarters: facts.headquarters, founded: facts.founded }
      : {}),
    ...(fund ? { ipo_date: fund.inception } : {}),
    market_cap: v.marketCap.toFixed(2),
    shares_outstanding: String(latest ? latest.books.sharesDiluted : info.sharesOutstanding),
    ...(v.pe ? { pe_ratio: v.pe.toFixed(2) } : {}),
    ...(range.high52 > 0
      ? { high_52w: (range.high52 / 100).toFixed(2), low_52w: (range.low52 / 100).toFixed(2) }
      : {}),
    currency: 'USD',
  };
}
