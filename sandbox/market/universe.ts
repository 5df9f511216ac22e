import type { UniverseEntry } from './market-view';
import { hashText, uniformAt } from './prng';
import type { EtfRow } from '../data/schemas';
import { ETFS, HAND_STOCKS, MIDCAP_400, NASDAQ_100, SP500, type StockData } from './universe-data';

/**
 * The simulated universe: real US stocks and ETFs with stable instrument ids (a hash of the
 * ticker, so adding symbols never renumbers the others) and the reference seeds the price path,
 * screeners and fundamentals derive from. Membership as of {@link UNIVERSE_AS_OF}: the S&P 500,
 * the Nasdaq-100 and the S&P MidCap 400, plus about a hundred of the most traded ETFs and a few
 * much-traded stocks outside those indexes (docs/sandbox-market.md). The reference data are JSON
 * files under sandbox/data/ (./universe-data.ts); what is derived from them is code.
 */
export const UNIVERSE_AS_OF = '2025-06-30';

/** The indexes a stock belongs to (fund holdings are drawn from these). */
type IndexName = 'SP500' | 'NDX' | 'MIDCAP400';

interface FundSeed {
  issuer: string;
  inception: string;
  expenseRatioPct: string;
  benchmark: string;
  basis: string;
}

export interface UniverseSeed extends UniverseEntry {
  /** Shares (or ETF units) outstanding. */
  sharesOutstanding: number;
  /** Trailing dividend / distribution yield in percent at the reference price. */
  dividendYieldPct: number;
  /** Typical regular-session volume in shares. */
  averageVolume: number;
  /** Index memberships as of UNIVERSE_AS_OF (empty for ETFs and unindexed stocks). */
  indexes: readonly IndexName[];
  fund?: FundSeed;
}

export function instrumentIdOf(symbol: string): string {
  return String(100_000_000 + (hashText(`instrument:${symbol}`) % 900_000_000));
}

/** Stocks trade ~0.3–1.2 % of their shares a day; ETFs far more of their units (creations/redemptions). */
function averageVolume(symbol: string, sharesOutstanding: number, etf: boolean, volatility: number): number {
  const u = uniformAt(hashText(`adv:${symbol}`));
  const turnover = etf ? 0.03 + 0.06 * u : (0.003 + 0.009 * u) * (0.6 + volatility * 1.5);
  return Math.max(20_000, Math.round(sharesOutstanding * turnover));
}

function fromEtf(r: EtfRow): UniverseSeed {
  const shares = Math.round(r.sharesBn * 1e9);
  return {
    symbol: r.symbol,
    instrument_id: instrumentIdOf(r.symbol),
    name: r.name,
    category: 'US_ETF',
    exchange: r.exchange,
    sector: r.sector,
    industry: r.industry,
    refPrice: r.refPrice,
    volatility: r.volatility,
    sharesOutstanding: shares,
    dividendYieldPct: r.dividendYieldPct,
    averageVolume: averageVolume(r.symbol, shares, true, r.volatility),
    indexes: [],
    fund: {
      issuer: r.issuer,
      inception: r.inception,
      expenseRatioPct: r.expenseRatioPct,
      benchmark: r.benchmark,
      basis: r.basis,
    },
  };
}

function fromStock(r: StockData, indexes: readonly IndexName[]): UniverseSeed {
  const shares = Math.round(r.sharesBn * 1e9);
  return {
    symbol: r.symbol,
    instrument_id: instrumentIdOf(r.symbol),
    name: r.name,
    category: 'US_STOCK',
    exchange: r.exchange,
    sector: r.sector,
    industry: r.industry,
    refPrice: r.refPrice,
    volatility: r.volatility,
    sharesOutstanding: shares,
    dividendYieldPct: r.dividendYieldPct,
    averageVolume: averageVolume(r.symbol, shares, false, r.volatility),
    indexes,
  };
}

function buildUniverse(): UniverseSeed[] {
  const membership = new Map<string, IndexName[]>();
  const join = (index: IndexName, symbols: readonly string[]) => {
    for (const s of symbols) membership.set(s, [...(membership.get(s) ?? []), index]);
  };
  join('SP500', [...SP500.members, ...SP500.rows.map((r) => r.symbol)]);
  join('NDX', NASDAQ_100.members);
  join('MIDCAP400', [...MIDCAP_400.members, ...MIDCAP_400.rows.map((r) => r.symbol)]);
  // The hand-tuned rows come first; a ticker listed again (in a second index) keeps its first row.
  const seen = new Set<string>();
  const stocks: UniverseSeed[] = [];
  for (const r of [...HAND_STOCKS, ...SP500.rows, ...NASDAQ_100.rows, ...MIDCAP_400.rows]) {
    if (seen.has(r.symbol)) continue;
    seen.add(r.symbol);
    stocks.push(fromStock(r, membership.get(r.symbol) ?? []));
  }
  return [...stocks, ...ETFS.filter((r) => !seen.has(r.symbol)).map(fromEtf)];
}

export const UNIVERSE: readonly UniverseSeed[] = Object.freeze(buildUniverse());
const bySymbol = new Map(UNIVERSE.map((u) => [u.symbol, u]));

export const lookupSeed = (symbol: string): UniverseSeed | undefined => bySymbol.get(symbol);

/** The public view (MarketView.universe): the seed without the private reference fields. */
export function toUniverseEntry(s: UniverseSeed): UniverseEntry {
  return {
    symbol: s.symbol,
    instrument_id: s.instrument_id,
    name: s.name,
    category: s.category,
    exchange: s.exchange,
    sector: s.sector,
    industry: s.industry,
    refPrice: s.refPrice,
    volatility: s.volatility,
  };
}

/** A URL-safe id for a sector or industry name (screeners' sector_id). */
export const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
