import { useState, type KeyboardEvent } from 'react';
import { OrderSettings } from './OrderSettings';
import { ErrorMessage } from '../../app/ErrorBoundary';
import { ModalDialog } from '../../app/ModalDialog';
import { errorMessage } from '../../lib/bridge';
import { AccessTokenSection } from './AccessTokenSection';
import { CredentialsSection } from './CredentialsSection';
import { EnvironmentEditor } from './EnvironmentEditor';
import { NewEnvironment } from './NewEnvironment';
import { useSettingsPanel } from './settings-store';
import { useEnvironments, useSelectEnvironment } from './use-settings';
import './settings.css';

/** Settings: environments, credentials and the access token (docs/shell.md), as a modal dialog. */
export function SettingsPanel() {
  const open = useSettingsPanel((s) => s.open);
  return open ? <SettingsDialog /> : null;
}

const NEW = '__new__';

const TABBABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href]';

/**
 * A modal dialog makes the page behind it inert, but Tab past its last control leaves for the
 * browser's own UI (or the body, in a frameless window); wrap to the first control instead.
 */
function wrapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const list = [...e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.offsetParent !== null,
  );
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}

function SettingsDialog() {
  const hide = useSettingsPanel((s) => s.hide);
  const focusId = useSettingsPanel((s) => s.focusEnvironmentId);
  const envs = useEnvironments();
  const select = useSelectEnvironment();
  const [chosen, setChosen] = useState<string | undefined>(focusId);
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string | undefined>();
  const [checkRequest, setCheckRequest] = useState(0);
  const activeId = envs.data?.activeId;
  const list = envs.data?.environments ?? [];
  const selectedId = chosen && (chosen === NEW || list.some((e) => e.id === chosen)) ? chosen : activeId;
  const env = list.find((e) => e.id === selectedId);

  const use = async (id: string) => {
    setSwitching(true);
    setSwitchError(undefined);
    try {
      await select(id);
      setCheckRequest((n) => n + 1);
    } catch (error) {
      setSwitchError(errorMessage(error));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <ModalDialog className="settings" labelledBy="settings-title" onClose={hide} onKeyDown={wrapTab}>
      <header className="settings-head">
        <h2 id="settings-title">Settings</h2>
        <span className="settings-sub">Environments &amp; credentials</span>
        <span className="spacer" />
        <kbd className="kbd">Esc</kbd>
        <button type="button" className="icon-btn" aria-label="Close settings" onClick={hide}>
          ✕
        </button>
      </header>
      <div className="settings-body">
        <nav className="env-nav" aria-label="Environments">
          <div className="env-nav-title">Environments</div>
          <ul className="env-list">
            {list.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  className={`env-item ${e.id === selectedId ? 'env-item--on' : ''}`}
                  aria-current={e.id === selectedId ? 'true' : undefined}
                  data-testid={`env-${e.id}`}
                  onClick={() => setChosen(e.id)}
                >
                  <span className={`dot ${e.id === activeId ? 'dot--live' : ''}`} aria-hidden />
                  <span className="env-item-name">{e.name}</span>
                  {e.kind === 'sandbox' && <span className="tag">embedded</span>}
                  {e.id === activeId && <span className="tag tag--on">active</span>}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={`btn env-add ${selectedId === NEW ? 'btn--primary' : ''}`}
            onClick={() => setChosen(NEW)}
          >
            + Add environment
          </button>
          <OrderSettings />
        </nav>
        <div className="settings-detail">
          {envs.error ? (
            <ErrorMessage error={envs.error} onRetry={() => void envs.refetch()} />
          ) : selectedId === NEW ? (
            <NewEnvironment onCreated={(id) => setChosen(id)} onCancel={() => setChosen(undefined)} />
          ) : env ? (
            <>
              <div className="detail-head">
                <div>
                  <div className="detail-name">{env.name}</div>
                  <div className="detail-host mono">
                    {env.kind === 'sandbox' ? `embedded · ${env.apiBaseUrl}` : env.apiBaseUrl}
                  </div>
                </div>
                <span className="spacer" />
                {env.id === activeId ? (
                  <span className="tag tag--on">active</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={switching}
                    onClick={() => void use(env.id)}
                  >
                    {switching ? 'Switching…' : 'Use this environment'}
                  </button>
                )}
              </div>
              {switchError && (
                <div className="form-error" role="alert">
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
            </>
          ) : (
            <div className="loading">Loading environments…</div>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
