import { useMutation } from '@tanstack/react-query';
import type { PanelId } from '../../../shared/ui/panels';
import { errorMessage, invoke } from '../../lib/bridge';
import { instrumentIn, useWorkspaceStore } from '../workspace/workspace-store';

/** Opens this panel in a window of its own (main's `window.openPanel`), on the same instrument and link group. */
export function PopOutButton({
  instanceId,
  panel,
  title,
}: {
  instanceId: string;
  panel: PanelId;
  title: string;
}) {
  const open = useMutation({
    mutationFn: () => {
      const state = useWorkspaceStore.getState();
      const instrument = instrumentIn(state, instanceId);
      return invoke('window.openPanel', {
        panel,
        symbol: instrument?.symbol,
        category: instrument?.category,
        group: state.panels[instanceId]?.group,
      });
    },
  });
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={`Open ${title} in a new window`}
      title={open.error ? `Could not open the window: ${errorMessage(open.error)}` : 'Open in a new window'}
      data-error={open.error ? 'true' : undefined}
      onClick={() => open.mutate()}
    >
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M5 1H1v10h10V7M7 1h4v4M11 1 5.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
      </svg>
    </button>
  );
}
