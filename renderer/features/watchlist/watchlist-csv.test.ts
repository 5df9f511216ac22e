import { describe, expect, it } from 'vitest';
import { exportWatchlistCsv, parseSymbolList } from './watchlist-csv';

describe('watchlist CSV', () => {
  it('round-trips symbols through export and import, quoting names with commas and quotes', () => {
    const csv = exportWatchlistCsv([
      { symbol: 'AAPL', name: 'Apple Inc.', last: '189.25' },
      { symbol: 'BRK.B', name: 'Berkshire Hathaway, "B"', last: undefined },
      { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', last: '512.10' },
    ]);
    expect(csv.split('\r\n')[0]).toBe('symbol,name,last');
    expect(csv).toContain('BRK.B,"Berkshire Hathaway, ""B""",\r\n');
    expect(parseSymbolList(csv)).toEqual({ symbols: ['AAPL', 'BRK.B', 'SPY'], invalid: [] });
  });

  it('reads plain text, upper-cases, de-duplicates and reports tokens that cannot be symbols', () => {
    expect(parseSymbolList('aapl msft\nSPY;aapl\n$$$ 123')).toEqual({
      symbols: ['AAPL', 'MSFT', 'SPY'],
      invalid: ['$$$', '123'],
    });
    expect(parseSymbolList('')).toEqual({ symbols: [], invalid: [] });
  });
});
