import { describe, expect, it } from 'vitest';
import { instrumentSearchInput } from './instrument-search';
import { isSearchQuery } from './search-query';

describe('the search query rule without zod', () => {
  it('accepts exactly what the contract main validates with accepts', () => {
    const queries = [
      '',
      'A',
      'aapl',
      'BRK.B',
      ' spaced ',
      'x'.repeat(32),
      'x'.repeat(33),
      'tab\there',
      'é',
      '~!',
    ];
    for (const query of queries) {
      const contract = instrumentSearchInput.shape.query.safeParse(query).success;
      expect({ query, ok: isSearchQuery(query) }).toEqual({ query, ok: contract });
    }
  });
});
