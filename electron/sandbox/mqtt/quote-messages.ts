import { Decimal } from '../../../shared/decimal';
import type { DeepPartial, Quote, Snapshot, Tick, AskBid } from '../../../shared/proto/quotes';
import type { LiveQuote } from '../market/market-view';

/**
 * Turns the simulator's live quote into the protobuf messages of the quotes feed (docs/streaming.md). Only the MarketView
 * interface is used, so any simulator (or a test stub) drives the feed.
 */

const basicOf = (q: LiveQuote, at: number) => ({
  symbol: q.symbol,
  instrument_id: q.instrument_id,
  timestamp: String(at),
  trading_session: q.session,
});

function change(q: LiveQuote): { change: string; ratio: string } {
  const pre = new Decimal(q.preClose);
  const diff = new Decimal(q.price).minus(pre);
  const ratio = pre.isZero() ? new Decimal(0) : diff.dividedBy(pre);
  return { change: diff.toFixed(), ratio: ratio.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed() };
}

/**
 * Regular fields always carry the latest trade; the `ext_` block is filled in the pre-market and
 * after-hours sessions and the `ovn_` block overnight when the subscriber asked for it (the
 * subscribe call's `overnight_required`), so a client sees which session the trade belongs to.
 */
export function snapshotMessage(q: LiveQuote, at: number, overnight: boolean): DeepPartial<Snapshot> {
  const { change: diff, ratio } = change(q);
  const msg: DeepPartial<Snapshot> = {
    basic: basicOf(q, at),
    trade_time: String(q.time),
    price: q.price,
    open: q.open,
    high: q.high,
    low: q.low,
    pre_close: q.preClose,
    volume: q.volume,
    change: diff,
    change_ratio: ratio,
  };
  const session = { trade_time: String(q.time), price: q.price, high: q.high, low: q.low, volume: q.volume, change: diff, change_ratio: ratio };
  if (q.session === 'PRE' || q.session === 'ATH') {
    for (const [k, v] of Object.entries(session)) Object.assign(msg, { [`ext_${k}`]: v });
  }
  if (q.session === 'OVN' && overnight) {
    for (const [k, v] of Object.entries(session)) Object.assign(msg, { [`ovn_${k}`]: v });
  }
  return msg;
}

const MPIDS = ['NSDQ', 'ARCA', 'EDGX', 'BATS', 'IEX'];
const TICK_SIZE = new Decimal('0.01');

/** Depth ladder around the live bid/ask: one cent a level, sizes growing with distance. */
export function quoteMessage(q: LiveQuote, at: number, depth: number): DeepPartial<Quote> {
  const level = (price: Decimal, size: Decimal, i: number): DeepPartial<AskBid> => ({
    price: price.toFixed(2),
    size: size.toFixed(),
    order: [{ mpid: MPIDS[i % MPIDS.length] ?? 'NSDQ', size: size.toFixed() }],
  });
  const asks: DeepPartial<AskBid>[] = [];
  const bids: DeepPartial<AskBid>[] = [];
  for (let i = 0; i < depth; i++) {
    const grow = new Decimal(i + 1);
    asks.push(level(new Decimal(q.ask).plus(TICK_SIZE.times(i)), new Decimal(q.askSize).times(grow), i));
    const bid = new Decimal(q.bid).minus(TICK_SIZE.times(i));
    if (bid.greaterThan(0)) bids.push(level(bid, new Decimal(q.bidSize).times(grow), i));
  }
  return { basic: basicOf(q, at), asks, bids };
}

/**
 * A trade print. Its size is the growth of the day's volume since the previous print of the symbol
 * (a round lot when the volume has not moved); the side says whether it printed at the ask (B), at
 * the bid (S) or in between (N).
 */
export function tickMessage(q: LiveQuote, at: number, previousVolume: string | undefined): DeepPartial<Tick> {
  const grown = previousVolume === undefined ? new Decimal(0) : new Decimal(q.volume).minus(previousVolume);
  const price = new Decimal(q.price);
  const side = price.greaterThanOrEqualTo(q.ask) ? 'B' : price.lessThanOrEqualTo(q.bid) ? 'S' : 'N';
  return {
    basic: basicOf(q, at),
    time: String(q.time),
    price: q.price,
    volume: grown.greaterThan(0) ? grown.toFixed() : '100',
    side,
  };
}
