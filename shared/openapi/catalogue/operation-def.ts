import { z } from 'zod';
import { category, direction, queryInt, symbol } from '../primitives';

/**
 * What every part of the catalogue is made of. `area` decides rate limiting (Market Data:
 * 300/min/app key); `kind: 'order'` marks the POSTs that are never retried blindly; `extension`
 * marks the few calls the real catalogue does not list.
 */
type Area = 'trading' | 'marketData' | 'auth';

export interface OperationDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  area: Area;
  params: P;
  response: R;
  kind?: 'order';
  extension?: true;
  summary: string;
}

export const op = <P extends z.ZodType, R extends z.ZodType>(def: OperationDef<P, R>) => def;
export const none = z.object({});
export const accountId = z.string().min(1, 'account_id is required');
export const symbolParams = z.object({ symbol, category: category.default('US_STOCK') });
export const pageParams = {
  page_index: queryInt(1, 10_000).optional(),
  page_size: queryInt(1, 200).optional(),
  direction: direction.optional(),
};
