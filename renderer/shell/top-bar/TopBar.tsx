import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LinkState } from '../../../shared/ipc/contract';
import { WorkspaceMenu } from '../workspace/WorkspaceMenu';
import { errorMessage } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { formatEtLabelled, formatLocal } from '../../lib/time';
import { AccountSelect } from '../../features/account/AccountSelect';
import { Clock } from './Clock';
import { useSettingsPanel } from '../../features/settings/settings-store';
import { useSelectEnvironment } from '../../features/settings/use-settings';
import { useOverlays } from '../palette/palette-store';
import { ApprovalStep } from '../../features/settings/ApprovalStep';
import { useStreamValue } from '../../lib/use-stream';
import styles from './TopBar.module.css';

const LINK_LABEL: Record<LinkState, string> = {
  live: 'Live',
  connecting: 'Connecting',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
  idle: 'Idle',
};

function Dot({ state, label, stale = 0 }: { state: LinkState; label: string; stale?: number }) {
  // A live link over symbols that stopped updating is not called Live: frozen prices are not live.
  const shown = state === 'live' && stale > 0 ? `Live, ${stale} stale` : LINK_LABEL[state];
  return (
    <span
      className={styles.link}
      title={`${label}: ${shown}`}
      data-testid={`link-${label.toLowerCase()}`}
      data-state={state === 'live' && stale > 0 ? 'stale' : state}
    >
      <span className={`dot dot--${state === 'live' && stale > 0 ? 'reconnecting' : state}`} />
      {label}
      <span className="visually-hidden">: {shown}</span>
    </span>
  );
}

export function TopBar({ workspaceMenu }: { workspaceMenu: boolean }) {
  const openSettings = useSettingsPanel((s) => s.show);
  const envs = useQuery(apiQuery('environments.list', {}));
  const creds = useQuery(apiQuery('credentials.status', {}));
  const token = useQuery(apiQuery('token.status', {}, { refetchInterval: 30_000 }));
  const switchEnv = useSelectEnvironment();
  const connection = useStreamValue('connection');
  const budget = useStreamValue('budget');
  const progress = useStreamValue('tokenProgress');
  const apiState = connection?.api;
  const refetchToken = token.refetch;
  const refetchCreds = creds.refetch;
  useEffect(() => {
    // The token state and stored credentials change when a session (re)starts.
    if (apiState === 'live' || apiState === 'offline') {
      void refetchToken();
      void refetchCreds();
    }
  }, [apiState, refetchToken, refetchCreds]);
  const active = envs.data?.environments.find((e) => e.id === envs.data?.activeId);
  const used = budget ? budget.limit - budget.remaining : 0;
  const pct = budget ? Math.min(100, (used / budget.limit) * 100) : 0;

  return (
    <header className={styles.topbar}>
      <span className={styles.brand}>Bullpen</span>
      <label className={styles.env}>
        <span className={styles.label}>Env</span>
        <select
          className="select"
          value={envs.data?.activeId ?? ''}
          onChange={(e) => switchEnv.mutate(e.target.value)}
          disabled={switchEnv.isPending}
          aria-label="Environment"
          aria-describedby={switchEnv.error ? 'env-switch-error' : undefined}
        >
          {(envs.data?.environments ?? []).map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
        {active && (
          <span className={styles.envHost}>
            {active.kind === 'sandbox' ? 'embedded' : new URL(active.apiBaseUrl).host}
          </span>
        )}
        {switchEnv.error && (
          <span id="env-switch-error" className="warn" role="alert">
            Could not switch: {errorMessage(switchEnv.error)}
          </span>
        )}
      </label>
      <span className={styles.links}>
        <Dot state={connection?.api ?? 'idle'} label="API" />
        <Dot state={connection?.quotes ?? 'idle'} label="Quotes" stale={connection?.staleSymbols.length} />
        <Dot state={connection?.events ?? 'idle'} label="Events" />
        {/* A link dot's colour alone did not tell a trader that nothing will load. */}
        {connection?.api === 'offline' && (
          <span className="warn" role="status" title={connection.message}>
            API unreachable
          </span>
        )}
        {connection && connection.staleSymbols.length > 0 && (
          <span className="warn">{connection.staleSymbols.length} stale</span>
        )}
        {connection?.refusedSymbols && connection.refusedSymbols.length > 0 && (
          <span
            className="warn"
            role="status"
            title="The service does not know these symbols: they are not streamed; the others are"
          >
            Refused: {connection.refusedSymbols.join(', ')}
          </span>
        )}
      </span>
      <span className={styles.budget} title="Market Data requests in the current minute (limit 300/min)">
        <span className={styles.label}>Rate</span>
        <span className={styles.meter}>
          <span
            className={`${styles.meterFill} ${pct > 80 ? styles.meterHot : ''}`}
            style={{ width: `${pct}%` }}
          />
        </span>
        <span className="num" data-testid="budget">
          {budget ? `${budget.remaining}/${budget.limit}` : '—'}
        </span>
        {budget && budget.queued > 0 && <span className="warn num">{budget.queued} queued</span>}
        {budget?.pausedUntil !== undefined && (
          <span className="warn" role="status" title={formatLocal(budget.pausedUntil)}>
            Server rate limit: Market Data waits until {formatEtLabelled(budget.pausedUntil)}
          </span>
        )}
      </span>
      <span className="spacer" />
      <AccountSelect />
      <Clock />
      {workspaceMenu && <WorkspaceMenu />}
      {progress?.state === 'pending' && progress.deadline && <ApprovalStep deadline={progress.deadline} />}
      <span className={styles.creds} data-testid="credentials">
        <span className={styles.label}>Key</span>
        <span className="mono">{creds.data?.appKeyHint ?? 'not set'}</span>
        {/* Stored is not working: green only while the API answers with it. */}
        <span className={creds.data?.hasSecret ? (apiState === 'live' ? 'ok' : undefined) : 'warn'}>
          {creds.data?.hasSecret ? 'secret stored' : 'no secret'}
        </span>
        {creds.data && !creds.data.persisted && (
          <span className={creds.data.ephemeral ? styles.label : 'warn'} title={creds.data.warning}>
            {creds.data.ephemeral ? 'sandbox key' : 'session only'}
          </span>
        )}
        {/* The access token only matters where the environment asks for one. */}
        {token.data && token.data.state !== 'not-required' && (
          <>
            <span className={styles.label}>Token</span>
            <span className="mono">{token.data.state}</span>
          </>
        )}
      </span>
      {connection?.message && (
        <span className="warn" title={connection.message}>
          !
        </span>
      )}
      <button
        type="button"
        className="icon-btn"
        aria-label="Command palette"
        title="Command palette (Ctrl+K)"
        aria-haspopup="dialog"
        onClick={() => useOverlays.getState().showPalette()}
      >
        ⌘
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label="Settings"
        title="Settings (Ctrl+,)"
        aria-haspopup="dialog"
        onClick={() => openSettings()}
      >
        ⚙
      </button>
    </header>
  );
}
