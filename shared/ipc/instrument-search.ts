import { z } from 'zod';
import { category, type Category } from '../openapi/primitives';
import { SEARCH_QUERY } from './search-query';

/** Search covers both instrument categories the API lists. */
export type InstrumentSearchCategory = Category;

/** `instruments.search` input: 1–32 printable characters, at most 50 results, optional category. */
export const instrumentSearchInput = z.object({
  query: z
    .string()
    .min(1, SEARCH_QUERY.empty)
    .max(SEARCH_QUERY.max, SEARCH_QUERY.tooLong)
    .regex(SEARCH_QUERY.printable, SEARCH_QUERY.unprintable),
  limit: z.number().int().min(1).max(50).optional(),
  category: category.optional(),
});

/** One search result. */
export interface InstrumentHit {
  symbol: string;
  name: string;
  category: InstrumentSearchCategory;
  exchange?: string;
}
