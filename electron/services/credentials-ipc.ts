import { ErrorCodes } from '../../shared/errors';
import type { OpName, TokenStatusInfo } from '../../shared/ipc/contract';
import { ApiError } from '../openapi/api-error';
import { SANDBOX_ID, type EnvironmentStore } from './environment-store';
import type { RestartIfActive } from './environments-ipc';
import type { OpHandlerGroup } from './ipc-dispatch';
import type { Logger } from './logger';
import type { SessionManager } from './session-manager';
import type { TrustGate } from './trust/trust-gate';
import type { CredentialVault } from './vault';

/** `credentials.*` and `token.status`: the vault's side of the IPC (the secret never goes out). */
export function credentialsIpc(deps: {
  vault: CredentialVault;
  environments: Pick<EnvironmentStore, 'activeId' | 'get'>;
  sessions: Pick<SessionManager, 'tokenProgressSeen' | 'connection'>;
  trust: Pick<TrustGate, 'replaceCredentials' | 'clearCredentials'>;
  restartIfActive: RestartIfActive;
  logger: Logger;
}): OpHandlerGroup<Extract<OpName, `credentials.${string}` | 'token.status'>> {
  const { vault, environments, sessions, trust, restartIfActive, logger } = deps;

  const tokenStatus = (): TokenStatusInfo => {
    const environmentId = environments.activeId();
    const info = vault.tokenInfo(environmentId);
    const persisted = vault.status(environmentId).persisted;
    if (info)
      return {
        environmentId,
        state: info.status.toLowerCase() as TokenStatusInfo['state'],
        expiresAt: info.expires,
        persisted,
      };
    if (sessions.tokenProgressSeen()) return { environmentId, state: 'none', persisted };
    return {
      environmentId,
      state: sessions.connection().api === 'live' ? 'not-required' : 'unknown',
      persisted,
    };
  };

  return {
    'credentials.status': ({ environmentId }) => vault.status(environmentId ?? environments.activeId()),
    'credentials.set': async ({ environmentId, appKey, appSecret }) => {
      const id = environmentId ?? environments.activeId();
      const env = environments.get(id);
      if (!env)
        throw new ApiError({
          code: ErrorCodes.NOT_FOUND,
          message: `environmentId: no environment ${JSON.stringify(id)}`,
          retryable: false,
        });
      // Saving the pair already in use changes nothing: restarting would end the session for no
      // reason (the embedded sandbox restarts its market clock, and DAY orders can expire with it).
      const before = vault.credentialsFor(id);
      if (before?.appKey === appKey && before.appSecret === appSecret) {
        logger.info(`credentials for ${id} unchanged: nothing restarted`);
        return { ...vault.status(id), restarted: false, unchanged: true };
      }
      await trust.replaceCredentials(env, vault.status(id).appKeyHint);
      const status = vault.set(id, { appKey, appSecret });
      logger.info(`credentials stored for ${id} (persisted: ${status.persisted})`);
      const restarted = id === environments.activeId();
      await restartIfActive(id);
      return { ...status, restarted };
    },
    'credentials.clear': async ({ environmentId }) => {
      const id = environmentId ?? environments.activeId();
      const env = environments.get(id);
      if (env) await trust.clearCredentials(env, vault.status(id).appKeyHint);
      const status = id === SANDBOX_ID ? vault.status(id) : vault.clear(id);
      await restartIfActive(id);
      return status;
    },
    'token.status': () => tokenStatus(),
  };
}
