import { LINK_GROUP_IDS, type LinkGroupId } from '../../../shared/ui/workspace-rules';
import { useWorkspaceStore } from '../workspace/workspace-store';
import styles from './LinkGroupSelect.module.css';

const LINK_GROUP_LABEL: Record<LinkGroupId, string> = {
  red: 'Red',
  green: 'Green',
  blue: 'Blue',
  yellow: 'Yellow',
  none: 'Unlinked',
};

/** Which colour group a panel follows: a native select, so it is keyboard- and screen-reader-ready. */
export function LinkGroupSelect({ instanceId }: { instanceId: string }) {
  const group = useWorkspaceStore((s) => s.panels[instanceId]?.group ?? 'none');
  const setGroup = useWorkspaceStore((s) => s.setGroup);
  return (
    <select
      className={styles.select}
      data-group={group}
      aria-label="Link group"
      title={`Link group: ${LINK_GROUP_LABEL[group]}`}
      value={group}
      onChange={(e) => setGroup(instanceId, e.target.value as LinkGroupId)}
    >
      {LINK_GROUP_IDS.map((g) => (
        <option key={g} value={g}>
          {LINK_GROUP_LABEL[g]}
        </option>
      ))}
    </select>
  );
}
