import type { MarketSimulator } from '../market/simulator';
import type { UniverseSeed } from '../market/universe';

/**
 * Synthetic ETF holdings. Equity funds hold universe stocks chosen by their basis (all, NASDAQ
 * listings, the Dow, a sector or an industry), weighted by market cap (the Dow by price) and cut to
 * the 50 largest; other funds hold fixed baskets of bonds, metal, futures or foreign shares. Weights
 * are integers in millionths of the fund, summed to exactly 100 % by largest remainder.
 */

export interface Holding {
  symbol: string;
  name: string;
  sector: string;
  region: string;
  /** Millionths of the fund (1,000,000 = 100 %). */
  weight: number;
  /** Price in cents, when the holding is a universe stock. */
  priceCents?: number;
}

type Line = [symbol: string, name: string, sector: string, region: string, baseWeight: number];

const DOW = ['AAPL', 'AMGN', 'AMZN', 'AXP', 'BA', 'CAT', 'CRM', 'CSCO', 'CVX', 'DIS', 'GS', 'HD', 'HON', 'IBM', 'JNJ', 'JPM', 'KO', 'MCD', 'MMM', 'MRK', 'MSFT', 'NKE', 'NVDA', 'PG', 'SHW', 'UNH', 'V', 'VZ', 'WMT'];
const MAX_EQUITY_HOLDINGS = 50;

const BASKETS: Record<string, Line[]> = {
  TREASURY: [
    ['UST-2054-05', 'United States Treasury 4.625% 15-May-2054', 'Government', 'United States', 14],
    ['UST-2053-11', 'United States Treasury 4.75% 15-Nov-2053', 'Government', 'United States', 13],
    ['UST-2052-08', 'United States Treasury 3.00% 15-Aug-2052', 'Government', 'United States', 12],
    ['UST-2051-05', 'United States Treasury 2.375% 15-May-2051', 'Government', 'United States', 12],
    ['UST-2050-02', 'United States Treasury 2.00% 15-Feb-2050', 'Government', 'United States', 11],
    ['UST-2048-11', 'United States Treasury 3.375% 15-Nov-2048', 'Government', 'United States', 10],
    ['UST-2046-08', 'United States Treasury 2.25% 15-Aug-2046', 'Government', 'United States', 9],
    ['UST-2044-05', 'United States Treasury 3.375% 15-May-2044', 'Government', 'United States', 9],
    ['USD', 'Cash and cash equivalents', 'Cash', 'United States', 1],
  ],
  CORPORATE: [
    ['JPM-2033', 'JPMorgan Chase & Co. 5.35% 2034', 'Financials', 'United States', 12],
    ['BAC-2035', 'Bank of America Corp. 5.47% 2035', 'Financials', 'United States', 11],
    ['T-2055', 'AT&T Inc. 3.55% 2055', 'Communications', 'United States', 10],
    ['PFE-2053', 'Pfizer Investment Enterprises 5.30% 2053', 'Health Care', 'United States', 10],
    ['CVS-2048', 'CVS Health Corp. 5.05% 2048', 'Health Care', 'United States', 9],
    ['AAPL-2046', 'Apple Inc. 4.65% 2046', 'Technology', 'United States', 9],
    ['MSFT-2050', 'Microsoft Corp. 2.92% 2052', 'Technology', 'United States', 9],
    ['VZ-2041', 'Verizon Communications 3.40% 2041', 'Communications', 'United States', 9],
    ['GS-2032', 'Goldman Sachs Group 3.10% 2032', 'Financials', 'United States', 8],
    ['USD', 'Cash and cash equivalents', 'Cash', 'United States', 1],
  ],
  HIGH_YIELD: [
    ['CHTR-2030', 'CCO Holdings 4.75% 2030', 'Communications', 'United States', 12],
    ['CCL-2028', 'Carnival Corp. 4.00% 2028', 'Consumer Cyclical', 'United States', 11],
    ['F-2031', 'Ford Motor Credit 4.00% 2031', 'Consumer Cyclical', 'United States', 11],
    ['RCL-2029', 'Royal Caribbean Cruises 5.50% 2028', 'Consumer Cyclical', 'United States', 10],
    ['OXY-2031', 'Occidental Petroleum 6.125% 2031', 'Energy', 'United States', 10],
    ['UAL-2029', 'United Airlines 4.625% 2029', 'Transportation', 'United States', 10],
    ['WBD-2030', 'Warner Bros. Discovery 4.054% 2029', 'Communications', 'United States', 9],
    ['USD', 'Cash and cash equivalents', 'Cash', 'United States', 2],
  ],
  AGGREGATE: [
    ['UST-2030', 'United States Treasury 4.00% 2030', 'Government', 'United States', 25],
    ['UST-2034', 'United States Treasury 4.375% 2034', 'Government', 'United States', 18],
    ['FNMA-30Y', 'Fannie Mae 30-year MBS 5.5%', 'Securitized', 'United States', 14],
    ['FHLMC-30Y', 'Freddie Mac 30-year MBS 5.0%', 'Securitized', 'United States', 12],
    ['GNMA-30Y', 'Ginnie Mae II 30-year MBS 4.5%', 'Securitized', 'United States', 9],
    ['JPM-2033', 'JPMorgan Chase & Co. 5.35% 2034', 'Corporate', 'United States', 8],
    ['AAPL-2046', 'Apple Inc. 4.65% 2046', 'Corporate', 'United States', 7],
    ['USD', 'Cash and cash equivalents', 'Cash', 'United States', 1],
  ],
  GOLD: [['XAU', 'Gold bullion (London Good Delivery bars)', 'Precious Metals', 'United Kingdom', 100]],
  SILVER: [['XAG', 'Silver bullion (London Good Delivery bars)', 'Precious Metals', 'United Kingdom', 100]],
  OIL: [
    ['CL-F1', 'WTI Crude Oil Futures (front month)', 'Energy Commodities', 'United States', 78],
    ['USD', 'Cash and Treasury bills (collateral)', 'Cash', 'United States', 22],
  ],
  DEVELOPED: [
    ['ASML', 'ASML Holding N.V.', 'Information Technology', 'Netherlands', 20],
    ['NOVO-B', 'Novo Nordisk A/S', 'Health Care', 'Denmark', 18],
    ['NESN', 'Nestlé S.A.', 'Consumer Staples', 'Switzerland', 16],
    ['SAP', 'SAP SE', 'Information Technology', 'Germany', 16],
    ['7203', 'Toyota Motor Corporation', 'Consumer Discretionary', 'Japan', 14],
    ['AZN', 'AstraZeneca PLC', 'Health Care', 'United Kingdom', 14],
    ['SHEL', 'Shell plc', 'Energy', 'United Kingdom', 13],
    ['MC', 'LVMH Moët Hennessy Louis Vuitton SE', 'Consumer Discretionary', 'France', 12],
    ['6758', 'Sony Group Corporation', 'Consumer Discretionary', 'Japan', 10],
    ['HSBA', 'HSBC Holdings plc', 'Financials', 'United Kingdom', 10],
  ],
  EMERGING: [
    ['2330', 'Taiwan Semiconductor Manufacturing Co.', 'Information Technology', 'Taiwan', 28],
    ['0700', 'Tencent Holdings Ltd.', 'Communication Services', 'China', 18],
    ['005930', 'Samsung Electronics Co.', 'Information Technology', 'South Korea', 12],
    ['9988', 'Alibaba Group Holding Ltd.', 'Consumer Discretionary', 'China', 10],
    ['RELIANCE', 'Reliance Industries Ltd.', 'Energy', 'India', 8],
    ['HDFCBANK', 'HDFC Bank Ltd.', 'Financials', 'India', 7],
    ['3690', 'Meituan', 'Consumer Discretionary', 'China', 6],
    ['INFY', 'Infosys Ltd.', 'Information Technology', 'India', 6],
    ['VALE3', 'Vale S.A.', 'Materials', 'Brazil', 5],
  ],
  SMALL_CAP: [
    ['FN', 'Fabrinet', 'Information Technology', 'United States', 10],
    ['INSM', 'Insmed Incorporated', 'Health Care', 'United States', 10],
    ['SFM', 'Sprouts Farmers Market, Inc.', 'Consumer Staples', 'United States', 9],
    ['CRDO', 'Credo Technology Group', 'Information Technology', 'United States', 9],
    ['AIT', 'Applied Industrial Technologies', 'Industrials', 'United States', 8],
    ['HIMS', 'Hims & Hers Health, Inc.', 'Health Care', 'United States', 8],
    ['IONQ', 'IonQ, Inc.', 'Information Technology', 'United States', 7],
    ['RKLB', 'Rocket Lab USA, Inc.', 'Industrials', 'United States', 7],
    ['ENSG', 'The Ensign Group, Inc.', 'Health Care', 'United States', 6],
    ['MLI', 'Mueller Industries, Inc.', 'Industrials', 'United States', 6],
  ],
};

/** Integer weights in millionths that sum to exactly 1,000,000 (largest remainder). */
export function millionths(raw: readonly number[]): number[] {
  const total = raw.reduce((a, b) => a + b, 0);
  if (total <= 0) return raw.map(() => 0);
  const exact = raw.map((r) => (r / total) * 1_000_000);
  const floors = exact.map(Math.floor);
  let left = 1_000_000 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left--;
  }
  return floors;
}

function equityMembers(sim: MarketSimulator, basis: string): UniverseSeed[] {
  const stocks = sim.seeds().filter((s) => s.category === 'US_STOCK');
  if (basis === 'ALL') return stocks;
  if (basis === 'NASDAQ') return stocks.filter((s) => s.exchange === 'NASDAQ');
  if (basis === 'DOW') return stocks.filter((s) => DOW.includes(s.symbol));
  if (basis === 'THEMATIC') return stocks.filter((s) => s.volatility >= 0.5);
  if (basis.startsWith('SECTOR:')) return stocks.filter((s) => s.sector === basis.slice(7));
  if (basis.startsWith('INDUSTRY:')) return stocks.filter((s) => s.industry === basis.slice(9));
  return [];
}

export function fundHoldingsOf(sim: MarketSimulator, fund: UniverseSeed, now: number): Holding[] {
  const basis = fund.fund?.basis ?? 'ALL';
  const basket = BASKETS[basis];
  if (basket) {
    const w = millionths(basket.map((l) => l[4]));
    return basket.map(([symbol, name, sector, region], i) => ({ symbol, name, sector, region, weight: w[i] ?? 0 }));
  }
  const members = equityMembers(sim, basis).map((s) => {
    const price = sim.live(s.symbol, now)?.preClose ?? Math.round(Number(s.refPrice) * 100);
    return { s, price, raw: basis === 'DOW' ? price : price * s.sharesOutstanding };
  });
  members.sort((a, b) => b.raw - a.raw || a.s.symbol.localeCompare(b.s.symbol));
  const top = members.slice(0, MAX_EQUITY_HOLDINGS);
  const w = millionths(top.map((m) => m.raw));
  return top.map((m, i) => ({ symbol: m.s.symbol, name: m.s.name, sector: m.s.sector, region: 'United States', weight: w[i] ?? 0, priceCents: m.price }));
}

/** Weight in percent with four decimals ("12.3456"), exact from millionths. */
export const weightText = (millionth: number): string => `${Math.floor(millionth / 10_000)}.${String(millionth % 10_000).padStart(4, '0')}`;
