import { ErrorCodes } from '../../shared/errors';
import {
  operations,
  type OperationId,
  type OpParsedParams,
  type OpResult,
} from '../../shared/openapi/operations';
import type { Receipt } from '../../shared/openapi/readers';
import { ApiError } from './api-error';

/**
 * A watchlist mutation answered with a receipt (bare `true`/`false` observed, `{"success": bool}`
 * documented, `{"watchlist_id"}` for a create) instead of the record the catalogue declares: `false`
 * is a refusal; `true` is completed by reading the record the mutation changed, so every caller gets
 * the record it gets from the documented reply.
 */
export type ReadOp = <K extends 'watchlistList' | 'watchlistInstruments'>(
  op: K,
  params: OpParsedParams<K>,
) => Promise<OpResult<K>>;

export async function completeReceipt<K extends OperationId>(
  op: K,
  params: OpParsedParams<K>,
  receipt: Receipt,
  read: ReadOp,
): Promise<OpResult<K>> {
  if (!receipt.ok)
    throw new ApiError({
      code: ErrorCodes.REFUSED,
      message: `The service refused ${operations[op].summary.toLowerCase()} (it answered false)`,
      fromServer: true,
      retryable: false,
    });
  const p = params as { watchlist_id?: string; name?: string };
  switch (op) {
    case 'watchlistDelete':
      return { watchlist_id: p.watchlist_id ?? '', deleted: true } as OpResult<K>;
    case 'watchlistAdd':
    case 'watchlistRemove':
    case 'watchlistReorder':
      return (await read('watchlistInstruments', {
        watchlist_id: p.watchlist_id ?? '',
      })) as OpResult<K>;
    case 'watchlistCreate':
    case 'watchlistUpdate': {
      const lists = await read('watchlistList', {});
      const id = receipt.watchlistId ?? p.watchlist_id;
      // A create answered with a bare `true` names no id: the newest list of that name is the one.
      const found =
        id !== undefined
          ? lists.find((l) => l.watchlist_id === id)
          : lists.filter((l) => l.name === p.name).at(-1);
      if (found) return found as OpResult<K>;
      throw new ApiError({
        code: ErrorCodes.BAD_RESPONSE,
        message: `The service accepted ${operations[op].summary.toLowerCase()} but the watchlist is not in its list`,
        retryable: false,
      });
    }
    default:
      throw new ApiError({
        code: ErrorCodes.BAD_RESPONSE,
        message: `Unreadable reply: ${op} answered with a receipt`,
        retryable: false,
      });
  }
}
