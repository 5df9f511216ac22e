import { describe, expect, it } from 'vitest';
import { DECIMAL_PATTERN } from '../../shared/openapi/primitives';
import { instrumentIdOf, UNIVERSE, UNIVERSE_AS_OF } from './universe';

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
      expect(['NASDAQ', 'NYSE', 'ARCA', 'CBOE']).toContain(u.exchange);
      expect(u.refPrice).toMatch(DECIMAL_PATTERN);
      expect(u.volatility).toBeGreaterThan(0);
      expect(u.volatility).toBeLessThan(1.5);
      expect(u.sector.length).toBeGreaterThan(0);
      expect(u.industry.length).toBeGreaterThan(0);
      expect(u.category === 'US_ETF').toBe(u.fund !== undefined);
    }
  });

  it('holds at least 1,000 real instruments: the S&P 500, the Nasdaq-100, the MidCap 400 and 100 ETFs', () => {
    expect(UNIVERSE_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Set(UNIVERSE.map((u) => u.symbol)).size).toBeGreaterThanOrEqual(1000);
    const members = (index: string) => UNIVERSE.filter((u) => u.indexes.some((i) => i === index));
    expect(members('SP500').length).toBeGreaterThanOrEqual(500);
    expect(members('SP500').length).toBeLessThanOrEqual(505);
    expect(members('NDX').length).toBeGreaterThanOrEqual(100);
    expect(members('MIDCAP400').length).toBeGreaterThanOrEqual(390);
    expect(members('MIDCAP400').filter((u) => u.indexes.includes('SP500'))).toEqual([]);
    expect(UNIVERSE.filter((u) => u.category === 'US_ETF').length).toBeGreaterThanOrEqual(100);
    for (const s of ['JPM', 'LIN', 'ASML', 'MELI', 'DECK', 'EME', 'CASY', 'TPL', 'SCHD', 'IBIT'])
      expect(
        UNIVERSE.some((u) => u.symbol === s),
        s,
      ).toBe(true);
  });

  it('gives every stock a GICS sector and industry, a plausible size and a price level', () => {
    const sectors = new Set([
      'Information Technology',
      'Communication Services',
      'Consumer Discretionary',
      'Consumer Staples',
      'Health Care',
      'Financials',
      'Industrials',
      'Energy',
      'Utilities',
      'Real Estate',
      'Materials',
    ]);
    const stocks = UNIVERSE.filter((x) => x.category === 'US_STOCK');
    // GICS has about 74 industries; a universe of this size spans nearly all of them.
    expect(new Set(stocks.map((u) => u.industry)).size).toBeGreaterThanOrEqual(60);
    for (const u of stocks) {
      expect(sectors.has(u.sector), `${u.symbol} ${u.sector}`).toBe(true);
      expect(u.industry.trim(), u.symbol).not.toBe('');
      expect(u.industry, u.symbol).not.toBe(u.sector);
      const cap = Number(u.refPrice) * u.sharesOutstanding;
      // From a small mid-cap (~$0.5 bn) to the largest companies (~$5 tn).
      expect(cap, u.symbol).toBeGreaterThan(4e8);
      expect(cap, u.symbol).toBeLessThan(6e12);
      expect(u.dividendYieldPct, u.symbol).toBeLessThan(12);
    }
  });
});
