import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const TABBABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href]';

/**
 * A modal dialog makes the page behind it inert, but Tab past its last control leaves for the
 * browser's own UI (or the body, in a frameless window); wrap to the first control instead.
 */
function wrapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const list = [...e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.offsetParent !== null,
  );
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}

/**
 * A native modal `<dialog>` (Settings, the command palette, the shortcut help): the browser makes
 * the page behind inert and Escape cancels; Tab wraps inside it (wrapTab); focus goes back to what
 * opened it. A press on the backdrop closes it. The one modal of the app: no feature keeps its own
 * focus handling.
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
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (!e.defaultPrevented) wrapTab(e);
      }}
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
