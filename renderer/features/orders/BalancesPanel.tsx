import { useQuery } from '@tanstack/react-query';
import { Panel } from '../../ui/Panel';
import { formatMoney, formatMoneyChange } from '../../lib/format';
import { formatEtLabelled } from '../../lib/time';
import { apiQuery } from '../../lib/queries';
import { accountLabel, useAccounts, NO_ACCOUNTS, useAccountGate } from '../account';
import styles from './Orders.module.css';

/** Balances of the account chosen in the top bar. */
export function BalancesPanel() {
  const gate = useAccountGate();
  const accountId = gate.accountId;
  const account = useAccounts().data?.find((a) => a.account_id === accountId);
  const query = useQuery({
    ...apiQuery('api.balance', { account_id: accountId ?? '' }),
    enabled: accountId !== undefined,
  });
  const b = query.data;
  const rows: [string, string][] = b
    ? [
        ['Total assets', formatMoney(b.total_asset)],
        ['Cash', formatMoney(b.total_cash)],
        ['Market value', formatMoney(b.total_market_value)],
        ['Buying power', formatMoney(b.buying_power)],
        ['Option buying power', formatMoney(b.option_buying_power)],
        ['Day P&L', formatMoneyChange(b.day_profit_loss)],
        ['Unrealized P&L', formatMoneyChange(b.unrealized_profit_loss)],
        ['Realized P&L', formatMoneyChange(b.realized_profit_loss)],
        ['Updated', formatEtLabelled(b.updated_at)],
      ]
    : [];
  return (
    <Panel
      title="Balances"
      meta={account ? accountLabel(account) : undefined}
      loading={(gate.pending || (accountId !== undefined && query.isPending)) && 'Loading balances…'}
      error={gate.error ?? query.error}
      onRetry={() => (gate.error ? gate.retry() : void query.refetch())}
      empty={gate.none && NO_ACCOUNTS}
    >
      <dl className={styles.balances} aria-label="Balances">
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
