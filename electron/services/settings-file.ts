import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/ipc/app-types';
import {
  movedAsideMessage,
  readJsonStore,
  writeJsonAtomicSync,
  type StoreWarning,
} from '../common/atomic-file-node';

/**
 * App settings in userData/settings.json. A file that fails its schema is moved aside (never
 * overwritten) and reported through `onWarning`; defaults are used.
 */
export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

export function createSettingsStore(file: string, onWarning?: StoreWarning): SettingsStore {
  const saved = readJsonStore(file, settingsSchema.partial());
  if (saved.status === 'moved-aside') onWarning?.(movedAsideMessage(file, saved), 'moved-aside');
  let settings: Settings = { ...DEFAULT_SETTINGS, ...(saved.status === 'ok' ? saved.value : {}) };
  return {
    get: () => settings,
    set(patch) {
      settings = settingsSchema.parse({ ...settings, ...patch });
      writeJsonAtomicSync(file, settings);
      return settings;
    },
  };
}
