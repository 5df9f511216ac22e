import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../shared/ipc/app-types';
import { readJsonFile, writeJsonAtomic } from './atomic-file';

/** App settings in userData/settings.json; unknown or invalid fields fall back to defaults. */
export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

export function createSettingsStore(file: string): SettingsStore {
  const raw = readJsonFile(file);
  const saved = settingsSchema.partial().safeParse(raw);
  let settings: Settings = { ...DEFAULT_SETTINGS, ...(saved.success ? saved.data : {}) };
  return {
    get: () => settings,
    set(patch) {
      settings = settingsSchema.parse({ ...settings, ...patch });
      writeJsonAtomic(file, settings);
      return settings;
    },
  };
}
