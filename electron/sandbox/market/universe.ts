import type { UniverseEntry } from './market-view';
import { hashText, uniformAt } from './prng';
import { ETF_ROWS, type EtfRow } from './universe-etfs';
import { STOCK_ROWS } from './universe-stocks';

/**
 * The simulated universe: real US stocks and ETFs with stable instrument ids (a hash of the
 * ticker, so adding symbols never renumbers the others) and the reference seeds the price path,
 * screeners and fundamentals derive from.
 */
export interface FundSeed {
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
    fund: { issuer: r.issuer, inception: r.inception, expenseRatioPct: r.expenseRatioPct, benchmark: r.benchmark, basis: r.basis },
  };
}

function buildUniverse(): UniverseSeed[] {
  const stocks = STOCK_ROWS.map(([symbol, name, exchange, sector, industry, refPrice, volatility, sharesBn, dividendYieldPct]): UniverseSeed => {
    const shares = Math.round(sharesBn * 1e9);
    return {
      symbol,
      instrument_id: instrumentIdOf(symbol),
      name,
      category: 'US_STOCK',
      exchange,
      sector,
      industry,
      refPrice,
      volatility,
      sharesOutstanding: shares,
      dividendYieldPct,
      averageVolume: averageVolume(symbol, shares, false, volatility),
    };
  });
  return [...stocks, ...ETF_ROWS.map(fromEtf)];
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
