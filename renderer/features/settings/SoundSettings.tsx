import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../../shared/ipc/app-types';
import { errorMessage, invoke } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import styles from './Settings.module.css';

/** Settings ▸ Sounds: the price-alert chime, off by default (docs/ui.md "Alerts"). */
export function SoundSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(apiQuery('settings.get', {})).data;
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => invoke('settings.set', patch),
    onSuccess: (next) => queryClient.setQueryData(['settings.get', {}], next),
  });
  if (!settings) return null;
  return (
    <fieldset className={styles.orderSettings}>
      <legend>Sounds</legend>
      <label>
        <input
          type="checkbox"
          checked={settings.sounds}
          onChange={(e) => save.mutate({ sounds: e.target.checked })}
        />
        Play a sound when a price alert fires
      </label>
      {save.error && <span role="alert">{errorMessage(save.error)}</span>}
    </fieldset>
  );
}
