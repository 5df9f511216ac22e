import type { QuoteUpdate } from '../../shared/ipc/streams';
import type { QuoteState } from '../streaming/quote-state';

const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/**
 * The streaming client's merged per-symbol state → the contract's `QuoteUpdate` (plain, JSON-safe,
 * decimals still strings). The depth book is cut to 10 levels: the renderer never shows more and
 * each flush carries it whole.
 */
export function quoteStateToUpdate(state: QuoteState): QuoteUpdate {
  const s = state.snapshot;
  const u: QuoteUpdate = { symbol: state.symbol, time: state.lastUpdate };
  if (s.price) u.price = s.price;
  if (s.open) u.open = s.open;
  if (s.high) u.high = s.high;
  if (s.low) u.low = s.low;
  if (s.pre_close) u.preClose = s.pre_close;
  if (s.volume) u.volume = s.volume;
  if (s.change) u.change = s.change;
  if (s.change_ratio) u.changeRatio = s.change_ratio;
  if (state.tradingSession) u.tradingSession = state.tradingSession;
  if (state.depth) {
    u.asks = state.depth.asks.slice(0, 10).map((l) => ({ price: l.price, size: l.size }));
    u.bids = state.depth.bids.slice(0, 10).map((l) => ({ price: l.price, size: l.size }));
    const bestAsk = u.asks[0];
    const bestBid = u.bids[0];
    if (bestAsk) {
      u.ask = bestAsk.price;
      u.askSize = bestAsk.size;
    }
    if (bestBid) {
      u.bid = bestBid.price;
      u.bidSize = bestBid.size;
    }
  }
  if (state.tick) {
    u.ticks = [
      {
        time: num(state.tick.time) ?? state.lastUpdate,
        price: state.tick.price,
        volume: state.tick.volume,
        side: state.tick.side,
      },
    ];
  }
  return u;
}
