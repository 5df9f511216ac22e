import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormField } from '../../ui/FormField';
import { COLUMN_IDS, COLUMNS, type ColumnId } from './columns';
import styles from './Watchlist.module.css';

/** A native modal `<dialog>` (focus trap, inert background, Escape) opened on mount. */
function Modal({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={ref} aria-label={label} className={styles.dialog} onClose={onClose} onCancel={onClose}>
      {children}
    </dialog>
  );
}

export function NameDialog({
  title,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  // Shown once a blank name is submitted, and cleared by typing: the field says why nothing happened.
  const [blank, setBlank] = useState(false);
  const trimmed = name.trim();
  return (
    <Modal label={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) {
            setBlank(true);
            return;
          }
          onSubmit(trimmed);
          onClose();
        }}
      >
        <FormField stacked name="name" label="Name" error={blank ? 'Enter a name for the list.' : undefined}>
          {({ id, invalid, describedBy }) => (
            <input
              id={id}
              className="input"
              value={name}
              maxLength={64}
              autoFocus
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => {
                setName(e.target.value);
                setBlank(false);
              }}
            />
          )}
        </FormField>
        <div className={styles.dialogButtons}>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary">
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal label={title} onClose={onClose}>
      <p>{text}</p>
      <div className={styles.dialogButtons}>
        <button type="button" className="btn" autoFocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

export function ColumnsDialog({
  chosen,
  onChange,
  onClose,
}: {
  chosen: readonly ColumnId[];
  onChange: (next: ColumnId[]) => void;
  onClose: () => void;
}) {
  const set = new Set(chosen);
  return (
    <Modal label="Watchlist columns" onClose={onClose}>
      <fieldset className={styles.columns}>
        <legend>Columns</legend>
        {COLUMN_IDS.filter((id) => id !== 'symbol').map((id) => (
          <label key={id}>
            <input
              type="checkbox"
              checked={set.has(id)}
              onChange={(e) =>
                onChange(
                  COLUMN_IDS.filter((c) => c === 'symbol' || (c === id ? e.target.checked : set.has(c))),
                )
              }
            />{' '}
            {COLUMNS[id].label}
            {COLUMNS[id].ext ? ' (extended hours)' : ''}
          </label>
        ))}
      </fieldset>
      <div className={styles.dialogButtons}>
        <button type="button" className="btn" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
