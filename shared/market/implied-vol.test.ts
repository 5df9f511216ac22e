import { describe, expect, it } from 'vitest';
import { blackScholes, impliedVol } from './black-scholes';

describe('impliedVol (the one solver)', () => {
  const base = { spot: 100, strike: 105, years: 0.25, rate: 0.04, dividendYield: 0, type: 'CALL' as const };
  it('recovers the volatility a price was made with, and refuses a price no volatility gives', () => {
    const price = blackScholes({ ...base, vol: 0.3 }).price;
    expect(impliedVol(price, base)).toBeCloseTo(0.3, 6);
    expect(impliedVol(0, base)).toBeUndefined();
    expect(impliedVol(1_000, base)).toBeUndefined();
  });
});
