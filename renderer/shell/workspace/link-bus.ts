import { useEffect } from 'react';
import { LINK_GROUPS, type LinkGroup } from '../../../shared/ui/workspace-rules';
import { invoke, subscribe } from '../../lib/bridge';
import type { LinkedInstrument } from '../../ui/panel-types';
import { useWorkspaceStore } from './workspace-store';

const key = (i: LinkedInstrument | undefined) => (i ? `${i.category}:${i.symbol}` : '');

/**
 * Link groups span the app's windows (docs/ui.md "Link groups"): a group's instrument chosen in
 * this window is told to main (`links.publish`), which tells every other window; one told by
 * another window moves this window's group. What was told here is not told back, so two windows
 * never bounce a choice between them. Mounted once per window.
 */
export function useLinkBus(): void {
  useEffect(() => {
    const told: Partial<Record<LinkGroup, string>> = {};
    let previous = useWorkspaceStore.getState().groups;
    const offStore = useWorkspaceStore.subscribe((state) => {
      const groups = state.groups;
      if (groups === previous) return;
      for (const group of LINK_GROUPS) {
        const now = groups[group];
        if (!now || key(now) === key(previous[group]) || key(now) === told[group]) continue;
        told[group] = undefined;
        // Best effort: another window missing one choice is not worth an error in this one.
        invoke('links.publish', { group, ...now }).catch(() => undefined);
      }
      previous = groups;
    });
    const offStream = subscribe('links', {}, ({ group, instrument }) => {
      told[group] = key(instrument);
      const store = useWorkspaceStore.getState();
      if (key(store.groups[group]) !== told[group]) store.setGroupInstrument(group, instrument);
    });
    return () => {
      offStore();
      offStream();
    };
  }, []);
}
