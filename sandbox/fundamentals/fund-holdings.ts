import { regularDayAt, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import { mapInSlices } from '../market/slices';
import type { MarketSimulator } from '../market/simulator';
import type { UniverseSeed } from '../market/universe';

/**
 * ETF holdings. Index equity funds hold every universe member of their index (S&P 500, Nasdaq-100,
 * MidCap 400, a sector of the S&P 500, an industry), weighted by market cap as their indexes are
 * (the Dow by price, an equal-weight fund equally). A fund whose real portfolio reaches beyond the
 * universe (a total-market or style fund) lists the universe part at its real share and one
 * "other holdings" line for the rest. Other funds hold fixed baskets of bonds, metal, futures,
 * swaps or foreign shares. `inUniverse` says whether a holding can be quoted here. Weights are
 * integers in millionths of the fund, summed to exactly 100 % by largest remainder.
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
  /** Whether the holding is an instrument of the sandbox's universe. */
  inUniverse: boolean;
}

/**
 * The funds' real holding counts (issuer fact sheets, mid-2025, rounded) and the share of the
 * portfolio the universe covers when it is less than all of it.
 */
const FUND_FACTS: Record<string, { count: number; covered?: number }> = {
  SPY: { count: 503 },
  IVV: { count: 503 },
  VOO: { count: 505 },
  SPLG: { count: 503 },
  RSP: { count: 503 },
  SPXL: { count: 503 },
  UPRO: { count: 503 },
  QQQ: { count: 101 },
  TQQQ: { count: 101 },
  DIA: { count: 30 },
  IJH: { count: 401 },
  MDY: { count: 401 },
  VTI: { count: 3550, covered: 0.86 },
  VUG: { count: 165, covered: 0.95 },
  VTV: { count: 330, covered: 0.93 },
  IWF: { count: 390, covered: 0.93 },
  IWD: { count: 870, covered: 0.85 },
  SCHD: { count: 103, covered: 0.9 },
  VIG: { count: 340, covered: 0.9 },
  VYM: { count: 580, covered: 0.88 },
  VGT: { count: 320, covered: 0.92 },
  VNQ: { count: 155, covered: 0.85 },
  IYR: { count: 65, covered: 0.93 },
  XLK: { count: 68 },
  XLF: { count: 73 },
  XLE: { count: 22 },
  XLV: { count: 60 },
  XLY: { count: 50 },
  XLP: { count: 37 },
  XLI: { count: 78 },
  XLU: { count: 31 },
  XLB: { count: 26 },
  XLRE: { count: 31 },
  XLC: { count: 23 },
  SMH: { count: 26, covered: 0.8 },
  SOXX: { count: 30, covered: 0.9 },
  SOXL: { count: 30, covered: 0.9 },
  KRE: { count: 140, covered: 0.55 },
  KBE: { count: 95, covered: 0.65 },
  XBI: { count: 140, covered: 0.5 },
  IBB: { count: 260, covered: 0.7 },
  XOP: { count: 50, covered: 0.85 },
  OIH: { count: 25, covered: 0.85 },
  XRT: { count: 75, covered: 0.7 },
  XHB: { count: 35, covered: 0.8 },
  ITB: { count: 45, covered: 0.85 },
  JETS: { count: 50, covered: 0.7 },
  ARKK: { count: 35, covered: 0.6 },
};

type Line = [symbol: string, name: string, sector: string, region: string, baseWeight: number];

const DOW = [
  'AAPL',
  'AMGN',
  'AMZN',
  'AXP',
  'BA',
  'CAT',
  'CRM',
  'CSCO',
  'CVX',
  'DIS',
  'GS',
  'HD',
  'HON',
  'IBM',
  'JNJ',
  'JPM',
  'KO',
  'MCD',
  'MMM',
  'MRK',
  'MSFT',
  'NKE',
  'NVDA',
  'PG',
  'SHW',
  'UNH',
  'V',
  'VZ',
  'WMT',
];

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
  SYNTHETIC: [
    ['SWAP', 'Total return swaps on the reference index or stock', 'Derivatives', 'United States', 70],
    ['USD', 'Cash and Treasury bills (collateral)', 'Cash', 'United States', 30],
  ],
  VIX: [
    ['VX-F1', 'Cboe VIX Futures (front month)', 'Volatility Futures', 'United States', 55],
    ['VX-F2', 'Cboe VIX Futures (second month)', 'Volatility Futures', 'United States', 45],
  ],
  BITCOIN: [['XBT', 'Bitcoin (spot, held in custody)', 'Digital Assets', 'United States', 100]],
  ETHER: [['ETH', 'Ether (spot, held in custody)', 'Digital Assets', 'United States', 100]],
  GOLD_MINERS: [
    ['NEM', 'Newmont Corporation', 'Materials', 'United States', 14],
    ['AEM', 'Agnico Eagle Mines Limited', 'Materials', 'Canada', 12],
    ['WPM', 'Wheaton Precious Metals Corp.', 'Materials', 'Canada', 8],
    ['ABX', 'Barrick Mining Corporation', 'Materials', 'Canada', 7],
    ['FNV', 'Franco-Nevada Corporation', 'Materials', 'Canada', 6],
    ['RGLD', 'Royal Gold, Inc.', 'Materials', 'United States', 4],
    ['GFI', 'Gold Fields Limited', 'Materials', 'South Africa', 4],
    ['KGC', 'Kinross Gold Corporation', 'Materials', 'Canada', 4],
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
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left--;
  }
  return floors;
}

function equityMembers(sim: MarketSimulator, basis: string): UniverseSeed[] {
  const stocks = sim.seeds().filter((s) => s.category === 'US_STOCK');
  const inIndex = (s: UniverseSeed, i: string) => s.indexes.some((x) => x === i);
  const large = (s: UniverseSeed) => inIndex(s, 'SP500') || inIndex(s, 'NDX');
  if (basis === 'ALL') return stocks.filter((s) => s.indexes.length > 0);
  if (basis === 'SP500' || basis === 'SP500_EQUAL') return stocks.filter((s) => inIndex(s, 'SP500'));
  if (basis === 'NDX' || basis === 'NASDAQ') return stocks.filter((s) => inIndex(s, 'NDX'));
  if (basis === 'MIDCAP') return stocks.filter((s) => inIndex(s, 'MIDCAP400'));
  if (basis === 'DOW') return stocks.filter((s) => DOW.includes(s.symbol));
  if (basis === 'GROWTH') return stocks.filter((s) => large(s) && s.dividendYieldPct < 1);
  if (basis === 'VALUE') return stocks.filter((s) => large(s) && s.dividendYieldPct >= 1.5);
  if (basis === 'DIVIDEND') return stocks.filter((s) => large(s) && s.dividendYieldPct >= 2.5);
  if (basis === 'THEMATIC') return stocks.filter((s) => s.volatility >= 0.5);
  if (basis.startsWith('SP500_SECTOR:'))
    return stocks.filter((s) => inIndex(s, 'SP500') && s.sector === basis.slice(13));
  if (basis.startsWith('SECTOR:')) return stocks.filter((s) => s.sector === basis.slice(7));
  if (basis.startsWith('INDUSTRY:')) return stocks.filter((s) => s.industry === basis.slice(9));
  return [];
}

/** The fund's real number of holdings (its fact sheet's), or the number it lists here. */
export function holdingsCountOf(fund: UniverseSeed, listed: readonly Holding[]): number {
  return FUND_FACTS[fund.symbol]?.count ?? listed.length;
}

/**
 * Computes what fundHoldingsOf reads of each member (its previous close) in slices, so that the
 * synchronous call after it is cheap even for a total-market fund on a cold sandbox.
 */
export async function warmHoldings(sim: MarketSimulator, fund: UniverseSeed, now: number): Promise<void> {
  const previous = tradingIndexOnOrBefore(regularDayAt(now)) - 1;
  await mapInSlices(equityMembers(sim, fund.fund?.basis ?? 'ALL'), (s) =>
    sim.paths().model(s).close(previous),
  );
}

export function fundHoldingsOf(sim: MarketSimulator, fund: UniverseSeed, now: number): Holding[] {
  const basis = fund.fund?.basis ?? 'ALL';
  const basket = BASKETS[basis];
  if (basket) {
    const w = millionths(basket.map((l) => l[4]));
    return basket.map(([symbol, name, sector, region], i) => ({
      symbol,
      name,
      sector,
      region,
      weight: w[i] ?? 0,
      inUniverse: sim.seedOf(symbol) !== undefined,
    }));
  }
  // The previous close alone (what a live state's preClose is), without the live state's intraday path.
  const previous = tradingIndexOnOrBefore(regularDayAt(now)) - 1;
  const members = equityMembers(sim, basis).map((s) => {
    const price = sim.paths().model(s).close(previous);
    return {
      s,
      price,
      raw: basis === 'DOW' ? price : basis === 'SP500_EQUAL' ? 1 : price * s.sharesOutstanding,
    };
  });
  members.sort((a, b) => b.raw - a.raw || a.s.symbol.localeCompare(b.s.symbol));
  const covered = FUND_FACTS[fund.symbol]?.covered ?? 1;
  const total = members.reduce((a, m) => a + m.raw, 0);
  const rest = covered < 1 ? [total * (1 / covered - 1)] : [];
  const w = millionths([...members.map((m) => m.raw), ...rest]);
  const out: Holding[] = members.map((m, i) => ({
    symbol: m.s.symbol,
    name: m.s.name,
    sector: m.s.sector,
    region: 'United States',
    weight: w[i] ?? 0,
    priceCents: m.price,
    inUniverse: true,
  }));
  if (rest.length > 0)
    out.push({
      symbol: 'OTHER',
      name: 'Other holdings (not in the sandbox universe)',
      sector: 'Other',
      region: 'United States',
      weight: w[members.length] ?? 0,
      inUniverse: false,
    });
  return out;
}

/** Weight in percent with four decimals ("12.3456"), exact from millionths. */
export const weightText = (millionth: number): string =>
  `${Math.floor(millionth / 10_000)}.${String(millionth % 10_000).padStart(4, '0')}`;
