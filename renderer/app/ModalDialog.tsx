import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A native modal `<dialog>` (Settings, the command palette, the shortcut help): the browser traps
 * focus, makes the page behind inert and Escape cancels; focus goes back to what opened it. A press
 * on the backdrop closes it.
 */
export function ModalDialog({
  className,
  labelledBy,
  label,
  onClose,
  onKeyDown,
  children,
}: {
  className: string | undefined;
  labelledBy?: string;
  label?: string;
  onClose: () => void;
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onMouseDown={(e) => {
        // A press on the backdrop targets the dialog itself, outside its box.
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
