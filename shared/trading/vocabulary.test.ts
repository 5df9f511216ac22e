import { describe, expect, it } from 'vitest';
import { SIDES, TRADING_SESSION_VALUES, sideSign } from './vocabulary';

describe('order vocabulary', () => {
  it('sells short with SHORT, which takes from the position as SELL does', () => {
    expect(SIDES).toEqual(['BUY', 'SELL', 'SHORT']);
    expect(sideSign('SHORT')).toBe(-1);
    expect(sideSign('SELL')).toBe(-1);
    expect(sideSign('BUY')).toBe(1);
  });
  it('lists regular, extended and overnight sessions', () =>
    expect(TRADING_SESSION_VALUES).toEqual(['CORE', 'ALL', 'NIGHT', 'ALL_DAY']));
});
