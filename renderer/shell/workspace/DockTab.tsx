import type { IDockviewHeaderActionsProps, IDockviewPanelHeaderProps } from 'dockview-react';
import { useEffect, useRef, useState } from 'react';

/**
 * A dock tab: the panel's title. Dockview's tab element is itself the focusable `role="tab"`, and
 * a control inside a control is unusable for screen readers (axe: nested-interactive), so the tab
 * holds no button: Delete on the focused tab closes its panel, and the group's header has a real
 * "Close <title>" button for its active panel (`DockGroupActions`). Dragging the tab moves, tabs
 * or splits the panel.
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
    <div className="dock-tab" ref={root} title={`${title} (Delete closes)`}>
      <span className="dock-tab__title">{title}</span>
    </div>
  );
}

/** The right end of a group's tab strip: close the group's active panel ("Close Chart"). */
export function DockGroupActions({ activePanel }: IDockviewHeaderActionsProps) {
  if (!activePanel) return null;
  const title = activePanel.title ?? activePanel.id;
  return (
    <button
      type="button"
      className="dock-tab__close"
      aria-label={`Close ${title}`}
      title={`Close ${title}`}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={() => activePanel.api.close()}
    >
      ×
    </button>
  );
}
