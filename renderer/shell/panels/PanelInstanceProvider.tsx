import { useCallback, useMemo, type ReactNode } from 'react';
import type { PanelId } from '../../../shared/ui/panels';
import { PanelInstanceContext } from '../../ui/panel-context';
import { LinkGroupSelect } from '../link-groups/LinkGroupSelect';
import { PopOutButton } from './PopOutButton';

/**
 * Tells the `Panel` frame (renderer/ui/Panel.tsx) inside it which instance it draws and gives it
 * the shell's header controls: the link group when the panel is linkable, pop-out when it is docked.
 */
export function PanelInstanceProvider({
  instanceId,
  panel,
  linkable,
  inDock,
  children,
}: {
  instanceId: string;
  panel: PanelId;
  linkable: boolean;
  inDock: boolean;
  children: ReactNode;
}) {
  const headerControls = useCallback(
    (title: string) => (
      <>
        {linkable && <LinkGroupSelect instanceId={instanceId} />}
        {inDock && <PopOutButton instanceId={instanceId} panel={panel} title={title} />}
      </>
    ),
    [instanceId, panel, linkable, inDock],
  );
  const value = useMemo(() => ({ inDock, headerControls }), [inDock, headerControls]);
  return <PanelInstanceContext.Provider value={value}>{children}</PanelInstanceContext.Provider>;
}
