/**
 * What the rest of the sandbox (trading engine, MQTT publisher) may ask of the market simulator.
 * Implemented by the simulator in this folder; everything is a pure function of (seed, symbol, time),
 * so the same seed gives the same market.
 */
import type { Session } from '../../shared/market/calendar';
import type { Category } from '../../shared/openapi/primitives';
import type { Snapshot } from '../../shared/openapi/records/market';

export type { Session };

export interface UniverseEntry {
  symbol: string;
  instrument_id: string;
  name: string;
  category: Category;
  exchange: string;
  sector: string;
  industry: string;
  /** Approximate real reference price, decimal text. */
  refPrice: string;
  /** Annualised volatility, e.g. 0.28. */
  volatility: number;
}

export interface LiveQuote {
  symbol: string;
  instrument_id: string;
  price: string;
  bid: string;
  ask: string;
  bidSize: string;
  askSize: string;
  /** Cumulative volume of the current trading day. */
  volume: string;
  open: string;
  high: string;
  low: string;
  preClose: string;
  /** Time of the last trade of any session (the one `price` is). */
  time: number;
  session: Session;
  /**
   * The HTTP snapshot record at the same instant (regular-session `price`/`change`, `ext_` and `ovn_`
   * blocks), so the streamed Snapshot and the snapshot endpoint say the same thing. A test double
   * without it streams `price` as the regular figures.
   */
  snapshot?(opts: { extendHour: boolean; overnight: boolean }): Snapshot;
  /**
   * The depth book at the same instant, as the depth endpoint serves it, so the streamed QUOTE and
   * the endpoint show one book. A test double without it streams a plain ladder.
   */
  book?(levels: number): { asks: BookLevel[]; bids: BookLevel[] };
}

/** One level of a depth book in wire form (decimal text). */
export type BookLevel = {
  price: string;
  size: string;
  orders: Array<{ mpid: string; size: string }>;
};

export interface OptionQuote {
  symbol: string;
  underlying: string;
  optionType: 'CALL' | 'PUT';
  strike: string;
  expireDate: string;
  bid: string;
  ask: string;
  mark: string;
  /** The contract's value at the underlying's previous close (what its day change is measured from). */
  preClose?: string;
  impliedVolatility: number;
  delta: number;
}

export interface MarketView {
  /** Market clock, Unix ms (SandboxOptions.marketClock: the wall clock, or a replayed session). */
  now(): number;
  universe(): readonly UniverseEntry[];
  lookup(symbol: string): UniverseEntry | undefined;
  session(at?: number): Session;
  /** Live quote of a stock/ETF at `at` (default now); undefined for an unknown symbol. */
  quote(symbol: string, at?: number): LiveQuote | undefined;
  /** Black–Scholes quote of an option contract (`AAPL261218C00150000`); undefined when unknown/expired. */
  optionQuote(optionSymbol: string, at?: number): OptionQuote | undefined;
  /**
   * Why an option symbol is not a listed contract (the part at fault: an unlisted expiry or
   * strike), or undefined when it is listed. Optional so test doubles need not implement it.
   */
  optionListingProblem?(
    optionSymbol: string,
    at?: number,
  ): { part: 'symbol' | 'underlying' | 'expiry' | 'strike'; message: string } | undefined;
}
