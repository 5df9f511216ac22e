import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../shared/ipc/app-types';
import { errorMessage, invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import styles from './Settings.module.css';

/** Order confirmations and which order events notify (docs/ui.md "Orders, positions, balances"). */
export function OrderSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(apiQuery('settings.get', {})).data;
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => invoke('settings.set', patch),
    onSuccess: (next) => queryClient.setQueryData(['settings.get', {}], next),
  });
  if (!settings) return null;
  const kinds = [
    ['filled', 'Notify when an order fills'],
    ['partial', 'Notify when an order partly fills'],
    ['rejected', 'Notify when an order is rejected'],
  ] as const;
  return (
    <fieldset className={styles.orderSettings}>
      <legend>Orders</legend>
      <label>
        <input
          type="checkbox"
          checked={settings.confirmOrders}
          onChange={(e) => save.mutate({ confirmOrders: e.target.checked })}
        />
        Confirm orders before sending
      </label>
      {kinds.map(([kind, label]) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={settings.orderNotifications[kind]}
            onChange={(e) =>
              save.mutate({
                orderNotifications: { ...settings.orderNotifications, [kind]: e.target.checked },
              })
            }
          />
          {label}
        </label>
      ))}
      {save.error && <span role="alert">{errorMessage(save.error)}</span>}
    </fieldset>
  );
}
