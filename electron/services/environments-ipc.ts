import { environmentHosts, unknownHosts } from '../../shared/environments';
import type { OpName } from '../../shared/ipc/contract';
import type { EnvironmentStore } from './environment-store';
import type { OpHandlerGroup } from './ipc-dispatch';
import type { Logger } from './logger';
import type { SessionManager } from './session-manager';
import type { TrustGate } from './trust/trust-gate';
import type { CredentialVault } from './vault';

/**
 * After a change to an environment's settings or credentials: restart the session when it is the
 * active one, and start the new session at once (its failure is logged; the next call retries).
 */
export type RestartIfActive = (environmentId: string) => Promise<void>;

export function restartIfActiveOf(deps: {
  environments: Pick<EnvironmentStore, 'activeId'>;
  sessions: Pick<SessionManager, 'restart' | 'ensure'>;
  logger: Logger;
}): RestartIfActive {
  return async (environmentId) => {
    if (environmentId !== deps.environments.activeId()) return;
    await deps.sessions.restart();
    void deps.sessions
      .ensure()
      .catch((e: unknown) =>
        deps.logger.warn('session start after change failed', e instanceof Error ? e.message : e),
      );
  };
}

/** `environments.*`: every change to hosts the user has not confirmed is asked about in main first. */
export function environmentsIpc(deps: {
  environments: EnvironmentStore;
  vault: Pick<CredentialVault, 'forget'>;
  trust: Pick<TrustGate, 'environmentChange' | 'removeEnvironment' | 'selectEnvironment'>;
  restartIfActive: RestartIfActive;
  /** The active environment changed (its alerts are the ones watched). */
  onActiveChanged: () => void;
}): OpHandlerGroup<Extract<OpName, `environments.${string}`>> {
  const { environments, trust, restartIfActive } = deps;
  return {
    'environments.list': () => environments.state(),
    'environments.add': async (input) => {
      if (input.source !== 'region')
        await trust.environmentChange(
          undefined,
          { ...input.settings, id: '(new)', kind: 'custom' },
          unknownHosts(input.settings),
        );
      return environments.add(input);
    },
    'environments.update': async (input) => {
      const current = environments.get(input.id);
      if (current && current.kind !== 'sandbox') {
        // Hosts already confirmed (or presets) are not asked about again.
        const before = new Set(environmentHosts(current));
        const fresh = unknownHosts(input.patch).filter((h) => !before.has(h));
        await trust.environmentChange(current, { ...current, ...input.patch }, fresh);
      }
      const env = environments.update(input);
      await restartIfActive(env.id);
      return env;
    },
    'environments.remove': async ({ id }) => {
      const env = environments.get(id);
      if (env && env.kind !== 'sandbox') await trust.removeEnvironment(env);
      const wasActive = environments.activeId() === id;
      const state = environments.remove(id);
      deps.vault.forget(id);
      if (wasActive) {
        await restartIfActive(state.activeId);
        deps.onActiveChanged();
      }
      return state;
    },
    'environments.select': async ({ id }) => {
      const changed = environments.activeId() !== id;
      const target = environments.get(id);
      if (changed && target) await trust.selectEnvironment(target);
      const state = environments.select(id);
      if (changed) {
        await restartIfActive(id);
        deps.onActiveChanged();
      }
      return state;
    },
  };
}
