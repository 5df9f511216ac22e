import { Decimal } from '../../shared/decimal';
import {
  SESSION_FIELD_NAMES,
  type DeepPartial,
  type Quote,
  type Snapshot,
  type Tick,
  type AskBid,
} from '../../shared/proto/quotes';
import type { BookLevel, LiveQuote } from '../market/market-view';

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
 * The streamed Snapshot says what the snapshot endpoint says at the same instant: the regular
 * fields (`trade_time`, `price`, `change`…) are the regular session's and keep that meaning at
 * any hour; the `ext_` block carries the pre-market or after-hours session (today's pre-market
 * until the after-hours opens, then that after-hours), the `ovn_` block the overnight session
 * when the subscriber asked for it (`overnight_required`). docs/streaming.md "Field meanings".
 */
export function snapshotMessage(q: LiveQuote, at: number, overnight: boolean): DeepPartial<Snapshot> {
  const record = q.snapshot?.({ extendHour: true, overnight });
  if (!record) return fallbackSnapshot(q, at);
  const msg: DeepPartial<Snapshot> = {
    basic: basicOf(q, at),
    trade_time: String(record.last_trade_time),
    price: record.price,
    open: record.open,
    high: record.high,
    low: record.low,
    pre_close: record.pre_close,
    volume: record.volume,
    change: record.change,
    change_ratio: record.change_ratio,
  };
  for (const prefix of ['ext_', 'ovn_'] as const) {
    for (const name of SESSION_FIELD_NAMES) {
      const value = record[`${prefix}${name}`];
      if (value !== undefined) Object.assign(msg, { [`${prefix}${name}`]: String(value) });
    }
  }
  return msg;
}

/** A market without snapshot records (a test double): its one price is streamed as the regular figures. */
function fallbackSnapshot(q: LiveQuote, at: number): DeepPartial<Snapshot> {
  const { change: diff, ratio } = change(q);
  return {
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
}

const MPIDS = ['NSDQ', 'ARCA', 'EDGX', 'BATS', 'IEX'];
const TICK_SIZE = new Decimal('0.01');

/**
 * The depth book: the simulator's own (`LiveQuote.book`, the book the depth endpoint serves at the
 * same instant); a test double without one gets a plain ladder around its bid/ask, one cent a level.
 */
export function quoteMessage(q: LiveQuote, at: number, depth: number): DeepPartial<Quote> {
  if (q.book) {
    const book = q.book(depth);
    const wire = (l: BookLevel): DeepPartial<AskBid> => ({ price: l.price, size: l.size, order: l.orders });
    return { basic: basicOf(q, at), asks: book.asks.map(wire), bids: book.bids.map(wire) };
  }
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
