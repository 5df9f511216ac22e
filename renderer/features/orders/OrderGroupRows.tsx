import { OrderActionsCell } from './OrderActionsCell';
import { FormField } from '../../ui/FormField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { modifyOrder, type ModifyOrder, type OrderRecord } from '../../../shared/openapi/records/orders';
import { errorMessage, invoke } from '../../lib/bridge';
import { OrderCells } from './OrderCells';
import { childStatus, groupCancels, groupKindName, groupStatus, roleName } from './blotter-items';
import { isOpenOrder, orderContract } from './order-text';
import { refreshTrading } from './use-trade-events';
import styles from './Orders.module.css';

/**
 * A linked group (a bracket, OTO, OCO or OTOCO) as one row of the blotter, with a disclosure button
 * that shows its orders below it (a child waiting for its entry says so), and Replace and Cancel for
 * the group as a whole (docs/ui.md "Orders blotter").
 */
export function OrderGroupRows({ orders, dated }: { orders: OrderRecord[]; dated: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const ids = useId();
  const queryClient = useQueryClient();
  const head = orders.find((o) => o.combo_type === 'MASTER') ?? orders[0];
  const cancels = groupCancels(orders);
  const cancel = useMutation({
    mutationFn: async () => {
      for (const o of cancels)
        await invoke('api.orderCancel', { account_id: o.account_id, client_order_id: o.client_order_id });
    },
    onSettled: () => refreshTrading(queryClient),
  });
  if (!head) return null;
  const kind = groupKindName(orders);
  const name = `${orderContract(head)} ${kind}`;
  const childIds = orders.map((o) => `${ids}-${o.client_order_id}`).join(' ');
  return (
    <>
      <tr>
        <OrderCells
          order={head}
          dated={dated}
          status={groupStatus(orders)}
          type={kind.toUpperCase()}
          contract={
            <>
              <button
                type="button"
                className={styles.disclosure}
                aria-expanded={expanded}
                aria-controls={expanded ? childIds : undefined}
                aria-label={`Orders of ${name}`}
                onClick={() => setExpanded((v) => !v)}
              >
                {expanded ? '▾' : '▸'}
              </button>{' '}
              {name}
            </>
          }
        />
        <OrderActionsCell
          name={name}
          open={cancels.length > 0}
          onReplace={() => setEditing((v) => !v)}
          onCancel={() => cancel.mutate()}
          cancelling={cancel.isPending}
          cancelError={cancel.error}
        />
      </tr>
      {expanded &&
        orders.map((o) => (
          <tr key={o.client_order_id} id={`${ids}-${o.client_order_id}`} className={styles.child}>
            <OrderCells
              order={o}
              dated={dated}
              status={childStatus(o, orders)}
              contract={`${roleName(o)}: ${orderContract(o)}`}
            />
            <td />
          </tr>
        ))}
      {editing && (
        <tr>
          <td colSpan={11}>
            <GroupReplaceForm
              orders={orders.filter(isOpenOrder)}
              name={name}
              done={() => setEditing(false)}
            />
          </td>
        </tr>
      )}
    </>
  );
}

type Price = 'limit_price' | 'stop_price';
/** The price a trader changes on each open order of the group: the entry's, the take-profit's limit, the stop-loss's stop. */
const pricesOf = (o: OrderRecord): Price[] =>
  (['limit_price', 'stop_price'] as const).filter((p) => o[p] !== undefined && o.trailing_type === undefined);
const PRICE_LABEL: Record<Price, string> = { limit_price: 'limit', stop_price: 'stop' };

/** New prices for the group's open orders, sent as one replacement of the orders changed. */
function GroupReplaceForm({ orders, name, done }: { orders: OrderRecord[]; name: string; done(): void }) {
  const queryClient = useQueryClient();
  const key = (o: OrderRecord, p: Price) => `${o.client_order_id}:${p}`;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(orders.flatMap((o) => pricesOf(o).map((p) => [key(o, p), o[p] ?? '']))),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const replace = useMutation({
    mutationFn: (modify_orders: ModifyOrder[]) =>
      invoke('api.orderReplace', { account_id: orders[0]?.account_id ?? '', modify_orders }),
    onSuccess: done,
    onSettled: () => refreshTrading(queryClient),
  });
  const submit = () => {
    const next: Record<string, string> = {};
    const changes: ModifyOrder[] = [];
    for (const o of orders) {
      const patch: Partial<Record<Price, string>> = {};
      for (const p of pricesOf(o)) {
        const v = (values[key(o, p)] ?? '').trim();
        if (v !== o[p]) patch[p] = v;
      }
      if (Object.keys(patch).length === 0) continue;
      // The catalogue's own rule for a change: a bad value is shown at its field and nothing is sent.
      const checked = modifyOrder.safeParse({ client_order_id: o.client_order_id, ...patch });
      if (checked.success) changes.push(checked.data);
      else for (const issue of checked.error.issues) next[key(o, issue.path[0] as Price)] ??= issue.message;
    }
    setErrors(next);
    if (Object.keys(next).length === 0 && changes.length > 0) replace.mutate(changes);
  };
  return (
    <form
      aria-label={`Replace ${name}`}
      className={styles.replace}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {orders.flatMap((o) =>
        pricesOf(o).map((p) => {
          const k = key(o, p);
          return (
            <FormField
              key={k}
              name={k}
              className={styles.replaceField}
              label={`${roleName(o)} ${PRICE_LABEL[p]}`}
              error={errors[k]}
            >
              {(c) => (
                <input
                  id={c.id}
                  inputMode="decimal"
                  value={values[k] ?? ''}
                  aria-invalid={c.invalid}
                  aria-describedby={c.describedBy}
                  onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
                />
              )}
            </FormField>
          );
        }),
      )}
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
