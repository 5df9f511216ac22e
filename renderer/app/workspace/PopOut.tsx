import { useState } from 'react';
import type { PanelId } from '../../../shared/ui/panels';
import { PanelHost } from '../panels/PanelHost';
import { PANEL_REGISTRY } from '../panels/registry';
import { useWorkspaceStore } from './workspace-store';

/**
 * A panel alone in its own window (`window.openPanel`). It starts on the instrument it was opened
 * with and is unlinked: link groups live in one window's memory. Its settings are not persisted.
 */
export function PopOut({ panel }: { panel: PanelId }) {
  const instanceId = `window:${panel}`;
  useState(() => {
    const q = new URLSearchParams(window.location.search);
    const symbol = q.get('symbol');
    const category = q.get('category') === 'US_ETF' ? 'US_ETF' : 'US_STOCK';
    useWorkspaceStore.getState().load({
      panels: {
        [instanceId]: {
          panel,
          settings: { ...PANEL_REGISTRY[panel].defaultSettings },
          group: 'none',
          instrument: symbol ? { symbol, category } : undefined,
        },
      },
      groups: {},
    });
  });
  return (
    <div className="single">
      <PanelHost instanceId={instanceId} panel={panel} inDock={false} />
    </div>
  );
}
