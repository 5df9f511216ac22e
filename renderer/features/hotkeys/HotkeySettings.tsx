import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsSchema, type Settings } from '../../../shared/ipc/app-types';
import { HOTKEY_ACTION_LABEL, HOTKEY_ACTIONS, type HotkeyAction } from '../../../shared/ui/hotkeys';
import { errorMessage, invoke } from '../../lib/bridge';
import { FormField } from '../../ui/FormField';
import { apiQuery } from '../../lib/queries';
import { clashes, comboOf } from './hotkey-keys';
import styles from './Hotkeys.module.css';

type Hotkeys = Settings['tradingHotkeys'];

/**
 * Settings → Trading hotkeys: the size in shares and a key for each action. A key field records
 * the next key pressed in it with its modifiers (Backspace or Clear unbinds; Tab leaves); a key
 * already bound to another action is refused at the field. Saved at once, as the other settings.
 */
export function HotkeySettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(apiQuery('settings.get', {})).data;
  const save = useMutation({
    mutationFn: (tradingHotkeys: Hotkeys) => invoke('settings.set', { tradingHotkeys }),
    onSuccess: (next) => queryClient.setQueryData(['settings.get', {}], next),
  });
  const [quantity, setQuantity] = useState<string>();
  const [error, setError] = useState<{ field: string; message: string }>();
  if (!settings) return null;
  const hotkeys = settings.tradingHotkeys;
  const bind = (action: HotkeyAction, combo: string) => {
    const keys = { ...hotkeys.keys, [action]: combo };
    const clash = clashes(keys).find((a) => a !== action);
    if (clash) {
      setError({ field: action, message: `${combo} is already the key for "${HOTKEY_ACTION_LABEL[clash]}"` });
      return;
    }
    setError(undefined);
    save.mutate({ ...hotkeys, keys });
  };
  const saveQuantity = () => {
    if (quantity === undefined || quantity.trim() === hotkeys.quantity) return;
    const checked = settingsSchema.shape.tradingHotkeys.shape.quantity.safeParse(quantity.trim());
    if (!checked.success) {
      setError({
        field: 'quantity',
        message: `Size: ${checked.error.issues[0]?.message ?? 'not a quantity'}`,
      });
      return;
    }
    setError(undefined);
    save.mutate({ ...hotkeys, quantity: checked.data }, { onSuccess: () => setQuantity(undefined) });
  };
  return (
    <fieldset>
      <legend>Trading hotkeys</legend>
      <p>
        Off in every window until armed from the top bar. Each order goes to the broker as a ticket&apos;s
        does, with the same confirmations and limits.
      </p>
      <FormField
        name="quantity"
        label="Hotkey order size (shares)"
        error={error?.field === 'quantity' ? error.message : undefined}
      >
        {(c) => (
          <input
            id={c.id}
            className="input"
            inputMode="numeric"
            value={quantity ?? hotkeys.quantity}
            aria-invalid={c.invalid || undefined}
            aria-describedby={c.describedBy}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={saveQuantity}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveQuantity();
            }}
          />
        )}
      </FormField>
      <div className={styles.keys}>
        {HOTKEY_ACTIONS.map((action) => (
          <div key={action} style={{ display: 'contents' }}>
            <FormField
              name={action}
              label={HOTKEY_ACTION_LABEL[action]}
              error={error?.field === action ? error.message : undefined}
            >
              {(c) => (
                <input
                  id={c.id}
                  className="input mono"
                  readOnly
                  value={hotkeys.keys[action]}
                  placeholder="no key"
                  aria-invalid={c.invalid || undefined}
                  aria-describedby={c.describedBy}
                  onKeyDown={(e) => {
                    if (e.key === 'Tab' || e.key === 'Escape') return;
                    e.preventDefault();
                    if (e.key === 'Backspace' || e.key === 'Delete') bind(action, '');
                    else {
                      const combo = comboOf(e);
                      if (combo) bind(action, combo);
                    }
                  }}
                />
              )}
            </FormField>
            <button
              type="button"
              className="btn"
              aria-label={`Clear the key for ${HOTKEY_ACTION_LABEL[action]}`}
              disabled={!hotkeys.keys[action]}
              onClick={() => bind(action, '')}
            >
              Clear
            </button>
          </div>
        ))}
      </div>
      {save.error && <span role="alert">{errorMessage(save.error)}</span>}
    </fieldset>
  );
}
