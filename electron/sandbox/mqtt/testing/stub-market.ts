import { Decimal } from '../../../../shared/decimal';
import type { LiveQuote, MarketView, UniverseEntry } from '../../market/market-view';

/**
 * A small deterministic MarketView for the streaming tests (the real simulator is another module):
 * the price of a symbol moves one cent per `stepMs` in a saw-tooth, volume grows by 100 a step.
 */
const UNIVERSE: UniverseEntry[] = [
  { symbol: 'AAPL', instrument_id: '913256135', name: 'Apple Inc.', category: 'US_STOCK', exchange: 'NASDAQ', sector: 'Technology', industry: 'Consumer Electronics', refPrice: '190.00', volatility: 0.25 },
  { symbol: 'MSFT', instrument_id: '913323997', name: 'Microsoft Corp.', category: 'US_STOCK', exchange: 'NASDAQ', sector: 'Technology', industry: 'Software', refPrice: '410.00', volatility: 0.22 },
  { symbol: 'SPY', instrument_id: '913243251', name: 'SPDR S&P 500 ETF', category: 'US_ETF', exchange: 'NYSE Arca', sector: 'ETF', industry: 'Index Fund', refPrice: '520.00', volatility: 0.15 },
];

export function createStubMarket(opts: { now?: () => number; stepMs?: number } = {}): MarketView {
  const now = opts.now ?? Date.now;
  const stepMs = opts.stepMs ?? 10;
  const lookup = (symbol: string) => UNIVERSE.find((u) => u.symbol === symbol);
  return {
    now,
    universe: () => UNIVERSE,
    lookup,
    session: () => 'RTH',
    quote(symbol, at = now()): LiveQuote | undefined {
      const entry = lookup(symbol);
      if (!entry) return undefined;
      const step = Math.floor(at / stepMs);
      const price = new Decimal(entry.refPrice).plus(new Decimal(step % 100).times('0.01'));
      return {
        symbol,
        instrument_id: entry.instrument_id,
        price: price.toFixed(2),
        bid: price.minus('0.01').toFixed(2),
        ask: price.plus('0.01').toFixed(2),
        bidSize: '300',
        askSize: '200',
        volume: String(1_000_000 + (step % 100_000) * 100),
        open: entry.refPrice,
        high: price.plus('1').toFixed(2),
        low: new Decimal(entry.refPrice).minus('1').toFixed(2),
        preClose: new Decimal(entry.refPrice).minus('2').toFixed(2),
        time: at,
        session: 'RTH',
      };
    },
    optionQuote: () => undefined,
  };
}
