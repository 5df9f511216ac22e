import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Account } from '../../../shared/openapi/records/accounts';
import { apiQuery } from '../../lib/queries';

/** The account the top bar chose: the blotter, positions, balances and new tickets start on it. */
interface AccountState {
  accountId: string | undefined;
  choose(accountId: string): void;
}
export const useAccountStore = create<AccountState>((set) => ({
  accountId: undefined,
  choose: (accountId) => set({ accountId }),
}));

/** "Margin ·· 1234": accounts told apart by type and the end of their number. */
export function accountLabel(a: Account): string {
  const type = a.account_type.charAt(0) + a.account_type.slice(1).toLowerCase();
  const number = a.account_number ?? a.account_id;
  return `${type} ·· ${number.slice(-4)}`;
}

export function useAccounts() {
  return useQuery(apiQuery('api.accountList', {}, { staleTime: 60_000 }));
}

/** The chosen account, else the first one listed. */
export function useActiveAccountId(): string | undefined {
  const chosen = useAccountStore((s) => s.accountId);
  return activeAccountIn(useAccounts().data, chosen);
}

/** The same rule outside React (a hotkey at its keypress), on the account list already fetched. */
export function activeAccountIn(
  accounts: readonly Account[] | undefined,
  chosen = useAccountStore.getState().accountId,
): string | undefined {
  if (chosen && accounts?.some((a) => a.account_id === chosen)) return chosen;
  return accounts?.[0]?.account_id;
}

/**
 * What an account panel waits on before its own call: the account list. Its failure is the
 * panel's error (an environment that refuses has no accounts to ask about, and a panel that kept
 * waiting for one showed "Loading…" for ever); an empty list is said, not waited on.
 */
export const NO_ACCOUNTS = 'This environment lists no accounts.';

export interface AccountGate {
  accountId: string | undefined;
  /** The list is on its way. */
  pending: boolean;
  error: unknown;
  /** The list came back empty. */
  none: boolean;
  retry(): void;
}

export function useAccountGate(): AccountGate {
  const accounts = useAccounts();
  const accountId = useActiveAccountId();
  return {
    accountId,
    pending: accounts.isPending,
    error: accounts.error ?? undefined,
    none: accounts.isSuccess && accounts.data.length === 0,
    retry: () => void accounts.refetch(),
  };
}
