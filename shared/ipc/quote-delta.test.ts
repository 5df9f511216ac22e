import { describe, expect, it } from 'vitest';
import { applyQuoteDelta, quoteDelta } from './quote-delta';
import type { QuoteRecord } from './streams';

describe('quote deltas', () => {
  it("a record holding only main's stale verdict (no message yet) dims the seeded quote and keeps its time", () => {
    const seeded: QuoteRecord = { symbol: 'AAPL', time: 1_763_478_000_000, price: '190.00' };
    const delta = quoteDelta(undefined, { symbol: 'AAPL', time: 0, stale: true }, 'top');
    expect(delta).toEqual({ symbol: 'AAPL', stale: true });
    expect(applyQuoteDelta(seeded, delta ?? { symbol: 'AAPL' })).toEqual({ ...seeded, stale: true });
  });

  it('a real receive time goes out as any other change', () => {
    expect(
      quoteDelta({ symbol: 'AAPL', time: 1 }, { symbol: 'AAPL', time: 2, price: '1.00' }, 'top'),
    ).toEqual({
      symbol: 'AAPL',
      time: 2,
      price: '1.00',
    });
  });
});
