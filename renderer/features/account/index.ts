/** The account feature's public face: which account is chosen, and the gate for panels that need one. */
export {
  accountLabel,
  activeAccountIn,
  NO_ACCOUNTS,
  useAccountGate,
  useAccounts,
  useActiveAccountId,
} from './account-store';
