import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsSchema, type Settings } from '../../../shared/ipc/app-types';
import { errorMessage, invoke } from '../../lib/bridge';
import { formatPrice, formatVolume } from '../../lib/format';
import { apiQuery } from '../../lib/queries';
import { FormField } from '../../ui/FormField';
import styles from './Settings.module.css';

/** Order confirmations and which order events notify (docs/ui.md "Orders, positions, balances"). */
export function OrderSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(apiQuery('settings.get', {})).data;
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => invoke('settings.set', patch),
    onSuccess: (next) => queryClient.setQueryData(['settings.get', {}], next),
  });
  const openGuards = useMutation({
    mutationFn: () => invoke('settings.openOrderGuards', {}),
    onSuccess: (next) => queryClient.setQueryData(['settings.get', {}], next),
  });
  const [quantity, setQuantity] = useState<string>();
  const [quantityError, setQuantityError] = useState<string>();
  if (!settings) return null;
  // The schema main applies, said at the field; nothing is sent until it holds.
  const saveQuantity = () => {
    if (quantity === undefined || quantity.trim() === settings.defaultQuantity) return;
    const checked = settingsSchema.shape.defaultQuantity.safeParse(quantity.trim());
    if (!checked.success) {
      setQuantityError(`Default quantity: ${checked.error.issues[0]?.message ?? 'not a quantity'}`);
      return;
    }
    setQuantityError(undefined);
    save.mutate({ defaultQuantity: checked.data }, { onSuccess: () => setQuantity(undefined) });
  };
  const kinds = [
    ['filled', 'Notify when an order fills'],
    ['partial', 'Notify when an order partly fills'],
    ['rejected', 'Notify when an order is rejected'],
  ] as const;
  return (
    <fieldset className={styles.orderSettings}>
      <legend>Orders</legend>
      <p>
        {settings.confirmOrders
          ? 'Every order is confirmed before it is sent'
          : 'Orders are confirmed only beyond your limits'}
        {`; limits: value ${formatPrice(settings.orderGuards.maxOrderValue)}, quantity ${formatVolume(settings.orderGuards.maxQuantity)}, ${settings.orderGuards.maxPriceDistancePct} % from the last price.`}
      </p>
      {/* Weakening a guard is main's decision, in its own dialogs: this only asks main to open them. */}
      <button type="button" onClick={() => openGuards.mutate()}>
        Order confirmations and limits…
      </button>
      <FormField
        stacked
        name="qty"
        label="Default quantity (contracts) for a new ticket"
        error={quantityError}
      >
        {({ id, invalid, describedBy }) => (
          <input
            id={id}
            className="input"
            inputMode="numeric"
            value={quantity ?? settings.defaultQuantity}
            // No attribute while valid, as this field always had ("false" would mean the same).
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              setQuantity(e.target.value);
              setQuantityError(undefined);
            }}
            onBlur={saveQuantity}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveQuantity();
            }}
          />
        )}
      </FormField>
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
      {openGuards.error && <span role="alert">{errorMessage(openGuards.error)}</span>}
    </fieldset>
  );
}
