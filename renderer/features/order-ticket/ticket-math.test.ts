import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal';
import { breakeven, cashFlow, maxGainLoss, payoffAt, payoffCurve, type LegFigures } from './ticket-math';

const leg = (over: Partial<LegFigures>): LegFigures => ({
  optionType: 'CALL',
  side: 'BUY',
  strike: '190',
  premium: '1.25',
  quantity: '2',
  ...over,
});

describe('ticket math (decimals)', () => {
  it('signs the cash: a buy is a debit, a sell a credit, ×100 a contract', () => {
    expect(cashFlow(leg({})).toFixed(2)).toBe('-250.00');
    expect(cashFlow(leg({ side: 'SELL' })).toFixed(2)).toBe('250.00');
    // 0.1 + 0.2 style trap: 3 × 0.07 × 100 is exactly 21 in decimals.
    expect(cashFlow(leg({ premium: '0.07', quantity: '3' })).toFixed()).toBe('-21');
  });

  it('breakeven is strike plus premium for calls and minus for puts', () => {
    expect(breakeven(leg({})).toFixed()).toBe('191.25');
    expect(breakeven(leg({ optionType: 'PUT', premium: '2.35' })).toFixed()).toBe('187.65');
  });

  it('payoff at expiry', () => {
    expect(payoffAt(leg({}), '200').toFixed()).toBe('1750'); // (10 − 1.25) × 200
    expect(payoffAt(leg({}), '150').toFixed()).toBe('-250');
    expect(payoffAt(leg({ side: 'SELL' }), '150').toFixed()).toBe('250');
    expect(payoffAt(leg({ optionType: 'PUT' }), '180').toFixed()).toBe('1750');
    expect(payoffAt(leg({}), '191.25').isZero()).toBe(true);
  });

  it('max gain and loss per side and type (undefined = unlimited)', () => {
    expect(maxGainLoss(leg({}))).toEqual({ maxGain: undefined, maxLoss: new Decimal(250) });
    expect(maxGainLoss(leg({ side: 'SELL' }))).toEqual({ maxGain: new Decimal(250), maxLoss: undefined });
    const longPut = maxGainLoss(leg({ optionType: 'PUT' }));
    expect(longPut.maxGain?.toFixed()).toBe('37750'); // (190 − 1.25) × 200
    expect(longPut.maxLoss?.toFixed()).toBe('250');
    const shortPut = maxGainLoss(leg({ optionType: 'PUT', side: 'SELL' }));
    expect(shortPut.maxGain?.toFixed()).toBe('250');
    expect(shortPut.maxLoss?.toFixed()).toBe('37750');
  });

  it('the payoff curve is ordered, bounded and passes through the strike', () => {
    const pts = payoffCurve(leg({}), new Decimal(171), new Decimal(209), 4);
    expect(pts.map((p) => p.price.toFixed())).toEqual(['171', '180.5', '190', '199.5', '209']);
    expect(pts[2]?.pnl.toFixed()).toBe('-250');
    expect(payoffCurve(leg({}), new Decimal(200), new Decimal(100))).toEqual([]);
  });
});
