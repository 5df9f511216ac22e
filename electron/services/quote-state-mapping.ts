import type { QuoteRecord } from '../../shared/ipc/streams';
import { quoteFromSnapshot } from '../../shared/ipc/snapshot-quote';
import type { QuoteState } from '../streaming/quote-state';

const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/**
 * The streaming client's merged per-symbol state → the contract's `QuoteRecord` (plain, JSON-safe,
 * decimals still strings): the snapshot's fields through the one snapshot mapping
 * (shared/ipc/snapshot-quote.ts), then the session, book and trade print. The depth book is cut to
 * 10 levels: the renderer never shows more and each flush carries it whole.
 */
export function quoteStateToRecord(state: QuoteState): QuoteRecord {
  const u = quoteFromSnapshot(state.symbol, state.lastUpdate, state.snapshot);
  if (state.stale !== undefined) u.stale = state.stale;
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
 * `quoteStateToRecord` once per state, shared by every subscriber of the symbol (a flush hands the
 * same state to each). Only each symbol's newest state is remembered, in a Map by symbol: a
 * WeakMap keyed by every flushed state cost the flood a WeakMap entry per symbol and flush, which
 * the garbage collector then has to process.
 */
export function createRecordCache(): (state: QuoteState) => QuoteRecord {
  const last = new Map<string, { state: QuoteState; update: QuoteRecord }>();
  return (state) => {
    const hit = last.get(state.symbol);
    if (hit?.state === state) return hit.update;
    const update = quoteStateToRecord(state);
    last.set(state.symbol, { state, update });
    return update;
  };
}
