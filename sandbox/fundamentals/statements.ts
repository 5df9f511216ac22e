import { Decimal } from '../../shared/decimal';
import type { UniverseSeed } from '../market/universe';
import { annualDividend } from './dividends';
import {
  ANCHOR_QUARTER,
  companyModel,
  FIRST_QUARTER,
  quarterNoise,
  quarterNumber,
  type CompanyModel,
  type QuarterId,
} from './company-model';

/**
 * Quarterly books of a company, generated forward from 2012 so stocks (cash, debt, equity) carry
 * from quarter to quarter, and flows tie out: gross profit = revenue − cost, operating income =
 * gross profit − operating expense, net income = pretax − tax, free cash flow = operating cash flow
 * − capex, net change in cash = operating + investing + financing, assets = liabilities + equity.
 * All amounts are whole US dollars (integers), so sums are exact.
 */

export interface QuarterBooks {
  quarter: QuarterId;
  revenue: number;
  cost: number;
  grossProfit: number;
  operatingExpense: number;
  operatingIncome: number;
  interest: number;
  pretax: number;
  tax: number;
  netIncome: number;
  sharesDiluted: number;
  sharesBasic: number;
  operatingCashFlow: number;
  capex: number;
  freeCashFlow: number;
  investingCashFlow: number;
  financingCashFlow: number;
  netChangeInCash: number;
  dividendsPaid: number;
  cash: number;
  currentAssets: number;
  totalAssets: number;
  currentLiabilities: number;
  longTermDebt: number;
  totalLiabilities: number;
  equity: number;
  retainedEarnings: number;
}

const LAST_QUARTER = ANCHOR_QUARTER + 32;
const SEASON = [0.96, 0.99, 1.0, 1.05];

function buildBooks(m: CompanyModel): QuarterBooks[] {
  const out: QuarterBooks[] = [];
  const years = (q: QuarterId) => (q - ANCHOR_QUARTER) / 4;
  // Opening balances, scaled back from the anchor so the anchor quarter lands near the reference values.
  const scale = Math.exp(m.growth * years(FIRST_QUARTER));
  let equity = Math.round(m.anchorEquity * scale * 0.5);
  let debt = Math.round(m.anchorRevenue * (0.2 + m.interestRatio * 20) * scale);
  let cash = Math.round(m.anchorRevenue * 0.25 * scale);
  let retained = Math.round(equity * 0.6);
  // Paid-in capital: equity = paid-in capital + retained earnings. Repurchased shares are retired
  // against retained earnings, so retained earnings stay below equity and hence below assets.
  let paidIn = equity - retained;
  for (let q = FIRST_QUARTER; q <= LAST_QUARTER; q++) {
    const n = (item: number) => quarterNoise(m, q, item);
    const revenue = Math.max(
      1_000_000,
      Math.round(
        (m.anchorRevenue / 4) *
          Math.exp(m.growth * years(q)) *
          (SEASON[quarterNumber(q) - 1] ?? 1) *
          (1 + 0.03 * n(1)),
      ),
    );
    const cost = Math.round(revenue * (1 - m.grossMargin - 0.01 * n(2)));
    const grossProfit = revenue - cost;
    const operatingExpense = Math.round(revenue * (m.grossMargin - m.operatingMargin - 0.015 * n(3)));
    const operatingIncome = grossProfit - operatingExpense;
    const interest = Math.round(debt * 0.012);
    const pretax = operatingIncome - interest;
    const tax = pretax > 0 ? Math.round(pretax * m.taxRate) : 0;
    const netIncome = pretax - tax;
    const sharesDiluted = sharesDilutedOf(m, q) ?? 0;
    const sharesBasic = Math.round(sharesDiluted * 0.99);
    const depreciation = Math.round(revenue * m.daRatio);
    const workingCapital = Math.round(revenue * 0.02 * n(4));
    const operatingCashFlow = netIncome + depreciation - workingCapital;
    const capex = Math.round(revenue * m.capexRatio);
    const freeCashFlow = operatingCashFlow - capex;
    let investingCashFlow = -capex - Math.round(revenue * 0.01 * Math.abs(n(5)));
    const dividendsPaid = Math.round((annualDividend(m.info, Math.floor(q / 4)) / 4) * sharesBasic);
    // Profitable companies hand most free cash beyond the dividend back through buybacks.
    const wanted =
      m.buybackRate > 0 ? Math.max(0, Math.round((freeCashFlow - dividendsPaid) * (0.5 + m.payoutOfFcf))) : 0;
    // Boards stop buying back before equity falls below about a year of revenue × m.equityFloor
    // (and at least 0.8 × annualised profit), so return on equity stays in a believable range; a
    // company whose losses push equity under that floor raises new equity.
    const equityFloor = Math.max(
      Math.round(revenue * 4 * m.equityFloor),
      Math.round(Math.abs(netIncome) * 4 * 0.8),
    );
    const buybacks = Math.max(0, Math.min(wanted, equity + netIncome - dividendsPaid - equityFloor));
    const issued = Math.max(0, equityFloor - (equity + netIncome - dividendsPaid - buybacks));
    let debtChange = Math.round(revenue * 0.01 * n(6));
    // A company short of cash borrows rather than letting its cash go negative.
    const floor = Math.round(revenue * m.cashFloor);
    const provisional =
      cash + operatingCashFlow + investingCashFlow - dividendsPaid - buybacks + issued + debtChange;
    if (provisional < floor) debtChange += floor - provisional;
    if (debt + debtChange < 0) debtChange = -debt;
    const financingCashFlow = -dividendsPaid - buybacks + issued + debtChange;
    // Cash beyond about two quarters of revenue goes into long-term investments (non-current).
    const cashCap = Math.round(revenue * (m.cashFloor + 1.6));
    const excess = cash + operatingCashFlow + investingCashFlow + financingCashFlow - cashCap;
    if (excess > 0) investingCashFlow -= excess;
    const netChangeInCash = operatingCashFlow + investingCashFlow + financingCashFlow;
    cash += netChangeInCash;
    debt += debtChange;
    paidIn += issued;
    retained += netIncome - dividendsPaid - buybacks;
    equity = paidIn + retained;
    const receivables = Math.round(revenue * m.receivablesRatio);
    const currentAssets = cash + receivables;
    const currentLiabilities = Math.round(revenue * m.currentLiabilitiesRatio);
    // Other liabilities absorb whatever keeps non-current assets positive (assets = liabilities + equity).
    const otherLiabilities = Math.max(
      Math.round(revenue * 0.4),
      currentAssets + revenue - (currentLiabilities + debt + equity),
    );
    const totalLiabilities = currentLiabilities + debt + otherLiabilities;
    const totalAssets = totalLiabilities + equity;
    out.push({
      quarter: q,
      revenue,
      cost,
      grossProfit,
      operatingExpense,
      operatingIncome,
      interest,
      pretax,
      tax,
      netIncome,
      sharesDiluted,
      sharesBasic,
      operatingCashFlow,
      capex,
      freeCashFlow,
      investingCashFlow,
      financingCashFlow,
      netChangeInCash,
      dividendsPaid,
      cash,
      currentAssets,
      totalAssets,
      currentLiabilities,
      longTermDebt: debt,
      totalLiabilities,
      equity,
      retainedEarnings: retained,
    });
  }
  return out;
}

export interface CompanyBooks {
  model: CompanyModel;
  quarters: QuarterBooks[];
}

const cache = new Map<string, CompanyBooks>();
const models = new Map<string, CompanyModel>();

/** The company's model alone (cheap, cached): what a market cap needs, without building its books. */
export function companyModelOf(seed: number, info: UniverseSeed): CompanyModel {
  const k = `${seed}|${info.symbol}`;
  let model = models.get(k);
  if (!model) {
    model = companyModel(seed, info);
    models.set(k, model);
  }
  return model;
}

export function companyBooks(seed: number, info: UniverseSeed): CompanyBooks {
  const k = `${seed}|${info.symbol}`;
  let books = cache.get(k);
  if (!books) {
    const model = companyModelOf(seed, info);
    books = { model, quarters: buildBooks(model) };
    cache.set(k, books);
  }
  return books;
}

/**
 * The diluted share count of a quarter's books (the same figure buildBooks writes, which needs
 * nothing carried from earlier quarters), or undefined outside the books' quarters.
 */
export function sharesDilutedOf(m: CompanyModel, q: QuarterId): number | undefined {
  if (q < FIRST_QUARTER || q > LAST_QUARTER) return undefined;
  return Math.round(m.info.sharesOutstanding * Math.exp(-m.buybackRate * ((q - ANCHOR_QUARTER) / 4)));
}

export function quarterBooks(books: CompanyBooks, q: QuarterId): QuarterBooks | undefined {
  return books.quarters[q - FIRST_QUARTER];
}

const FLOW_KEYS = [
  'revenue',
  'cost',
  'grossProfit',
  'operatingExpense',
  'operatingIncome',
  'interest',
  'pretax',
  'tax',
  'netIncome',
  'operatingCashFlow',
  'capex',
  'freeCashFlow',
  'investingCashFlow',
  'financingCashFlow',
  'netChangeInCash',
  'dividendsPaid',
] as const;

/** A fiscal year: flows summed over its four quarters, stocks as of Q4, shares averaged. */
export function yearBooks(books: CompanyBooks, year: number): QuarterBooks | undefined {
  const qs = [0, 1, 2, 3].map((i) => quarterBooks(books, year * 4 + i));
  const q4 = qs[3];
  if (!q4 || qs.some((q) => !q)) return undefined;
  const present = qs.filter((q): q is QuarterBooks => q !== undefined);
  const sum = { ...q4 };
  for (const key of FLOW_KEYS) sum[key] = present.reduce((a, q) => a + q[key], 0);
  sum.sharesDiluted = Math.round(present.reduce((a, q) => a + q.sharesDiluted, 0) / 4);
  sum.sharesBasic = Math.round(present.reduce((a, q) => a + q.sharesBasic, 0) / 4);
  return sum;
}

/** EPS to the cent, half-up, from whole-dollar net income and a share count. */
export function eps(netIncome: number, shares: number): Decimal {
  return new Decimal(netIncome).div(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * Diluted EPS: over the diluted share count, except for a loss, where options and convertibles
 * would be anti-dilutive and are left out, so diluted EPS equals basic EPS.
 */
export function dilutedEps(b: Pick<QuarterBooks, 'netIncome' | 'sharesBasic' | 'sharesDiluted'>): Decimal {
  return eps(b.netIncome, b.netIncome < 0 ? b.sharesBasic : b.sharesDiluted);
}
