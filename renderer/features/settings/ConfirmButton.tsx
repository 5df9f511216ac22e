import { useState } from 'react';
import styles from './Settings.module.css';

/**
 * A destructive action that asks first, inline (no native dialog: it would block the renderer
 * and cannot be styled or tested like the rest of the panel).
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="btn btn--danger-ghost"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <span className={styles.confirm} role="group" aria-label={question}>
      <span className={styles.confirmQ}>{question}</span>
      <button
        type="button"
        className="btn btn--danger"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void Promise.resolve(onConfirm()).finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn" autoFocus onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
