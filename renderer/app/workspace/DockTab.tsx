import type { IDockviewPanelHeaderProps } from 'dockview-react';
import { useEffect, useRef, useState } from 'react';

/**
 * A dock tab: the panel's title and a close button with an accessible name ("Close Chart").
 * Dockview's tab element is itself the focusable `role="tab"`, and a control inside a control is
 * unusable for screen readers (axe: nested-interactive), so the button is out of the tab order and
 * Delete on the focused tab closes the panel instead. Dragging the tab moves, tabs or splits it.
 */
export function DockTab({ api }: IDockviewPanelHeaderProps) {
  const [title, setTitle] = useState(api.title ?? api.id);
  useEffect(() => {
    const off = api.onDidTitleChange((e) => setTitle(e.title));
    return () => off.dispose();
  }, [api]);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tab = root.current?.closest<HTMLElement>('[role="tab"]');
    if (!tab) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Delete' && e.target === tab) {
        e.preventDefault();
        api.close();
      }
    };
    tab.addEventListener('keydown', onKey);
    return () => tab.removeEventListener('keydown', onKey);
  }, [api]);
  return (
    <div className="dock-tab" ref={root}>
      <span className="dock-tab__title">{title}</span>
      <button
        type="button"
        className="dock-tab__close"
        tabIndex={-1}
        aria-label={`Close ${title}`}
        title={`Close ${title}`}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          api.close();
        }}
      >
        ×
      </button>
    </div>
  );
}
