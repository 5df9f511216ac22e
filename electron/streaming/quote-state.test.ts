import { describe, expect, it } from 'vitest';
import { SnapshotCodec, TickCodec } from '../../shared/proto/quotes';
import { decodeQuoteMessage, mergeQuoteUpdate, type QuoteState } from './quote-state';

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
    const state = mergeQuoteUpdate(mergeQuoteUpdate(undefined, a), b);
    expect(state.snapshot).toEqual({ price: '1.10', volume: '100', open: '0.90' });
    expect(state.lastUpdate).toBe(20);
  });

  it('replaces the last trade print and ignores control topics and symbol-less messages', () => {
    const t1 = decodeQuoteMessage('tick', TickCodec.encode({ basic, price: '1', volume: '5', side: 'B' }), 1);
    const t2 = decodeQuoteMessage('tick', TickCodec.encode({ basic, price: '2', volume: '7' }), 2);
    if (!t1 || !t2) throw new Error('decode failed');
    const state: QuoteState = mergeQuoteUpdate(mergeQuoteUpdate(undefined, t1), t2);
    expect(state.tick).toEqual({ time: '', price: '2', volume: '7', side: '' });
    expect(decodeQuoteMessage('notice', new Uint8Array([1, 2]), 1)).toBeUndefined();
    expect(decodeQuoteMessage('tick', TickCodec.encode({ price: '1' }), 1)).toBeUndefined();
  });
});
