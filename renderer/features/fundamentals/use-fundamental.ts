import { useMutation, useQuery } from '@tanstack/react-query';
import type { OpInput, OpName } from '../../../shared/ipc/contract';
import { invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';

/** Research data changes slowly: a tab read once is not fetched again for five minutes. */
const FRESH_MS = 5 * 60_000;

/** A tab's query; a tab mounts only when selected, so nothing loads before it is first viewed. */
export function useFundamental<K extends OpName>(op: K, input: OpInput<K>) {
  return useQuery(apiQuery(op, input, { staleTime: FRESH_MS }));
}

/** Filings and fund files open in the browser (main accepts https links only). */
export function useOpenExternal() {
  return useMutation({ mutationFn: (url: string) => invoke('shell.openExternal', { url }) });
}
