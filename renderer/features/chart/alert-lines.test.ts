import { describe, expect, it } from 'vitest';
import type { PriceAlert } from '../../../shared/ipc/contract';
import { alertLinesFor, priceText } from './alert-lines';

const a = (patch: Partial<PriceAlert>): PriceAlert => ({
  id: 'x',
  environmentId: 'sandbox',
  symbol: 'AAPL',
  category: 'US_STOCK',
  condition: { kind: 'above', price: '190.5' },
  status: 'armed',
  createdAt: 1,
  ...patch,
});

describe('chart alert lines', () => {
  it('draws armed price alerts of the shown instrument only', () => {
    const state = {
      environmentId: 'sandbox',
      alerts: [
        a({}),
        a({ id: 'c', condition: { kind: 'cross', price: '180' } }),
        a({ id: 't', status: 'triggered' }),
        a({ id: 'o', symbol: 'MSFT' }),
        a({ id: 'e', category: 'US_ETF' }),
        a({ id: 'm', condition: { kind: 'moveUp', percent: '2' } }),
      ],
    };
    expect(alertLinesFor(state, { symbol: 'AAPL', category: 'US_STOCK' })).toEqual([
      { price: 190.5, title: 'Alert above 190.5' },
      { price: 180, title: 'Alert cross 180' },
    ]);
    expect(alertLinesFor(undefined, { symbol: 'AAPL', category: 'US_STOCK' })).toEqual([]);
  });

  it('turns a chart price into form text', () => {
    expect(priceText(190.23456)).toBe('190.23');
    expect(priceText(0.123456)).toBe('0.1235');
  });
});
