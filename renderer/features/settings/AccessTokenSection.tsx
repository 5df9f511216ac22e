import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { TokenStatusInfo } from '../../../shared/ipc/contract';
import { BridgeError, errorMessage, invoke } from '../../lib/bridge';
import { ApprovalStep } from './ApprovalStep';
import { useStreamValue } from '../../lib/use-stream';
import { formatEtDateTimeLabelled } from '../../lib/time';
import { useTokenStatus } from './use-settings';
import styles from './Settings.module.css';

/** What the user can do about a failed check, by error code (the service's access-token error codes). */
const HINTS: Record<string, string> = {
  INVALID_SIGNATURE: 'Check the app secret (and the signing algorithm of this environment).',
  UNKNOWN_APP_KEY: 'Check the app key.',
  TIMESTAMP_EXPIRED: "Check this computer's clock.",
  NETWORK_ERROR: 'Check the API base URL and your network.',
  TIMEOUT: 'The server did not answer; check the API base URL.',
  NOT_CONFIGURED: 'Enter the app key and secret above.',
  TOKEN_APPROVAL_TIMEOUT: 'The login was not approved in time; retry and approve it in your broker app.',
};

type Check = { state: 'idle' | 'running' | 'ok' } | { state: 'failed'; code: string; message: string };

function tokenLine(t: TokenStatusInfo | undefined): { text: string; tone: string } {
  if (!t) return { text: '…', tone: 'dim' };
  switch (t.state) {
    case 'not-required':
      return { text: 'not required by this environment', tone: 'dim' };
    case 'normal':
      return {
        text: `valid${t.expiresAt ? ` until ${formatEtDateTimeLabelled(t.expiresAt)}` : ''}${t.persisted ? '' : ' (session only)'}`,
        tone: 'ok',
      };
    case 'pending':
      return { text: 'waiting for approval', tone: 'warn' };
    case 'invalid':
      return { text: 'failed: the login was not approved', tone: 'down' };
    case 'expired':
      return { text: 'failed: the access token expired', tone: 'down' };
    case 'none':
      return { text: 'none yet', tone: 'dim' };
    default:
      return { text: 'unknown until connected', tone: 'dim' };
  }
}

/**
 * The active environment's link and access token (the two-factor token the service demands, docs/openapi-client.md). A check
 * makes one signed call, which also (re)starts the session and, where the environment demands it,
 * the token request whose approval step appears here with its countdown.
 */
export function AccessTokenSection({ checkRequest }: { checkRequest: number }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const token = useTokenStatus();
  const progress = useStreamValue('tokenProgress');
  const connection = useStreamValue('connection');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const refetchToken = token.refetch;

  const runCheck = async () => {
    setCheck({ state: 'running' });
    try {
      await invoke('api.accountList');
      setCheck({ state: 'ok' });
    } catch (error) {
      setCheck({
        state: 'failed',
        code: error instanceof BridgeError ? error.code : 'ERROR',
        message: errorMessage(error),
      });
    }
    await refetchToken();
    await queryClient.invalidateQueries({ queryKey: ['credentials.status'] });
  };

  // Saving credentials for the active environment asks for a check (a counter, so each save does).
  useEffect(() => {
    if (checkRequest > 0) void runCheck();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once per request, not per render
  }, [checkRequest]);

  const apiState = connection?.api;
  useEffect(() => {
    if (apiState === 'live' || apiState === 'offline') void refetchToken();
  }, [apiState, refetchToken]);

  const pending = progress?.state === 'pending' && progress.deadline && progress.deadline > Date.now();
  const failed =
    progress?.state === 'failed' || token.data?.state === 'invalid' || token.data?.state === 'expired';
  const line = tokenLine(token.data);

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h3 className={styles.sectionTitle} id={`${ids}-title`}>
        Session
        <span className={styles.sectionNote}>active environment</span>
      </h3>
      <dl className={styles.credStatus}>
        <dt>API</dt>
        <dd>
          <span className={`dot dot--${apiState ?? 'idle'}`} />{' '}
          <span data-testid="settings-api-state">{apiState ?? 'idle'}</span>
          {apiState === 'offline' && connection?.message && (
            <span className="dim"> · {connection.message}</span>
          )}
        </dd>
        <dt>Access token</dt>
        <dd className={line.tone} data-testid="token-state">
          {line.text}
          {progress?.state === 'failed' && progress.message && <span> · {progress.message}</span>}
        </dd>
      </dl>
      {pending && progress.deadline && (
        <ApprovalStep deadline={progress.deadline} className={`approve ${styles.approveBlock}`} />
      )}
      {check.state === 'failed' && (
        <div className={styles.formError} role="alert" data-testid="check-error">
          <span className="mono">{check.code}</span> {check.message}
          {HINTS[check.code] && <div className="dim">{HINTS[check.code]}</div>}
        </div>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn"
          disabled={check.state === 'running'}
          onClick={() => void runCheck()}
        >
          {check.state === 'running' ? 'Checking…' : failed ? 'Retry login' : 'Check login'}
        </button>
        {check.state === 'ok' && <span className="ok">Connected ✓</span>}
      </div>
    </section>
  );
}
