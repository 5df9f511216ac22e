import { useEffect, useId, useRef } from 'react';

/** The native confirmation dialog (showModal: focus trap, inert background, Escape cancels). */
export function ConfirmOrderDialog({
  text,
  onConfirm,
  onCancel,
}: {
  text: string | undefined;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Two tickets may be open at once: each dialog's title has its own id.
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (text && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!text && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [text]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={onCancel} className="confirm-order">
      <h3 id={titleId}>Confirm order</h3>
      <p>{text}</p>
      <div className="confirm-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={onConfirm} autoFocus>
          Send order
        </button>
      </div>
    </dialog>
  );
}
