import type { QuoteUpdate } from '../../shared/ipc/streams';
import { nyLocal } from '../../shared/market/calendar';
import type { QuoteState } from '../streaming/quote-state';

const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/**
 * The wire's `ext_` block does not say which extended session it is; its trade time does. The
 * pre-market runs 04:00–09:30 New York and the after-hours 16:00–20:00 (13:00–17:00 on an early
 * close), so a trade before noon New York is pre-market (its 09:30 end included).
 */
export function extSessionOf(tradeTime: number): 'PRE' | 'ATH' {
  return nyLocal(tradeTime).minute < 12 * 60 ? 'PRE' : 'ATH';
}

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
  const tradeTime = num(s.trade_time);
  if (tradeTime !== undefined) u.tradeTime = tradeTime;
  const extTime = num(s.ext_trade_time);
  if (s.ext_price && extTime !== undefined) {
    u.extSession = extSessionOf(extTime);
    u.extTradeTime = extTime;
    u.extPrice = s.ext_price;
    if (s.ext_change) u.extChange = s.ext_change;
    if (s.ext_change_ratio) u.extChangeRatio = s.ext_change_ratio;
  }
  const ovnTime = num(s.ovn_trade_time);
  if (s.ovn_price) {
    if (ovnTime !== undefined) u.ovnTradeTime = ovnTime;
    u.ovnPrice = s.ovn_price;
    if (s.ovn_change) u.ovnChange = s.ovn_change;
    if (s.ovn_change_ratio) u.ovnChangeRatio = s.ovn_change_ratio;
  }
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

/**
 * `quoteStateToUpdate` once per state, shared by every subscriber of the symbol (a flush hands the
 * same state to each). Only each symbol's newest state is remembered, in a Map by symbol: a
 * WeakMap keyed by every flushed state cost the flood a WeakMap entry per symbol and flush, which
 * the garbage collector then has to process.
 */
export function createUpdateCache(): (state: QuoteState) => QuoteUpdate {
  const last = new Map<string, { state: QuoteState; update: QuoteUpdate }>();
  return (state) => {
    const hit = last.get(state.symbol);
    if (hit?.state === state) return hit.update;
    const update = quoteStateToUpdate(state);
    last.set(state.symbol, { state, update });
    return update;
  };
}
