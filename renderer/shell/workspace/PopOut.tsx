import { useState } from 'react';
import type { PanelId } from '../../../shared/ui/panels';
import { LINK_GROUPS } from '../../../shared/ui/workspace-rules';
import { PanelHost } from '../panels/PanelHost';
import type { LinkedInstrument } from '../../ui/panel-types';
import { PANEL_REGISTRY } from '../panels/registry';
import { useWorkspaceStore } from './workspace-store';
import { quoteCategory } from '../../features/quotes/use-quotes';

/**
 * A panel alone in its own window (`window.openPanel`). It starts on the instrument and in the link
 * group it was opened with (a group spans windows, ./link-bus.ts), so a popped-out chart follows
 * the watchlist it came from. Its settings are not persisted.
 */
export function PopOut({ panel }: { panel: PanelId }) {
  const instanceId = `window:${panel}`;
  useState(() => {
    const q = new URLSearchParams(window.location.search);
    const symbol = q.get('symbol');
    const category: LinkedInstrument['category'] = quoteCategory(q.get('category'));
    const group = LINK_GROUPS.find((g) => g === q.get('group')) ?? 'none';
    const instrument = symbol ? { symbol, category } : undefined;
    useWorkspaceStore.getState().load({
      panels: {
        [instanceId]: {
          panel,
          settings: { ...PANEL_REGISTRY[panel].defaultSettings },
          group,
          instrument: group === 'none' ? instrument : undefined,
        },
      },
      groups: group !== 'none' && instrument ? { [group]: instrument } : {},
    });
  });
  return (
    <div className="single">
      <PanelHost instanceId={instanceId} panel={panel} inDock={false} />
    </div>
  );
}
