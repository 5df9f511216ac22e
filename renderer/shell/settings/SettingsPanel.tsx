import { useState } from 'react';
import { OrderSettings } from '../../features/settings/OrderSettings';
import { HotkeySettings } from '../../features/hotkeys/HotkeySettings';
import { SoundSettings } from '../../features/settings/SoundSettings';
import { AboutSection } from '../../features/settings/AboutSection';
import { ErrorMessage } from '../../ui/ErrorBoundary';
import { ModalDialog } from '../../ui/ModalDialog';
import { errorMessage } from '../../lib/bridge';
import { AccessTokenSection } from '../../features/settings/AccessTokenSection';
import { ConnectionCheckSection } from '../../features/settings/ConnectionCheckSection';
import { CredentialsSection } from '../../features/settings/CredentialsSection';
import { EnvironmentEditor } from '../../features/settings/EnvironmentEditor';
import { NewEnvironment } from '../../features/settings/NewEnvironment';
import { useSettingsPanel } from '../../features/settings/settings-store';
import { useEnvironments, useSelectEnvironment } from '../../features/settings/use-settings';
import styles from '../../features/settings/Settings.module.css';

/** Settings: environments, credentials and the access token (docs/shell.md), as a modal dialog. */
export function SettingsPanel() {
  const open = useSettingsPanel((s) => s.open);
  return open ? <SettingsDialog /> : null;
}

const NEW = '__new__';

function SettingsDialog() {
  const hide = useSettingsPanel((s) => s.hide);
  const focusId = useSettingsPanel((s) => s.focusEnvironmentId);
  const envs = useEnvironments();
  const select = useSelectEnvironment();
  const [chosen, setChosen] = useState<string | undefined>(focusId);
  const [checkRequest, setCheckRequest] = useState(0);
  const activeId = envs.data?.activeId;
  const list = envs.data?.environments ?? [];
  const selectedId = chosen && (chosen === NEW || list.some((e) => e.id === chosen)) ? chosen : activeId;
  const env = list.find((e) => e.id === selectedId);

  const switching = select.isPending;
  const switchError = select.error ? errorMessage(select.error) : undefined;
  const use = (id: string) => select.mutate(id, { onSuccess: () => setCheckRequest((n) => n + 1) });

  return (
    <ModalDialog className={styles.settings} labelledBy="settings-title" onClose={hide}>
      <header className={styles.head}>
        <h2 id="settings-title">Settings</h2>
        <span className={styles.sub}>Environments &amp; credentials</span>
        <span className="spacer" />
        <kbd className="kbd">Esc</kbd>
        <button type="button" className="icon-btn" aria-label="Close settings" onClick={hide}>
          ✕
        </button>
      </header>
      <div className={styles.body}>
        <nav className={styles.envNav} aria-label="Environments">
          <div className={styles.envNavTitle}>Environments</div>
          <ul className={styles.envList}>
            {list.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  className={`${styles.envItem} ${e.id === selectedId ? styles.envItemOn : ''}`}
                  aria-current={e.id === selectedId ? 'true' : undefined}
                  data-testid={`env-${e.id}`}
                  onClick={() => setChosen(e.id)}
                >
                  <span className={`dot ${e.id === activeId ? 'dot--live' : ''}`} aria-hidden />
                  <span className={styles.envItemName}>{e.name}</span>
                  {e.kind === 'sandbox' && <span className={styles.tag}>embedded</span>}
                  {e.id === activeId && <span className={`${styles.tag} ${styles.tagOn}`}>active</span>}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={`btn ${styles.envAdd} ${selectedId === NEW ? 'btn--primary' : ''}`}
            onClick={() => setChosen(NEW)}
          >
            + Add environment
          </button>
          <OrderSettings />
          <HotkeySettings />
          <SoundSettings />
          <AboutSection />
        </nav>
        <div className={styles.detail} role="region" aria-label="Selected environment">
          {envs.error ? (
            <ErrorMessage error={envs.error} onRetry={() => void envs.refetch()} />
          ) : selectedId === NEW ? (
            <NewEnvironment onCreated={(id) => setChosen(id)} onCancel={() => setChosen(undefined)} />
          ) : env ? (
            <>
              <div className={styles.detailHead}>
                <div>
                  <h3 className={styles.detailName}>{env.name}</h3>
                  <div className={`${styles.detailHost} mono`}>
                    {env.kind === 'sandbox' ? `embedded · ${env.apiBaseUrl}` : env.apiBaseUrl}
                  </div>
                </div>
                <span className="spacer" />
                {env.id === activeId ? (
                  <span className={`${styles.tag} ${styles.tagOn}`}>active</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={switching}
                    onClick={() => use(env.id)}
                  >
                    {switching ? 'Switching…' : 'Use this environment'}
                  </button>
                )}
              </div>
              {switchError && (
                <div className={styles.formError} role="alert">
                  {switchError}
                </div>
              )}
              <EnvironmentEditor key={`e-${env.id}`} env={env} onRemoved={() => setChosen(undefined)} />
              <CredentialsSection
                key={`c-${env.id}`}
                env={env}
                active={env.id === activeId}
                onSaved={() => {
                  if (env.id === activeId) setCheckRequest((n) => n + 1);
                }}
              />
              {env.id === activeId && <AccessTokenSection checkRequest={checkRequest} />}
              {(env.id === activeId || env.kind !== 'sandbox') && (
                <ConnectionCheckSection key={`k-${env.id}`} environmentId={env.id} />
              )}
            </>
          ) : (
            <div className="loading">Loading environments…</div>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
