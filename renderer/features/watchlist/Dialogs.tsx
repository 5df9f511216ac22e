import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  const trimmed = name.trim();
  return (
    <Modal label={title} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          onSubmit(trimmed);
          onClose();
        }}
      >
        <label>
          Name{' '}
          <input
            className="input"
            value={name}
            maxLength={64}
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <div className={styles.dialogButtons}>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!trimmed}>
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
