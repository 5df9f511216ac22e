import { describe, expect, it } from 'vitest';
import { DECIMAL_PATTERN } from '../../../shared/openapi/primitives';
import { instrumentIdOf, UNIVERSE } from './universe';

describe('universe', () => {
  it('has at least 150 instruments with unique symbols and instrument ids', () => {
    expect(UNIVERSE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(UNIVERSE.map((u) => u.symbol)).size).toBe(UNIVERSE.length);
    expect(new Set(UNIVERSE.map((u) => u.instrument_id)).size).toBe(UNIVERSE.length);
  });

  it('keeps instrument ids stable (a hash of the ticker, not a position)', () => {
    expect(instrumentIdOf('AAPL')).toBe(UNIVERSE.find((u) => u.symbol === 'AAPL')?.instrument_id);
    expect(instrumentIdOf('AAPL')).toMatch(/^\d{9}$/);
  });

  it('has the well-known ETFs and well-formed entries', () => {
    for (const etf of ['SPY', 'QQQ', 'IWM', 'DIA', 'XLK', 'XLF', 'XLE', 'XLV', 'TLT', 'GLD']) {
      expect(UNIVERSE.find((u) => u.symbol === etf)?.category, etf).toBe('US_ETF');
    }
    for (const u of UNIVERSE) {
      expect(['NASDAQ', 'NYSE', 'ARCA']).toContain(u.exchange);
      expect(u.refPrice).toMatch(DECIMAL_PATTERN);
      expect(u.volatility).toBeGreaterThan(0);
      expect(u.volatility).toBeLessThan(1.5);
      expect(u.sector.length).toBeGreaterThan(0);
      expect(u.industry.length).toBeGreaterThan(0);
      expect(u.category === 'US_ETF').toBe(u.fund !== undefined);
    }
  });
});
