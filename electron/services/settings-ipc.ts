import type { OpName, Settings } from '../../shared/ipc/contract';
import type { OpHandlerGroup } from './ipc-dispatch';
import type { Logger } from './logger';
import type { SettingsStore } from './settings-file';
import { chooseGuardSettings } from './trust/guard-settings';
import type { TrustGate } from './trust/trust-gate';

/** `settings.*`: the settings file, and main's own dialogs for the order guards. */
export interface SettingsIpc {
  handlers: OpHandlerGroup<Extract<OpName, `settings.${string}`>>;
  /** Main's own UI for the guard settings: the only way they change (docs/security.md). */
  openOrderGuards(): Promise<Settings>;
}

export function createSettingsIpc(deps: {
  settings: SettingsStore;
  trust: Pick<TrustGate, 'ask'>;
  logger: Logger;
  /** Every applied change (the hub's flush interval, main's theme source). */
  onApplied: (next: Settings) => void;
}): SettingsIpc {
  const { settings, trust, logger } = deps;
  const applySettings = (patch: Partial<Settings>) => {
    const next = settings.set(patch);
    deps.onApplied(next);
    return next;
  };
  const openOrderGuards = async () => {
    const chosen = await chooseGuardSettings(settings.get(), (q) => trust.ask(q, 'order-guard settings'));
    if (!chosen) return settings.get();
    logger.info(
      `order guards changed in main's settings: confirm ${chosen.confirmOrders ? 'every order' : 'beyond limits'}, ${JSON.stringify(chosen.orderGuards)}`,
    );
    return applySettings(chosen);
  };
  return {
    openOrderGuards,
    handlers: {
      'settings.get': () => settings.get(),
      'settings.set': (patch) => applySettings(patch),
      'settings.openOrderGuards': () => openOrderGuards(),
    },
  };
}
