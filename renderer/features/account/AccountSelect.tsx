import { accountLabel, useAccounts, useAccountStore, useActiveAccountId } from './account-store';

/** The top bar's account selector (a native select, named "Account"). */
export function AccountSelect() {
  const accounts = useAccounts();
  const active = useActiveAccountId();
  const choose = useAccountStore((s) => s.choose);
  if (!accounts.data?.length) return null;
  return (
    <label className="topbar-account">
      <span className="visually-hidden">Account</span>
      <select
        className="select"
        aria-label="Account"
        value={active ?? ''}
        onChange={(e) => choose(e.target.value)}
      >
        {accounts.data.map((a) => (
          <option key={a.account_id} value={a.account_id}>
            {accountLabel(a)}
          </option>
        ))}
      </select>
    </label>
  );
}
