import { describe, expect, it } from 'vitest';
import { lotsDayPnl, lotsUnrealizedPnl, previousCloseInstant } from './lots';

const at = (iso: string) => Date.parse(iso);
// Wednesday 18 Nov 2026, 10:30 New York: the previous regular close is Tuesday's, 16:00 ET.
const WED_MORNING = at('2026-11-18T15:30:00Z');
const TUE_CLOSE = at('2026-11-17T21:00:00Z');

describe('previousCloseInstant', () => {
  it('is the close before the regular session that has opened', () => {
    expect(previousCloseInstant(WED_MORNING)).toBe(TUE_CLOSE);
    // After Wednesday's close (after hours) it is still Tuesday's close, as the quote's change is.
    expect(previousCloseInstant(at('2026-11-18T23:00:00Z'))).toBe(TUE_CLOSE);
    // Before Wednesday's open (pre-market) Tuesday's session is the latest: Monday's close.
    expect(previousCloseInstant(at('2026-11-18T13:00:00Z'))).toBe(at('2026-11-16T21:00:00Z'));
  });
});

describe('lotsDayPnl', () => {
  const old = { quantity: '10', cost_price: '90', open_time: TUE_CLOSE - 86_400_000 };
  const today = { quantity: '5', cost_price: '103', open_time: WED_MORNING - 60_000 };

  it('counts a lot opened today from its fill and an older lot from the previous close', () => {
    // Old: (105 − 100) × 10 = 50; today's: (105 − 103) × 5 = 10.
    expect(lotsDayPnl([old, today], '105', '100', TUE_CLOSE).toFixed()).toBe('60');
    // The previous-close rule alone would say (105 − 100) × 15 = 75: the figures that disagreed.
    expect(lotsDayPnl([old, today], '105', '100', TUE_CLOSE).toFixed()).not.toBe('75');
  });

  it('a lot opened at the previous close instant itself counts from its fill', () => {
    const atClose = { ...today, open_time: TUE_CLOSE };
    expect(lotsDayPnl([atClose], '105', '100', TUE_CLOSE).toFixed()).toBe('10');
  });

  it('signs a short lot: a price below its sale is a gain', () => {
    const short = { quantity: '-2', cost_price: '106', open_time: WED_MORNING };
    expect(lotsDayPnl([short], '105', '100', TUE_CLOSE).toFixed()).toBe('2');
    const oldShort = { ...short, open_time: 0 };
    expect(lotsDayPnl([oldShort], '105', '100', TUE_CLOSE).toFixed()).toBe('-10');
  });

  it('is exact in decimal and applies the multiplier', () => {
    const cheap = { quantity: '3', cost_price: '0.1', open_time: WED_MORNING };
    expect(lotsDayPnl([cheap], '0.3', '0.2', TUE_CLOSE).toFixed()).toBe('0.6');
    expect(lotsDayPnl([cheap], '0.3', '0.2', TUE_CLOSE, 100).toFixed()).toBe('60');
  });

  it('without a previous close every lot counts from its cost', () => {
    expect(lotsDayPnl([old, today], '105', undefined, TUE_CLOSE).toFixed()).toBe('160');
  });

  it('no lots, no day P&L', () => {
    expect(lotsDayPnl([], '105', '100', TUE_CLOSE).toFixed()).toBe('0');
  });
});

describe('lotsUnrealizedPnl', () => {
  it('is the sum over lots of (last − cost) × quantity × multiplier', () => {
    const lots = [
      { quantity: '10', cost_price: '90', open_time: 0 },
      { quantity: '5', cost_price: '103', open_time: 1 },
    ];
    expect(lotsUnrealizedPnl(lots, '105').toFixed()).toBe('160');
    expect(lotsUnrealizedPnl([{ quantity: '-1', cost_price: '2.5', open_time: 0 }], '2', 100).toFixed()).toBe(
      '50',
    );
  });
});
