import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';

/** Server state of the panel, with the same query keys the top bar uses. */
export function useEnvironments() {
  return useQuery(apiQuery('environments.list', {}));
}

export function useCredentialsStatus(environmentId: string) {
  return useQuery(apiQuery('credentials.status', { environmentId }));
}

export function useTokenStatus() {
  return useQuery(apiQuery('token.status', {}));
}

/** After credentials or environment changes: every status query (top bar included) is stale. */
export function refreshStatus(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['environments.list'] }),
    queryClient.invalidateQueries({ queryKey: ['credentials.status'] }),
    queryClient.invalidateQueries({ queryKey: ['token.status'] }),
  ]).then(() => undefined);
}

/** Switching environment changes what every panel shows: drop all server state, like the top bar. */
export function useSelectEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invoke('environments.select', { id }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
