import type { LiveQuote, MarketView, OptionQuote, Session, UniverseEntry } from '../../../sandbox/testing';
import { OPTION_SYMBOL_PATTERN } from '../../../shared/openapi/primitives';
import type { Category } from '../../../shared/openapi/primitives';
import { nyLocal, weekday as weekdayOf } from '../../../shared/market/calendar';

/**
 * A tiny controllable MarketView for the sandbox core's integration tests: fixed prices the test
 * moves by hand, a plain weekday New York session calendar, and option contracts on Fridays at
 * strikes that are multiples of 5. The real simulator is tested by its own suite.
 */
export interface StubMarket extends MarketView {
  setPrice(symbol: string, price: string): void;
  setOptionMark(optionSymbol: string, mark: string): void;
}

const ENTRIES: Array<[string, string, Category, string]> = [
  ['AAPL', 'Apple Inc.', 'US_STOCK', '230.00'],
  ['MSFT', 'Microsoft Corporation', 'US_STOCK', '420.00'],
  ['NVDA', 'NVIDIA Corporation', 'US_STOCK', '140.00'],
  ['AMZN', 'Amazon.com, Inc.', 'US_STOCK', '200.00'],
  ['GOOGL', 'Alphabet Inc.', 'US_STOCK', '170.00'],
  ['TSLA', 'Tesla, Inc.', 'US_STOCK', '250.00'],
  ['META', 'Meta Platforms, Inc.', 'US_STOCK', '560.00'],
  ['JPM', 'JPMorgan Chase & Co.', 'US_STOCK', '210.00'],
  ['KO', 'The Coca-Cola Company', 'US_STOCK', '64.00'],
  ['SPY', 'SPDR S&P 500 ETF Trust', 'US_ETF', '590.00'],
  ['QQQ', 'Invesco QQQ Trust', 'US_ETF', '500.00'],
  ['F', 'Ford Motor Company', 'US_STOCK', '10.00'],
];

export interface StubMarketOptions {
  /**
   * Move every price one cent per `tickMs` in a saw-tooth (and volume by 100), so a quote stream
   * has something to push without a test moving prices by hand (the streaming suites).
   */
  tickMs?: number;
}

export function createStubMarket(clock: () => number = Date.now, opts: StubMarketOptions = {}): StubMarket {
  const universe: UniverseEntry[] = ENTRIES.map(([symbol, name, category, refPrice], i) => ({
    symbol,
    instrument_id: String(913256135 + i),
    name,
    category,
    exchange: category === 'US_ETF' ? 'NYSEARCA' : 'NASDAQ',
    sector: 'Technology',
    industry: 'Software',
    refPrice,
    volatility: 0.3,
  }));
  const prices = new Map(universe.map((u) => [u.symbol, u.refPrice]));
  const optionMarks = new Map<string, string>();
  const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

  const session = (at = clock()): Session => {
    const { day, minute: minutes } = nyLocal(at);
    const weekday = weekdayOf(day);
    if (weekday === 0 || weekday === 6) return 'CLOSED';
    if (minutes >= 4 * 60 && minutes < 9 * 60 + 30) return 'PRE';
    if (minutes >= 9 * 60 + 30 && minutes < 16 * 60) return 'RTH';
    if (minutes >= 16 * 60 && minutes < 20 * 60) return 'ATH';
    return 'OVN';
  };

  return {
    now: clock,
    universe: () => universe,
    lookup: (symbol) => universe.find((u) => u.symbol === symbol),
    session,
    quote(symbol, at): LiveQuote | undefined {
      const entry = universe.find((u) => u.symbol === symbol);
      const set = prices.get(symbol);
      if (!entry || set === undefined) return undefined;
      const step = opts.tickMs ? Math.floor((at ?? clock()) / opts.tickMs) : 0;
      const n = Number(set) + (step % 100) / 100;
      const price = cents(n);
      return {
        symbol,
        instrument_id: entry.instrument_id,
        price,
        bid: cents(n - 0.01),
        ask: cents(n + 0.01),
        bidSize: '100',
        askSize: '100',
        volume: String(1_000_000 + (step % 100_000) * 100),
        open: entry.refPrice,
        high: price,
        low: price,
        preClose: entry.refPrice,
        time: at ?? clock(),
        session: session(at),
      };
    },
    optionQuote(optionSymbol): OptionQuote | undefined {
      const m = OPTION_SYMBOL_PATTERN.exec(optionSymbol);
      if (!m) return undefined;
      const [, underlying = '', yymmdd = '', cp = '', strikeText = ''] = m;
      if (!prices.has(underlying)) return undefined;
      const expiry = Date.UTC(
        2000 + Number(yymmdd.slice(0, 2)),
        Number(yymmdd.slice(2, 4)) - 1,
        Number(yymmdd.slice(4, 6)),
      );
      const strike = Number(strikeText) / 1000;
      if (new Date(expiry).getUTCDay() !== 5 || strike % 5 !== 0 || expiry < clock() - 86_400_000)
        return undefined;
      const spot = Number(prices.get(underlying));
      const intrinsic = cp === 'C' ? Math.max(0, spot - strike) : Math.max(0, strike - spot);
      const mark = Number(optionMarks.get(optionSymbol) ?? cents(intrinsic + 2));
      return {
        symbol: optionSymbol,
        underlying,
        optionType: cp === 'C' ? 'CALL' : 'PUT',
        strike: strike.toFixed(2),
        expireDate: `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`,
        bid: cents(mark - 0.05),
        ask: cents(mark + 0.05),
        mark: cents(mark),
        impliedVolatility: 0.3,
        delta: 0.5,
      };
    },
    setPrice(symbol, price) {
      prices.set(symbol, price);
    },
    setOptionMark(optionSymbol, mark) {
      optionMarks.set(optionSymbol, mark);
    },
  };
}
