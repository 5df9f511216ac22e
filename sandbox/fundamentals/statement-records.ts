import { Decimal } from '../../shared/decimal';
import type {
  BalanceSheet,
  CashFlowStatement,
  FinancialIndicators,
  IncomeStatement,
} from '../../shared/openapi/records/fundamentals';
import { nyLocal, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import type { MarketSimulator } from '../market/simulator';
import type { UniverseSeed } from '../market/universe';
import {
  periodEndText,
  quarterEnd,
  quarterNumber,
  quarterYear,
  reportDay,
  type QuarterId,
} from './company-model';
import {
  companyBooks,
  dilutedEps,
  eps,
  quarterBooks,
  yearBooks,
  type CompanyBooks,
  type QuarterBooks,
} from './statements';

/**
 * Statement records as the API returns them: newest period first, only periods whose results are
 * out at `now`. Indicator rows are derived from the same books and the simulated close on the
 * period's last trading day (P/E = that price / trailing-twelve-month diluted EPS).
 */

export type PeriodType = 'QUARTERLY' | 'ANNUAL';
export const DEFAULT_COUNT: Record<PeriodType, number> = { QUARTERLY: 8, ANNUAL: 5 };

export interface Period {
  fiscal_year: number;
  fiscal_period: string;
  period_end: string;
  currency: string;
  endDay: number;
  books: QuarterBooks;
  /** Books of the same period a year earlier (growth). */
  prior?: QuarterBooks;
  /** The four quarters ending with this period (TTM), for quarterly rows. */
  ttm: QuarterBooks[];
}

/** The latest quarter reported by `now`. */
export function latestReportedQuarter(books: Pick<CompanyBooks, 'model'>, now: number): QuarterId {
  const today = nyLocal(now).day;
  let q = quarterYearOfDay(today);
  while (reportDay(books.model, q) > today) q--;
  return q;
}

function quarterYearOfDay(day: number): QuarterId {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 4 + Math.floor(d.getUTCMonth() / 3);
}

export function periods(
  seed: number,
  info: UniverseSeed,
  type: PeriodType,
  count: number,
  now: number,
): Period[] {
  const books = companyBooks(seed, info);
  const last = latestReportedQuarter(books, now);
  const out: Period[] = [];
  if (type === 'QUARTERLY') {
    for (let q = last; out.length < count; q--) {
      const b = quarterBooks(books, q);
      if (!b) break;
      const ttm = [q, q - 1, q - 2, q - 3]
        .map((x) => quarterBooks(books, x))
        .filter((x): x is QuarterBooks => x !== undefined);
      out.push({
        fiscal_year: quarterYear(q),
        fiscal_period: `Q${quarterNumber(q)}`,
        period_end: periodEndText(q),
        currency: 'USD',
        endDay: quarterEnd(q),
        books: b,
        prior: quarterBooks(books, q - 4),
        ttm,
      });
    }
    return out;
  }
  let year = quarterNumber(last) === 4 ? quarterYear(last) : quarterYear(last) - 1;
  for (; out.length < count; year--) {
    const b = yearBooks(books, year);
    if (!b) break;
    out.push({
      fiscal_year: year,
      fiscal_period: 'FY',
      period_end: periodEndText(year * 4 + 3),
      currency: 'USD',
      endDay: quarterEnd(year * 4 + 3),
      books: b,
      prior: yearBooks(books, year - 1),
      ttm: [b],
    });
  }
  return out;
}

const head = (p: Period) => ({
  fiscal_year: p.fiscal_year,
  fiscal_period: p.fiscal_period,
  period_end: p.period_end,
  currency: p.currency,
});
const int = (n: number) => String(n);

export function incomeRecord(p: Period): IncomeStatement {
  const b = p.books;
  return {
    ...head(p),
    revenue: int(b.revenue),
    cost_of_revenue: int(b.cost),
    gross_profit: int(b.grossProfit),
    operating_expense: int(b.operatingExpense),
    operating_income: int(b.operatingIncome),
    interest_expense: int(b.interest),
    pretax_income: int(b.pretax),
    income_tax: int(b.tax),
    net_income: int(b.netIncome),
    eps_basic: eps(b.netIncome, b.sharesBasic).toFixed(2),
    eps_diluted: dilutedEps(b).toFixed(2),
    shares_diluted: int(b.sharesDiluted),
  };
}

export function cashFlowRecord(p: Period): CashFlowStatement {
  const b = p.books;
  return {
    ...head(p),
    operating_cash_flow: int(b.operatingCashFlow),
    investing_cash_flow: int(b.investingCashFlow),
    financing_cash_flow: int(b.financingCashFlow),
    net_change_in_cash: int(b.netChangeInCash),
    capital_expenditure: int(b.capex),
    free_cash_flow: int(b.freeCashFlow),
    dividends_paid: int(b.dividendsPaid),
  };
}

export function balanceRecord(p: Period): BalanceSheet {
  const b = p.books;
  return {
    ...head(p),
    total_assets: int(b.totalAssets),
    current_assets: int(b.currentAssets),
    cash_and_equivalents: int(b.cash),
    total_liabilities: int(b.totalLiabilities),
    current_liabilities: int(b.currentLiabilities),
    long_term_debt: int(b.longTermDebt),
    total_equity: int(b.equity),
    retained_earnings: int(b.retainedEarnings),
  };
}

/** Trailing-twelve-month diluted EPS: the sum of the four quarterly EPS figures (or the FY EPS). */
export function ttmEps(p: Period): Decimal {
  return p.ttm.reduce((a, q) => a.plus(dilutedEps(q)), new Decimal(0));
}

const ratio = (a: Decimal.Value, b: Decimal.Value) =>
  new Decimal(b).isZero()
    ? undefined
    : new Decimal(a).div(b).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);

/** Close (dollars, Decimal) of the last trading day on or before `day`. */
function closeOn(sim: MarketSimulator, info: UniverseSeed, day: number): Decimal {
  return new Decimal(sim.paths().model(info).close(tradingIndexOnOrBefore(day))).div(100);
}

export function indicatorRecord(sim: MarketSimulator, info: UniverseSeed, p: Period): FinancialIndicators {
  const b = p.books;
  const price = closeOn(sim, info, p.endDay);
  const ttmE = ttmEps(p);
  const ttmNet = p.ttm.reduce((a, q) => a + q.netIncome, 0);
  const ttmRevenue = p.ttm.reduce((a, q) => a + q.revenue, 0);
  const marketCap = price.times(b.sharesDiluted);
  const pe = ttmE.gt(0) ? price.div(ttmE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : undefined;
  return {
    ...head(p),
    eps: dilutedEps(b).toFixed(2),
    ...(pe ? { pe_ratio: pe } : {}),
    ...(b.equity > 0 ? { pb_ratio: ratio(marketCap, b.equity) } : {}),
    ps_ratio: ratio(marketCap, ttmRevenue),
    ...(b.equity > 0 ? { roe: ratio(ttmNet, b.equity) } : {}),
    roa: ratio(ttmNet, b.totalAssets),
    gross_margin: ratio(b.grossProfit, b.revenue),
    operating_margin: ratio(b.operatingIncome, b.revenue),
    net_margin: ratio(b.netIncome, b.revenue),
    ...(b.equity > 0 ? { debt_to_equity: ratio(b.longTermDebt, b.equity) } : {}),
    current_ratio: ratio(b.currentAssets, b.currentLiabilities),
    book_value_per_share: new Decimal(b.equity)
      .div(b.sharesDiluted)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toFixed(2),
    ...(p.prior ? { revenue_growth: ratio(b.revenue - p.prior.revenue, p.prior.revenue) } : {}),
  };
}
