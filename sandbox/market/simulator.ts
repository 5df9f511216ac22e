import type { QuoteDepth, Snapshot, Tick } from '../../shared/openapi/records/market';
import {
  barRecord,
  computeBars,
  type BarQuery,
  type BarRecord,
  type NumericBar,
  type TradingSession,
} from './bars';
import { sessionAt } from '../../shared/market/calendar';
import { bidAsk, depthLevels, liveState, recentTicks, type DepthLevel, type LiveState } from './live';
import type { BookLevel, LiveQuote, MarketView, OptionQuote, Session, UniverseEntry } from './market-view';
import { createOptionDesk, type OptionDesk } from './option-desk';
import { PricePaths } from './price-path';
import { centsText } from './prng';
import { snapshotRecord, type SnapshotOptions } from './snapshot';
import { syntheticSeeds } from './synthetic-universe';
import { lookupSeed, toUniverseEntry, UNIVERSE, type UniverseSeed } from './universe';

/**
 * The sandbox's market: a pure function of (seed, symbol, time). `clock` only says what "now" is;
 * every figure at a given instant is the same on every run with the same seed.
 */
export interface MarketSimulatorOptions {
  seed?: number;
  clock?: () => number;
  /** Benchmark only: this many synthetic stocks after the real universe (synthetic-universe.ts). Default 0. */
  syntheticSymbols?: number;
}

export interface MarketSimulator extends MarketView {
  readonly seed: number;
  readonly options: OptionDesk;
  /** Universe entry with the private reference seeds (shares, dividend yield, fund data). */
  seedOf(symbol: string): UniverseSeed | undefined;
  seeds(): readonly UniverseSeed[];
  paths(): PricePaths;
  live(symbol: string, at?: number): LiveState | undefined;
  snapshot(symbol: string, opts?: SnapshotOptions, at?: number): Snapshot | undefined;
  depth(symbol: string, levels: number, at?: number): QuoteDepth | undefined;
  ticks(symbol: string, count: number, sessions?: readonly TradingSession[], at?: number): Tick[] | undefined;
  bars(symbol: string, query: BarQuery, at?: number): BarRecord[] | undefined;
  numericBars(symbol: string, query: BarQuery, at?: number): NumericBar[] | undefined;
}

const ALL_SESSIONS: readonly TradingSession[] = ['OVN', 'PRE', 'RTH', 'ATH'];

export function createMarketSimulator(opts: MarketSimulatorOptions = {}): MarketSimulator {
  const seed = opts.seed ?? 42;
  const clock = opts.clock ?? Date.now;
  const synthetic = opts.syntheticSymbols ? syntheticSeeds(opts.syntheticSymbols) : [];
  const seeds: readonly UniverseSeed[] =
    synthetic.length === 0 ? UNIVERSE : Object.freeze([...UNIVERSE, ...synthetic]);
  const syntheticBySymbol = new Map(synthetic.map((s) => [s.symbol, s]));
  const seedOf = (symbol: string) => lookupSeed(symbol) ?? syntheticBySymbol.get(symbol);
  const paths = new PricePaths(seed, seeds.length);
  const options = createOptionDesk(seed, paths);
  const entries: readonly UniverseEntry[] = Object.freeze(seeds.map(toUniverseEntry));
  const entryBySymbol = new Map(entries.map((e) => [e.symbol, e]));

  const withInfo = <T>(symbol: string, fn: (info: UniverseSeed) => T): T | undefined => {
    const info = seedOf(symbol);
    return info ? fn(info) : undefined;
  };

  function quote(symbol: string, at = clock()): LiveQuote | undefined {
    return withInfo(symbol, (info) => {
      const state = liveState(paths, info, at);
      const q = bidAsk(seed, info, state, at);
      return {
        symbol,
        instrument_id: info.instrument_id,
        price: centsText(state.last),
        bid: centsText(q.bid),
        ask: centsText(q.ask),
        bidSize: String(q.bidSize),
        askSize: String(q.askSize),
        volume: String(state.regular.volume),
        open: centsText(state.regular.open),
        high: centsText(state.regular.high),
        low: centsText(state.regular.low),
        preClose: centsText(state.preClose),
        time: state.lastTime,
        session: state.session,
        snapshot: (snapOpts) => snapshotRecord(info, state, q, snapOpts),
        book: (levels) => bookRecord(depthLevels(seed, info, state, at, levels, q)),
      };
    });
  }

  return {
    seed,
    options,
    now: () => clock(),
    universe: () => entries,
    lookup: (symbol) => entryBySymbol.get(symbol),
    session: (at?: number): Session => sessionAt(at ?? clock()),
    quote,
    optionQuote: (optionSymbol: string, at?: number): OptionQuote | undefined =>
      options.quote(optionSymbol, at ?? clock()),
    optionListingProblem: (optionSymbol: string, at?: number) =>
      options.listingProblem(optionSymbol, at ?? clock()),
    seedOf,
    seeds: () => seeds,
    paths: () => paths,
    live: (symbol, at = clock()) => withInfo(symbol, (info) => liveState(paths, info, at)),
    snapshot: (symbol, snapOpts = {}, at = clock()) =>
      withInfo(symbol, (info) => {
        const state = liveState(paths, info, at);
        return snapshotRecord(info, state, bidAsk(seed, info, state, at), snapOpts);
      }),
    depth: (symbol, levels, at = clock()) =>
      withInfo(symbol, (info) => {
        const state = liveState(paths, info, at);
        return {
          symbol,
          instrument_id: info.instrument_id,
          quote_time: at,
          ...bookRecord(depthLevels(seed, info, state, at, levels)),
        };
      }),
    ticks: (symbol, count, sessions = ALL_SESSIONS, at = clock()) =>
      withInfo(symbol, (info) =>
        recentTicks(paths, info, at, count, sessions).map((t) => ({
          time: t.time,
          price: centsText(t.price),
          volume: String(t.volume),
          side: t.side,
          trading_session: t.session,
        })),
      ),
    bars: (symbol, query, at = clock()) =>
      withInfo(symbol, (info) => computeBars(paths, info, query, at).map(barRecord)),
    numericBars: (symbol, query, at = clock()) =>
      withInfo(symbol, (info) => computeBars(paths, info, query, at)),
  };
}

/** The simulator's book (cents, share counts) in wire form: what the depth endpoint and QUOTE carry. */
function bookRecord(book: { asks: DepthLevel[]; bids: DepthLevel[] }): {
  asks: BookLevel[];
  bids: BookLevel[];
} {
  const level = (l: DepthLevel): BookLevel => ({
    price: centsText(l.price),
    size: String(l.size),
    orders: l.orders.map((o) => ({ mpid: o.mpid, size: String(o.size) })),
  });
  return { asks: book.asks.map(level), bids: book.bids.map(level) };
}
