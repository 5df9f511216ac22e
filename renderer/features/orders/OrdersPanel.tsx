import { OrderActionsCell } from './OrderActionsCell';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { modifyOrder, type OrderRecord } from '../../../shared/openapi/records/orders';
import { FormField } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { errorMessage, invoke } from '../../lib/bridge';
import { todayEt } from '../../lib/time';
import { apiQuery } from '../../lib/queries';
import { NO_ACCOUNTS, useAccountGate } from '../account';
import { isOpenOrder, orderContract } from './order-text';
import { refreshTrading } from './use-trade-events';
import styles from './Orders.module.css';
import { TableHead } from './TableHead';
import { OrderCells } from './OrderCells';
import { blotterItems } from './blotter-items';
import { OrderGroupRows } from './OrderGroupRows';

type Tab = 'open' | 'today' | 'history';
const TABS: { id: Tab; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'today', label: "Today's" },
  { id: 'history', label: 'History' },
];

/** The orders blotter: open, today's and older orders, with replace and cancel on open rows. */
export function OrdersPanel({ settings, updateSettings }: PanelProps<{ tab?: Tab }>) {
  const tab = settings.tab ?? 'open';
  const gate = useAccountGate();
  const accountId = gate.accountId;
  const today = todayEt();
  const query = useQuery({
    ...(tab === 'open'
      ? apiQuery('api.ordersOpen', { account_id: accountId ?? '', page_size: 100 })
      : apiQuery('api.ordersHistory', {
          account_id: accountId ?? '',
          page_size: 100,
          ...(tab === 'today' ? { start_date: today, end_date: today } : {}),
        })),
    enabled: accountId !== undefined,
  } as ReturnType<typeof apiQuery<'api.ordersOpen'>>);
  const orders = query.data ?? [];
  return (
    <Panel
      title="Orders"
      meta="times ET"
      loading={(gate.pending || (accountId !== undefined && query.isPending)) && 'Loading orders…'}
      error={gate.error ?? query.error}
      onRetry={() => (gate.error ? gate.retry() : void query.refetch())}
      actions={
        <div role="tablist" aria-label="Orders" className={styles.tabs}>
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              onClick={() => updateSettings({ tab: t.id })}
            >
              {t.label}
            </button>
          ))}
        </div>
      }
      empty={
        gate.none
          ? NO_ACCOUNTS
          : orders.length === 0 && (tab === 'open' ? 'No open orders.' : 'No orders in this period.')
      }
    >
      <table className={`${styles.table} ${styles.frozen2} ${styles.frozenActions}`}>
        <TableHead
          columns={[
            'Time',
            'Contract',
            // Status beside what the order is: a narrow blotter shows it without scrolling sideways.
            'Status',
            'Side',
            'Type',
            { num: 'Qty' },
            { num: 'Filled' },
            { num: 'Limit' },
            { num: 'Stop' },
            { num: 'Avg fill' },
            'Actions',
          ]}
        />
        <tbody>
          {blotterItems(orders).map((item) =>
            item.kind === 'group' ? (
              <OrderGroupRows key={item.id} orders={item.orders} dated={tab !== 'today'} />
            ) : (
              <OrderRow key={item.order.client_order_id} order={item.order} dated={tab !== 'today'} />
            ),
          )}
        </tbody>
      </table>
    </Panel>
  );
}

/** `dated`: the row may be from another day (open GTC orders, history), so its time carries the date. */
function OrderRow({ order: o, dated }: { order: OrderRecord; dated: boolean }) {
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const option = o.instrument_type === 'OPTION';
  const contract = orderContract(o);
  const cancel = useMutation({
    mutationFn: () =>
      invoke(option ? 'api.optionOrderCancel' : 'api.orderCancel', {
        account_id: o.account_id,
        client_order_id: o.client_order_id,
      }),
    onSettled: () => refreshTrading(queryClient),
  });
  return (
    <>
      <tr>
        <OrderCells order={o} dated={dated} contract={contract} />
        <OrderActionsCell
          name={contract}
          open={isOpenOrder(o)}
          replaceable={o.entrust_type !== 'AMOUNT'}
          onReplace={() => setEditing((v) => !v)}
          onCancel={() => cancel.mutate()}
          cancelling={cancel.isPending}
          cancelError={cancel.error}
        />
      </tr>
      {editing && (
        <tr>
          <td colSpan={11}>
            <ReplaceForm order={o} contract={contract} done={() => setEditing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

type OrderModify = z.output<typeof modifyOrder>;
type ReplaceField = 'quantity' | 'limit_price' | 'stop_price';

function ReplaceForm({ order: o, contract, done }: { order: OrderRecord; contract: string; done(): void }) {
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState(o.quantity);
  const [limit, setLimit] = useState(o.limit_price ?? '');
  const [stop, setStop] = useState(o.stop_price ?? '');
  const [errors, setErrors] = useState<Partial<Record<ReplaceField, string>>>({});
  const replace = useMutation({
    mutationFn: (modify: OrderModify) =>
      invoke(o.instrument_type === 'OPTION' ? 'api.optionOrderReplace' : 'api.orderReplace', {
        account_id: o.account_id,
        modify_orders: [modify],
      }),
    onSuccess: done,
    onSettled: () => refreshTrading(queryClient),
  });
  // The catalogue's own rule for a change: a bad value is shown at its field and nothing is sent.
  const submit = () => {
    const checked = modifyOrder.safeParse({
      client_order_id: o.client_order_id,
      quantity: quantity.trim(),
      ...(o.limit_price !== undefined ? { limit_price: limit.trim() } : {}),
      ...(o.stop_price !== undefined ? { stop_price: stop.trim() } : {}),
    });
    if (!checked.success) {
      const next: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'quantity' || field === 'limit_price' || field === 'stop_price')
          next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    replace.mutate(checked.data);
  };
  const input = (field: ReplaceField, label: string, value: string, set: (v: string) => void) => (
    <FormField stacked name={field} label={label} error={errors[field]}>
      {({ id, invalid, describedBy }) => (
        <input
          id={id}
          inputMode={field === 'quantity' ? 'numeric' : 'decimal'}
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => set(e.target.value)}
        />
      )}
    </FormField>
  );
  return (
    <form
      aria-label={`Replace ${contract}`}
      className={styles.replace}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {input('quantity', 'Quantity', quantity, setQuantity)}
      {o.limit_price !== undefined && input('limit_price', 'Limit price', limit, setLimit)}
      {o.stop_price !== undefined && input('stop_price', 'Stop price', stop, setStop)}
      <button type="submit" className="btn primary" disabled={replace.isPending}>
        Send replacement
      </button>
      <button type="button" className="btn" onClick={done}>
        Close
      </button>
      {replace.error && <span role="alert">{errorMessage(replace.error)}</span>}
    </form>
  );
}
