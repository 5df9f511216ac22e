import type { IDockviewPanelHeaderProps } from 'dockview-react';
import { useEffect, useState } from 'react';

/**
 * A dock tab: the panel's title and a real close button with an accessible name ("Close Chart"),
 * reachable by Tab. Dragging the tab (dockview) moves, tabs or splits the panel.
 */
export function DockTab({ api }: IDockviewPanelHeaderProps) {
  const [title, setTitle] = useState(api.title ?? api.id);
  useEffect(() => {
    const off = api.onDidTitleChange((e) => setTitle(e.title));
    return () => off.dispose();
  }, [api]);
  return (
    <div className="dock-tab">
      <span className="dock-tab__title">{title}</span>
      <button
        type="button"
        className="dock-tab__close"
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
