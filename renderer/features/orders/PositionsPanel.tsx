import { useQuery } from '@tanstack/react-query';
import { Decimal } from '../../../shared/decimal';
import type { Position } from '../../../shared/openapi/records/accounts';
import { Panel } from '../../app/panels/Panel';
import type { PanelProps } from '../../app/panels/panel-types';
import { direction, formatPrice, formatSigned } from '../../lib/format';
import { apiQuery } from '../../lib/queries';
import { useActiveAccountId } from '../account/account-store';
import { positionContract, positionUnderlying } from './order-text';
import styles from './Orders.module.css';
import { TableHead } from './TableHead';
import { NO_ACCOUNTS, useAccountGate } from '../account/account-store';

/** Day P&L of a position: quantity × multiplier × (last − previous close), when both are known. */
function dayPnl(p: Position): string | undefined {
  const pre = (p as Record<string, unknown>).pre_close;
  if (typeof pre !== 'string' || !p.last_price) return undefined;
  return new Decimal(p.last_price)
    .minus(pre)
    .times(p.quantity)
    .times(p.multiplier ?? 1)
    .toFixed(2);
}

/** Positions of the chosen account; a row links its underlying to the panel's group. */
export function PositionsPanel({ setInstrument }: PanelProps) {
  const accountId = useActiveAccountId();
  const gate = useAccountGate();
  const query = useQuery({
    ...apiQuery('api.positions', { account_id: accountId ?? '' }),
    enabled: accountId !== undefined,
  });
  const rows = query.data ?? [];
  return (
    <Panel
      title="Positions"
      loading={(gate.pending || (accountId !== undefined && query.isPending)) && 'Loading positions…'}
      error={gate.error ?? query.error}
      onRetry={() => (gate.error ? gate.retry() : void query.refetch())}
      empty={gate.none ? NO_ACCOUNTS : rows.length === 0 && 'No positions.'}
    >
      <table className={`${styles.table} ${styles.frozen1}`}>
        <TableHead
          columns={[
            'Instrument',
            'Category',
            { num: 'Qty' },
            { num: 'Avg cost' },
            { num: 'Last' },
            { num: 'Market value' },
            { num: 'Day P&L' },
            { num: 'Total P&L' },
          ]}
        />
        <tbody>
          {rows.map((p) => {
            const underlying = positionUnderlying(p);
            const day = dayPnl(p);
            return (
              <tr key={p.instrument_id}>
                <td>
                  <button
                    type="button"
                    className={styles.link}
                    aria-label={`Show ${underlying}`}
                    onClick={() => setInstrument({ symbol: underlying, category: 'US_STOCK' })}
                  >
                    {positionContract(p)}
                  </button>
                </td>
                <td>{p.instrument_type}</td>
                <td className={styles.num}>{p.quantity}</td>
                <td className={styles.num}>{formatPrice(p.cost_price)}</td>
                <td className={styles.num}>{formatPrice(p.last_price)}</td>
                <td className={styles.num}>{formatPrice(p.market_value)}</td>
                <td className={`${styles.num} ${direction(day)}`}>{formatSigned(day)}</td>
                <td className={`${styles.num} ${direction(p.unrealized_profit_loss)}`}>
                  {formatSigned(p.unrealized_profit_loss)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}
