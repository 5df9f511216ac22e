import { describe, expect, it } from 'vitest';
import { QuoteCodec, SnapshotCodec, TickCodec } from '../../shared/proto/quotes';
import { decodeQuoteMessage, mergeQuoteMessage, type QuoteState } from './quote-state';

const basic = { symbol: 'AAPL', instrument_id: '1', timestamp: '5', trading_session: 'RTH' };

describe('quote state', () => {
  it('merges partial snapshots field by field: the newest value wins, an absent field keeps the old one', () => {
    const a = decodeQuoteMessage(
      'snapshot',
      SnapshotCodec.encode({ basic, price: '1.00', volume: '100', open: '0.90' }),
      10,
    );
    const b = decodeQuoteMessage('snapshot', SnapshotCodec.encode({ basic, price: '1.10' }), 20);
    if (!a || !b) throw new Error('decode failed');
    const state = mergeQuoteMessage(mergeQuoteMessage(undefined, a), b);
    expect(state.snapshot).toEqual({ price: '1.10', volume: '100', open: '0.90' });
    expect(state.lastUpdate).toBe(20);
  });

  it('replaces the last trade print and ignores control topics and symbol-less messages', () => {
    const t1 = decodeQuoteMessage('tick', TickCodec.encode({ basic, price: '1', volume: '5', side: 'B' }), 1);
    const t2 = decodeQuoteMessage('tick', TickCodec.encode({ basic, price: '2', volume: '7' }), 2);
    if (!t1 || !t2) throw new Error('decode failed');
    const state: QuoteState = mergeQuoteMessage(mergeQuoteMessage(undefined, t1), t2);
    expect(state.tick).toEqual({ time: '', price: '2', volume: '7', side: '' });
    expect(decodeQuoteMessage('notice', new Uint8Array([1, 2]), 1)).toBeUndefined();
    expect(decodeQuoteMessage('tick', TickCodec.encode({ price: '1' }), 1)).toBeUndefined();
  });

  it('keeps the parts of the state a repeated message did not change, and replaces those it did', () => {
    const snap = (price: string, at: number) =>
      decodeQuoteMessage('snapshot', SnapshotCodec.encode({ basic, price, volume: '100', open: '0.90' }), at);
    const book = (bid: string, at: number) =>
      decodeQuoteMessage(
        'quote',
        QuoteCodec.encode({
          basic,
          asks: [{ price: '1.02', size: '3', order: [], broker: [] }],
          bids: [{ price: bid, size: '4', order: [], broker: [] }],
        }),
        at,
      );
    const print = (price: string, at: number) =>
      decodeQuoteMessage('tick', TickCodec.encode({ basic, time: '7', price, volume: '5', side: 'B' }), at);
    const steps = [
      snap('1.00', 1),
      book('0.99', 2),
      print('1.00', 3),
      snap('1.00', 4),
      book('0.99', 5),
      print('1.00', 6),
    ];
    if (steps.some((u) => !u)) throw new Error('decode failed');
    const states: QuoteState[] = [];
    for (const u of steps) states.push(mergeQuoteMessage(states.at(-1), u as NonNullable<typeof u>));
    const [, , first, again, , last] = states as [
      QuoteState,
      QuoteState,
      QuoteState,
      QuoteState,
      QuoteState,
      QuoteState,
    ];
    // Repeats: the same snapshot, book and print objects, a new state with the newer receive time.
    expect(again).not.toBe(first);
    expect(again.snapshot).toBe(first.snapshot);
    expect(last.depth).toBe(first.depth);
    expect(last.tick).toBe(first.tick);
    expect(last.lastUpdate).toBe(6);
    expect(last.depth).toEqual({
      asks: [{ price: '1.02', size: '3' }],
      bids: [{ price: '0.99', size: '4' }],
      timestamp: '5',
    });

    // Changes: new parts, the old ones untouched (a listener may hold the previous state).
    const moved = mergeQuoteMessage(last, snap('1.05', 7) as NonNullable<ReturnType<typeof snap>>);
    expect(moved.snapshot).not.toBe(last.snapshot);
    expect(moved.snapshot).toEqual({ price: '1.05', volume: '100', open: '0.90' });
    expect(last.snapshot.price).toBe('1.00');
    const bid = mergeQuoteMessage(moved, book('1.00', 8) as NonNullable<ReturnType<typeof book>>);
    expect(bid.depth?.bids).toEqual([{ price: '1.00', size: '4' }]);
    expect(bid.depth?.asks).toBe(last.depth?.asks);
    expect(last.depth?.bids).toEqual([{ price: '0.99', size: '4' }]);
    const traded = mergeQuoteMessage(bid, print('1.01', 9) as NonNullable<ReturnType<typeof print>>);
    expect(traded.tick).toEqual({ time: '7', price: '1.01', volume: '5', side: 'B' });
    expect(last.tick?.price).toBe('1.00');
  });
});
