import { QueryClient, queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { OpInput, OpName, OpOutput } from '../../shared/ipc/contract';
import { isRetryableOperation, OP_KINDS } from '../../shared/openapi/op-kinds';
import type { OperationId } from '../../shared/openapi/operations';
import { BridgeError, invokeWith } from './bridge';

/**
 * One typed query factory from the IPC contract: the key is always `[op, input]`, so two panels
 * asking the same thing share one cache entry and a key cannot drift from what is fetched.
 */
type ApiQueryKey<K extends OpName> = readonly [K, OpInput<K>];
type Extra<K extends OpName> = Omit<
  UseQueryOptions<OpOutput<K>, Error, OpOutput<K>, ApiQueryKey<K>>,
  'queryKey' | 'queryFn'
> & {
  /**
   * Refetches of data already held (a timer's refresh) go at 'background' priority: main queues
   * them behind every user call at the Market Data rate limiter. The first load (no data yet for
   * this key) is what the user asked for and stays 'user'. Not part of the key.
   */
  backgroundRefresh?: boolean;
};

export function apiQuery<K extends OpName>(op: K, input: OpInput<K>, opts?: Extra<K>) {
  const { backgroundRefresh, ...rest } = opts ?? {};
  return queryOptions({
    queryKey: [op, input] as ApiQueryKey<K>,
    queryFn: ({ client, queryKey }) =>
      invokeWith(
        op,
        input,
        backgroundRefresh && client.getQueryData(queryKey) !== undefined
          ? { priority: 'background' }
          : undefined,
      ),
    retry: retryFor(op),
    ...rest,
  });
}

/**
 * The window's one query client. Retries are set per op by `apiQuery`, none by default; a reply
 * stays fresh for 15 s, so a panel mounted on data just fetched (a prefetch) does not ask again.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 } },
  });
}

/**
 * True when main already retries this op: main's own rule (electron/openapi/retry.ts), read from
 * the schema-free table so the first screen evaluates no zod (docs/ui.md "Start").
 */
export function mainRetries(op: OpName): boolean {
  if (!op.startsWith('api.')) return false;
  const id = op.slice(4);
  return Object.hasOwn(OP_KINDS, id) && isRetryableOperation(id as OperationId);
}

/**
 * The renderer's retry rule: never on top of main's retries (3 attempts there already), and at
 * most once for anything else, only when the error says a retry can help.
 */
export function retryFor(op: OpName) {
  return (failureCount: number, error: unknown): boolean =>
    !mainRetries(op) && failureCount < 1 && error instanceof BridgeError && error.retryable;
}
