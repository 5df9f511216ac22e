import { z } from 'zod';
import { category, type Category } from '../openapi/primitives';

/** Search covers both instrument categories the API lists. */
export type InstrumentSearchCategory = Category;

/** `instruments.search` input: 1–32 printable characters, at most 50 results, optional category. */
export const instrumentSearchInput = z.object({
  query: z
    .string()
    .min(1, 'query is required')
    .max(32, 'query is at most 32 characters')
    .regex(/^[\x20-\x7e]+$/, 'query must be printable characters'),
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
