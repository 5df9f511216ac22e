import { regularDayAt, tradingIndexOnOrBefore } from '../../shared/market/calendar';
import { mapInSlices } from '../market/slices';
import type { MarketSimulator } from '../market/simulator';
import type { UniverseSeed } from '../market/universe';
import { readDataFile } from '../data/data-file';
import { dowFile, fundBasketsFile, fundFactsFile } from '../data/schemas';
import basketsJson from '../data/fund-baskets.json';
import fundFactsJson from '../data/fund-facts.json';
import dowJson from '../data/index-dow.json';

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

/** The reference data (docs/sandbox.md "Reference data"), checked as this module loads. */
const FUND_FACTS: Record<string, { count: number; covered?: number }> = Object.fromEntries(
  readDataFile('sandbox/data/fund-facts.json', fundFactsJson, fundFactsFile).rows.map((r) => [
    r.symbol,
    { count: r.count, covered: r.covered },
  ]),
);

const DOW: readonly string[] = readDataFile('sandbox/data/index-dow.json', dowJson, dowFile).members;

type Line = [symbol: string, name: string, sector: string, region: string, baseWeight: number];

const BASKETS: Record<string, Line[]> = {};
for (const r of readDataFile('sandbox/data/fund-baskets.json', basketsJson, fundBasketsFile).rows)
  (BASKETS[r.basket] ??= []).push([r.symbol, r.name, r.sector, r.region, r.weight]);

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
