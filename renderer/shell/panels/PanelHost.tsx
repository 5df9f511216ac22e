import { Suspense, useCallback, useEffect, useMemo } from 'react';
import type { PanelId } from '../../../shared/ui/panels';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { useInstrument, useWorkspaceStore } from '../workspace/workspace-store';
import { PanelLoadingContext } from './lazy-panel';
import { PanelInstanceProvider } from './PanelInstanceProvider';
import { Panel } from '../../ui/Panel';
import type { LinkedInstrument } from '../../ui/panel-types';
import { PANEL_REGISTRY } from './registry';

/**
 * One panel instance: looks its definition up in the registry and hands the component its
 * `PanelProps` (settings and link-group instrument from the workspace store). A panel that throws
 * or is still loading its code shows the frame with an error or a loading state, never nothing.
 */
export function PanelHost({
  instanceId,
  panel,
  inDock,
}: {
  instanceId: string;
  panel: PanelId;
  inDock: boolean;
}) {
  const def = PANEL_REGISTRY[panel];
  const ensurePanel = useWorkspaceStore((s) => s.ensurePanel);
  useEffect(() => ensurePanel(instanceId, panel, def.defaultSettings), [ensurePanel, instanceId, panel, def]);
  const stored = useWorkspaceStore((s) => s.panels[instanceId]?.settings);
  // Defaults under what was saved: a setting added in a later version has its default in a
  // workspace saved before it existed.
  const settings = useMemo(() => ({ ...def.defaultSettings, ...stored }), [def, stored]);
  const instrument = useInstrument(instanceId);
  const updateSettings = useCallback(
    (patch: object) => useWorkspaceStore.getState().updateSettings(instanceId, patch),
    [instanceId],
  );
  const setInstrument = useCallback(
    (next: LinkedInstrument) => useWorkspaceStore.getState().setInstrument(instanceId, next),
    [instanceId],
  );
  const Component = def.component;
  const loading = useMemo(() => <Panel title={def.title} loading />, [def.title]);
  return (
    <PanelInstanceProvider instanceId={instanceId} panel={panel} linkable={def.linkable} inDock={inDock}>
      <ErrorBoundary name={def.title}>
        <PanelLoadingContext.Provider value={loading}>
          {/* The panel's code loads without suspending (lazy-panel.tsx); this catches anything
              inside a panel that does suspend. */}
          <Suspense fallback={loading}>
            <Component
              instanceId={instanceId}
              settings={settings}
              updateSettings={updateSettings}
              instrument={instrument}
              setInstrument={setInstrument}
            />
          </Suspense>
        </PanelLoadingContext.Provider>
      </ErrorBoundary>
    </PanelInstanceProvider>
  );
}
