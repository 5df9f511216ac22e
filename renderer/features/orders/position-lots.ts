import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { Lot } from '../../../shared/pnl/lots';
import { LOT_PAGE_SIZE, readAllLots } from '../../../shared/pnl/read-lots';
import { invoke } from '../../lib/bridge';
import { retryFor } from '../../lib/queries';

/**
 * A position's lots, keyed as the IPC queries are (`['api.positionDetails', input]`, so a trade event
 * refreshes them with the other trading queries) and by the held quantity, so a fill that changes the
 * position reads its lots again.
 */
function positionLotsQuery(accountId: string, p: Pick<Position, 'instrument_id' | 'quantity'>) {
  const input = { account_id: accountId, instrument_id: p.instrument_id, quantity: p.quantity };
  return queryOptions({
    queryKey: ['api.positionDetails', input] as const,
    queryFn: () =>
      readAllLots((lastId) =>
        invoke('api.positionDetails', {
          account_id: accountId,
          instrument_id: p.instrument_id,
          page_size: LOT_PAGE_SIZE,
          ...(lastId ? { last_id: lastId } : {}),
        }),
      ),
    retry: retryFor('api.positionDetails'),
  });
}

export interface PositionLots {
  /** The lots of each position by instrument id (undefined while loading or when unreadable). */
  lots: Map<string, readonly Lot[] | undefined>;
  /** The first lots read that failed, with a retry of every failed one. */
  error: Error | undefined;
  retry(): void;
}

/** The lots of every position shown, one query a position. */
export function usePositionLots(accountId: string | undefined, positions: readonly Position[]): PositionLots {
  const results = useQueries({
    queries: positions.map((p) => ({
      ...positionLotsQuery(accountId ?? '', p),
      enabled: accountId !== undefined,
    })),
  });
  const failed = results.filter((r) => r.error);
  return {
    lots: new Map(positions.map((p, i) => [p.instrument_id, results[i]?.data])),
    error: failed[0]?.error ?? undefined,
    retry: () => failed.forEach((r) => void r.refetch()),
  };
}
