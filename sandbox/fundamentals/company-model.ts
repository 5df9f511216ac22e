import { dateText, dayNumber, isTradingDay, weekday } from '../../shared/market/calendar';
import { hash3, hashText, normalOfHash, uniformAt } from '../market/prng';
import type { UniverseSeed } from '../market/universe';
import { COMPANY_FACTS } from './company-facts';

/**
 * The per-company parameters every synthetic statement is drawn from: sector-typical valuation,
 * growth and margins, nudged per symbol by a hash, so a company's books look like its sector's and
 * stay the same on every run. Fiscal years are calendar years (a simplification, documented).
 */

interface SectorProfile {
  priceToSales: number;
  growth: number;
  grossMargin: number;
  operatingMargin: number;
  priceToBook: number;
  capexRatio: number;
  revenuePerEmployee: number;
}

const SECTORS: Record<string, SectorProfile> = {
  'Information Technology': {
    priceToSales: 8,
    growth: 0.12,
    grossMargin: 0.62,
    operatingMargin: 0.28,
    priceToBook: 10,
    capexRatio: 0.05,
    revenuePerEmployee: 600_000,
  },
  'Communication Services': {
    priceToSales: 5,
    growth: 0.08,
    grossMargin: 0.55,
    operatingMargin: 0.22,
    priceToBook: 5,
    capexRatio: 0.12,
    revenuePerEmployee: 900_000,
  },
  'Consumer Discretionary': {
    priceToSales: 2.5,
    growth: 0.07,
    grossMargin: 0.36,
    operatingMargin: 0.1,
    priceToBook: 7,
    capexRatio: 0.05,
    revenuePerEmployee: 250_000,
  },
  'Consumer Staples': {
    priceToSales: 2,
    growth: 0.04,
    grossMargin: 0.38,
    operatingMargin: 0.14,
    priceToBook: 6,
    capexRatio: 0.04,
    revenuePerEmployee: 300_000,
  },
  'Health Care': {
    priceToSales: 3.5,
    growth: 0.07,
    grossMargin: 0.6,
    operatingMargin: 0.2,
    priceToBook: 5,
    capexRatio: 0.04,
    revenuePerEmployee: 500_000,
  },
  Financials: {
    priceToSales: 3.5,
    growth: 0.06,
    grossMargin: 0.85,
    operatingMargin: 0.3,
    priceToBook: 1.8,
    capexRatio: 0.02,
    revenuePerEmployee: 700_000,
  },
  Industrials: {
    priceToSales: 2.8,
    growth: 0.05,
    grossMargin: 0.32,
    operatingMargin: 0.14,
    priceToBook: 6,
    capexRatio: 0.04,
    revenuePerEmployee: 350_000,
  },
  Energy: {
    priceToSales: 1.4,
    growth: 0.03,
    grossMargin: 0.3,
    operatingMargin: 0.14,
    priceToBook: 2,
    capexRatio: 0.1,
    revenuePerEmployee: 2_000_000,
  },
  Utilities: {
    priceToSales: 3,
    growth: 0.04,
    grossMargin: 0.4,
    operatingMargin: 0.22,
    priceToBook: 2,
    capexRatio: 0.3,
    revenuePerEmployee: 1_000_000,
  },
  'Real Estate': {
    priceToSales: 9,
    growth: 0.05,
    grossMargin: 0.65,
    operatingMargin: 0.3,
    priceToBook: 2.5,
    capexRatio: 0.15,
    revenuePerEmployee: 1_500_000,
  },
  Materials: {
    priceToSales: 2.5,
    growth: 0.03,
    grossMargin: 0.33,
    operatingMargin: 0.15,
    priceToBook: 3,
    capexRatio: 0.07,
    revenuePerEmployee: 500_000,
  },
};
const DEFAULT_SECTOR: SectorProfile = {
  priceToSales: 3,
  growth: 0.05,
  grossMargin: 0.4,
  operatingMargin: 0.15,
  priceToBook: 3,
  capexRatio: 0.05,
  revenuePerEmployee: 400_000,
};

/**
 * Industries whose economics differ from their sector's: thin-margin hardware makers, retailers,
 * distributors, carriers and care providers sell far more per dollar of market value at far lower
 * margins (a PC maker's net margin is about 5 %, not a software house's 25 %).
 */
const INDUSTRIES: Record<string, Partial<SectorProfile>> = {
  'Technology Hardware': {
    priceToSales: 1,
    grossMargin: 0.22,
    operatingMargin: 0.08,
    revenuePerEmployee: 900_000,
  },
  'Electronic Equipment, Instruments & Components': {
    priceToSales: 2.5,
    grossMargin: 0.33,
    operatingMargin: 0.13,
  },
  'IT Services': { priceToSales: 2.5, grossMargin: 0.32, operatingMargin: 0.15, revenuePerEmployee: 120_000 },
  Software: { priceToSales: 10, grossMargin: 0.75, operatingMargin: 0.25, revenuePerEmployee: 400_000 },
  'Consumer Staples Distribution & Retail': {
    priceToSales: 0.7,
    grossMargin: 0.24,
    operatingMargin: 0.045,
    revenuePerEmployee: 250_000,
  },
  'Broadline Retail': {
    priceToSales: 2,
    grossMargin: 0.42,
    operatingMargin: 0.09,
    revenuePerEmployee: 350_000,
  },
  'Specialty Retail': {
    priceToSales: 1.5,
    grossMargin: 0.35,
    operatingMargin: 0.1,
    revenuePerEmployee: 250_000,
  },
  Distributors: { priceToSales: 0.8, grossMargin: 0.3, operatingMargin: 0.08, revenuePerEmployee: 600_000 },
  'Health Care Providers & Services': {
    priceToSales: 0.6,
    grossMargin: 0.18,
    operatingMargin: 0.05,
    revenuePerEmployee: 400_000,
  },
  Automobiles: { priceToSales: 0.6, grossMargin: 0.16, operatingMargin: 0.07, revenuePerEmployee: 500_000 },
  'Passenger Airlines': {
    priceToSales: 0.6,
    grossMargin: 0.3,
    operatingMargin: 0.08,
    revenuePerEmployee: 300_000,
  },
  'Air Freight & Logistics': { priceToSales: 1, grossMargin: 0.25, operatingMargin: 0.08 },
  'Construction & Engineering': { priceToSales: 1.2, grossMargin: 0.15, operatingMargin: 0.07 },
  'Trading Companies & Distributors': { priceToSales: 2, grossMargin: 0.35, operatingMargin: 0.12 },
  'Food Products': { priceToSales: 1.5, grossMargin: 0.3, operatingMargin: 0.12 },
  Insurance: { priceToSales: 1.5, operatingMargin: 0.13 },
};

/** Quarter number: year × 4 + (quarter − 1). */
export type QuarterId = number;
const quarterOf = (y: number, q: number): QuarterId => y * 4 + q - 1;
export const quarterYear = (id: QuarterId): number => Math.floor(id / 4);
export const quarterNumber = (id: QuarterId): number => (id % 4) + 1;
/** Last calendar day of the quarter. */
export const quarterEnd = (id: QuarterId): number =>
  dayNumber(quarterYear(id), quarterNumber(id) * 3 + 1, 1) - 1;

/** The quarter the reference prices belong to: statements are scaled to it. */
export const ANCHOR_QUARTER = quarterOf(2025, 3);
export const FIRST_QUARTER = quarterOf(2012, 1);

export interface CompanyModel {
  info: UniverseSeed;
  key: number;
  /** Annualised revenue at the anchor quarter, USD. */
  anchorRevenue: number;
  growth: number;
  grossMargin: number;
  operatingMargin: number;
  interestRatio: number;
  taxRate: number;
  daRatio: number;
  capexRatio: number;
  buybackRate: number;
  payoutOfFcf: number;
  anchorEquity: number;
  revenuePerEmployee: number;
  /** Equity the company keeps at least, as a fraction of annual revenue (caps buybacks). */
  equityFloor: number;
  /** Receivables, current liabilities and the cash kept on hand, as fractions of quarterly revenue. */
  receivablesRatio: number;
  currentLiabilitiesRatio: number;
  cashFloor: number;
  /** Days after quarter end that results are reported. */
  reportLag: number;
  reportTime: 'BMO' | 'AMC';
}

export function companyModel(seed: number, info: UniverseSeed): CompanyModel {
  const key = hashText(`fundamentals:${info.symbol}`);
  const u = (k: number) => uniformAt(seed, key, k);
  const s = { ...(SECTORS[info.sector] ?? DEFAULT_SECTOR), ...INDUSTRIES[info.industry] };
  const facts = COMPANY_FACTS[info.symbol];
  const marketCap = Number(info.refPrice) * info.sharesOutstanding;
  // Volatile names are priced for growth and often run at a loss.
  const speculative = facts ? 0 : Math.max(0, info.volatility - 0.45);
  const growth = s.growth * (0.5 + u(1)) + speculative * 0.5;
  const operatingMargin =
    facts?.operatingMargin ?? s.operatingMargin * (0.6 + 0.8 * u(2)) - speculative * 0.6;
  const anchorRevenue =
    facts?.revenue ?? Math.round(marketCap / (s.priceToSales * (0.6 + 0.9 * u(3)) * (1 + speculative * 4)));
  return {
    info,
    key,
    anchorRevenue,
    growth,
    grossMargin: Math.min(0.92, Math.max(operatingMargin + 0.05, s.grossMargin * (0.8 + 0.4 * u(4)))),
    operatingMargin,
    interestRatio: 0.005 + 0.02 * u(5),
    taxRate: 0.15 + 0.08 * u(6),
    daRatio: 0.03 + 0.04 * u(7),
    capexRatio: s.capexRatio * (0.6 + 0.8 * u(8)),
    buybackRate: info.dividendYieldPct > 0 || operatingMargin > 0.15 ? 0.005 + 0.02 * u(9) : 0,
    payoutOfFcf: 0.2 + 0.4 * u(10),
    anchorEquity: marketCap / (s.priceToBook * (0.6 + 0.8 * u(11))),
    revenuePerEmployee: facts ? facts.revenue / facts.employees : s.revenuePerEmployee * (0.6 + 0.8 * u(12)),
    equityFloor: (0.15 + 0.35 * u(16)) * Math.min(3, s.priceToSales / 3),
    receivablesRatio: 0.2 + 0.35 * u(17),
    currentLiabilitiesRatio: 0.4 + 0.45 * u(18),
    cashFloor: 0.15 + 0.35 * u(19),
    reportLag: 20 + Math.floor(u(13) * 20),
    reportTime: u(14) < 0.5 ? 'BMO' : 'AMC',
  };
}

/** The weekday a quarter's results come out. */
export function reportDay(m: CompanyModel, q: QuarterId): number {
  let d =
    quarterEnd(q) + m.reportLag + Math.floor(uniformAt(m.key, q, 15) * 6) + (quarterNumber(q) === 4 ? 10 : 0);
  while (!isTradingDay(d) || weekday(d) === 5) d++;
  return d;
}

/** Per-quarter noise of a named line item (standard normal). */
// hash3 + normalOfHash is normalAt of the three words, without its rest-parameter array (books of the
// whole universe are built when a screener first values it).
export const quarterNoise = (m: CompanyModel, q: QuarterId, item: number): number =>
  normalOfHash(hash3(m.key, q, item));

export const periodEndText = (q: QuarterId): string => dateText(quarterEnd(q));
