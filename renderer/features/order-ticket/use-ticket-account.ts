import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiQuery } from '../../lib/queries';
import { accountLabel, useAccounts, useActiveAccountId } from '../account';
import type { TicketDraft } from './ticket-model';
import { heldContract } from './ticket-position';

/**
 * The ticket's account and what it holds. The ticket follows the top bar's account until one is
 * chosen in the ticket (saved with the panel); when it moves for any other reason (the top bar, a
 * staged order) the ticket says so, since the order would otherwise go to another account unseen.
 */
export function useTicketAccount(savedAccountId: string | undefined) {
  const accounts = useAccounts();
  const activeAccount = useActiveAccountId();
  const accountId = savedAccountId ?? activeAccount ?? '';
  const account = accounts.data?.find((a) => a.account_id === accountId);
  const accountName = account ? accountLabel(account) : accountId;
  const [notice, setNotice] = useState<string | undefined>();
  const last = useRef(accountName);
  useEffect(() => {
    if (last.current && accountName && last.current !== accountName)
      setNotice(`The ticket's account is now ${accountName} (was ${last.current}).`);
    last.current = accountName;
  }, [accountName]);
  const positions = useQuery({
    ...apiQuery('api.positions', { account_id: accountId }),
    enabled: accountId !== '',
  });
  const balance = useQuery({
    ...apiQuery('api.balance', { account_id: accountId }),
    enabled: accountId !== '',
  });
  return {
    accounts,
    accountId,
    accountName,
    notice,
    /** The trader chose the account in the ticket: no notice for that change. */
    chosenHere() {
      setNotice(undefined);
      last.current = '';
    },
    balance: balance.data,
    held: (draft: Pick<TicketDraft, 'underlying' | 'expiry' | 'strike' | 'optionType'>) =>
      heldContract(positions.data, draft),
  };
}
