import { join } from 'node:path';
import { ErrorCodes } from '../../../shared/errors';
import type { ConnectionCheckResult } from '../../../shared/ipc/doctor';
import { ApiError } from '../../openapi/api-error';
import { SANDBOX_ID, type EnvironmentStore } from '../environment-store';
import type { Logger } from '../logger';
import type { EngineParts } from '../ports';
import type { SessionManager } from '../session-manager';
import type { CredentialVault } from '../vault';
import { runDoctor } from './doctor';
import { saveDoctorReport } from './doctor-report';

/**
 * Settings → Check connection: the doctor's tour (./doctor.ts) against one environment with its
 * stored credentials and saved access token, on the app's own client factory (so the tour's calls
 * count in the same Market Data budget as the app's). One check at a time: a second click for the
 * same environment while one runs gets the same run; one for another environment runs after it.
 */
export function createConnectionCheck(deps: {
  sessions: SessionManager;
  environments: EnvironmentStore;
  vault: CredentialVault;
  parts: EngineParts;
  reportsDir: string;
  logger: Logger;
  version?: string;
}): { run(environmentId?: string): Promise<ConnectionCheckResult> } {
  /** The check under way: a click for the same environment joins it, another waits for it. */
  let running: { environmentId: string; result: Promise<ConnectionCheckResult> } | undefined;

  async function check(environmentId: string): Promise<ConnectionCheckResult> {
    let environment = deps.environments.get(environmentId);
    if (environmentId === SANDBOX_ID) {
      // The embedded sandbox has addresses only while it runs, and it runs for the active session.
      if (deps.environments.activeId() !== SANDBOX_ID)
        throw new ApiError({
          code: ErrorCodes.INVALID_INPUT,
          message: 'environmentId: switch to the Sandbox to check it (it runs only while it is in use)',
          retryable: false,
        });
      environment = (await deps.sessions.ensure()).environment;
    }
    const credentials = deps.vault.credentialsFor(environmentId);
    if (!environment || !credentials)
      throw new ApiError({
        code: environment ? ErrorCodes.NOT_CONFIGURED : ErrorCodes.NOT_FOUND,
        message: environment
          ? `No app key and secret stored for ${environment.name}. Enter them in Settings.`
          : `environmentId: no environment ${JSON.stringify(environmentId)}`,
        retryable: false,
      });
    const report = await runDoctor({
      environment,
      credentials,
      parts: deps.parts,
      tokenStore: deps.vault.tokenStore(environmentId),
      version: deps.version,
    });
    const file = await saveDoctorReport(report, deps.reportsDir);
    deps.logger.info(
      `connection check of ${environment.name}: ${report.summary.ok} ok, ${report.summary.failed} failed, ${report.summary.skipped} skipped; report ${file}`,
    );
    return { report, file };
  }

  return {
    run(requested) {
      const environmentId = requested ?? deps.environments.activeId();
      if (running?.environmentId === environmentId) return running.result;
      const before = running?.result.catch(() => undefined) ?? Promise.resolve();
      const mine = {
        environmentId,
        result: before.then(() => check(environmentId)),
      };
      running = mine;
      void mine.result
        .finally(() => {
          if (running === mine) running = undefined;
        })
        .catch(() => undefined);
      return mine.result;
    },
  };
}

export const reportsDirOf = (userDataDir: string) => join(userDataDir, 'reports');
