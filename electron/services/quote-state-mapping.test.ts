import { describe, expect, it } from 'vitest';
import type { QuoteState } from '../streaming/quote-state';
import { extSessionOf } from '../../shared/ipc/snapshot-quote';
import { createRecordCache, quoteStateToRecord } from './quote-state-mapping';

describe('quoteStateToRecord: market time and session fields', () => {
  const received = Date.parse('2026-11-23T16:00:00Z');
  const close = Date.parse('2026-11-20T21:00:00Z'); // Fri 16:00 New York
  const after = Date.parse('2026-11-20T23:10:00Z'); // Fri 18:10 New York

  it('takes tradeTime from the message and keeps time as the receive time', () => {
    const u = quoteStateToRecord({
      symbol: 'AAPL',
      lastUpdate: received,
      snapshot: {
        trade_time: String(close),
        price: '190.00',
        change: '1.00',
        ext_trade_time: String(after),
        ext_price: '190.50',
        ext_change: '0.50',
        ext_change_ratio: '0.0026',
      },
    });
    expect(u).toMatchObject({ time: received, tradeTime: close, price: '190.00', change: '1.00' });
    expect(u).toMatchObject({
      extSession: 'ATH',
      extTradeTime: after,
      extPrice: '190.50',
      extChange: '0.50',
      extChangeRatio: '0.0026',
    });
    expect(u.ovnPrice).toBeUndefined();
  });

  it('names the extended session by its trade time in New York, its edges included', () => {
    expect(extSessionOf(Date.parse('2026-11-20T09:00:00Z'))).toBe('PRE'); // 04:00
    expect(extSessionOf(Date.parse('2026-11-20T14:30:00Z'))).toBe('PRE'); // 09:30, the pre-market's end
    expect(extSessionOf(Date.parse('2026-11-27T18:00:00Z'))).toBe('ATH'); // 13:00, an early close's after-hours
    expect(extSessionOf(Date.parse('2026-11-21T01:00:00Z'))).toBe('ATH'); // 20:00, the after-hours' end
  });
});

describe('createRecordCache', () => {
  const state = (symbol: string, price: string): QuoteState => ({
    symbol,
    snapshot: { price },
    lastUpdate: 1,
  });
  it('maps a state once for all its subscribers and a newer state again', () => {
    const mapped = createRecordCache();
    const a1 = state('AAPL', '1.00');
    const first = mapped(a1);
    expect(mapped(a1)).toBe(first);
    expect(first.price).toBe('1.00');
    const a2 = state('AAPL', '2.00');
    expect(mapped(a2).price).toBe('2.00');
    // Another symbol's state does not evict this one's.
    mapped(state('MSFT', '3.00'));
    expect(mapped(a2)).toBe(mapped(a2));
  });
});
