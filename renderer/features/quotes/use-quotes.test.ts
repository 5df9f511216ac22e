import { describe, expect, it } from 'vitest';
import { streamParams } from '../../../shared/ipc/streams';
import { quoteSubscriptionGroups } from './use-quotes';

describe('quote subscriptions of a long list', () => {
  it('split every category into subscriptions the quotes stream accepts', () => {
    const instruments = [
      ...Array.from({ length: 1_000 }, (_, i) => ({ symbol: `S${i}`, category: 'US_STOCK' })),
      ...Array.from({ length: 3 }, (_, i) => ({ symbol: `E${i}`, category: 'US_ETF' })),
    ];
    const groups = quoteSubscriptionGroups(instruments);
    for (const [category, symbols] of groups)
      expect(streamParams.quotes.safeParse({ symbols, category }).success).toBe(true);
    const stocks = groups.filter(([c]) => c === 'US_STOCK').flatMap(([, s]) => s);
    expect(new Set(stocks).size).toBe(1_000);
    expect(groups.filter(([c]) => c === 'US_ETF').flatMap(([, s]) => s)).toEqual(['E0', 'E1', 'E2']);
  });
});
