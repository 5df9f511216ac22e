import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { EnvironmentSettings } from '../../../shared/environments';
import { setCredentialsInput } from '../../../shared/ipc/app-types';
import type { OpInput, OpOutput } from '../../../shared/ipc/contract';
import { errorMessage, invoke } from '../../lib/bridge';
import { FormField } from '../../ui/FormField';
import { ConfirmButton } from './ConfirmButton';
import { refreshStatus, useCredentialsStatus } from './use-settings';
import styles from './Settings.module.css';
import { KeyHelpLink } from './AboutSection';

/**
 * App key and secret of one environment (docs/shell.md). The secret is write-only: its input is
 * uncontrolled (React would otherwise mirror a controlled value into the DOM attribute and keep it
 * in component state) and is emptied after a successful save; all that ever comes back from main
 * is `credentials.status`: a masked key and whether a secret is stored, encrypted or session-only.
 */
export function CredentialsSection({
  env,
  active,
  onSaved,
}: {
  env: EnvironmentSettings;
  active: boolean;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const status = useCredentialsStatus(env.id);
  const [appKey, setAppKey] = useState('');
  const secretRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<{ appKey?: string; appSecret?: string; form?: string }>({});
  /** What saving did to the session, said after the save (main restarts only for a changed pair). */
  const [savedNote, setSavedNote] = useState<string | undefined>();
  const s = status.data;
  const sandbox = env.kind === 'sandbox';

  /** After a write: show main's answer, and drop every panel's data if the active session restarted. */
  const applied = async (next: OpOutput<'credentials.set'> | OpOutput<'credentials.clear'>) => {
    queryClient.setQueryData(['credentials.status', { environmentId: env.id }], next);
    await refreshStatus(queryClient);
    if (active) await queryClient.invalidateQueries();
  };
  const onError = (error: unknown) => setErrors({ form: errorMessage(error) });
  const saveCredentials = useMutation({
    mutationFn: (input: OpInput<'credentials.set'>) => invoke('credentials.set', input),
    onSuccess: async (next) => {
      if (secretRef.current) secretRef.current.value = '';
      setAppKey('');
      setSavedNote(
        next.restarted
          ? sandbox
            ? 'Saved. The embedded sandbox restarted with the new key pair (its market clock started again: check your working orders).'
            : 'Saved. The session restarted with the new credentials.'
          : next.unchanged
            ? 'Saved: the same credentials as before, nothing restarted.'
            : 'Saved.',
      );
      await applied(next);
      onSaved();
    },
    onError,
  });
  const clearCredentials = useMutation({
    mutationFn: () => invoke('credentials.clear', { environmentId: env.id }),
    onSuccess: applied,
    onError,
  });
  const saving = saveCredentials.isPending;

  const save = () => {
    const appSecret = secretRef.current?.value ?? '';
    const checked = setCredentialsInput.safeParse({ environmentId: env.id, appKey, appSecret });
    if (!checked.success) {
      const next: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field =
          issue.path[0] === 'appSecret' ? 'appSecret' : issue.path[0] === 'appKey' ? 'appKey' : 'form';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSavedNote(undefined);
    saveCredentials.mutate(checked.data);
  };

  const secretLine = !s
    ? '…'
    : !s.hasSecret
      ? 'no secret stored'
      : s.persisted
        ? 'secret stored ✓ (encrypted)'
        : 'secret stored for this session only';

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h3 className={styles.sectionTitle} id={`${ids}-title`}>
        Credentials
        {sandbox && (
          <span className={styles.sectionNote}>a key pair was generated for the embedded sandbox</span>
        )}
      </h3>
      {s && !s.persisted && (
        <div className={styles.warning} role="alert" data-testid="session-only-warning">
          <strong>Session only.</strong> {s.warning ?? 'OS encryption is unavailable.'}
        </div>
      )}
      {!sandbox && <KeyHelpLink />}
      <dl className={styles.credStatus} data-testid="credentials-status">
        <dt>Stored key</dt>
        <dd className="mono">{s?.appKeyHint ?? 'none'}</dd>
        <dt>Secret</dt>
        <dd className={s?.hasSecret ? (s.persisted ? 'ok' : 'warn') : 'dim'}>{secretLine}</dd>
      </dl>
      <form
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className={styles.fields}>
          <FormField name="key" label="App key" error={errors.appKey}>
            {({ id, invalid, describedBy }) => (
              <input
                id={id}
                className="input mono-input"
                value={appKey}
                placeholder={s?.appKeyHint ? `replace ${s.appKeyHint}` : 'app key'}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(e) => setAppKey(e.target.value)}
              />
            )}
          </FormField>
          <FormField name="secret" label="App secret" error={errors.appSecret}>
            {({ id, invalid, describedBy }) => (
              <input
                id={id}
                ref={secretRef}
                type="password"
                className="input mono-input"
                placeholder={s?.hasSecret ? 'stored (write-only): type to replace' : 'app secret'}
                spellCheck={false}
                autoComplete="new-password"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={() => errors.appSecret && setErrors((e) => ({ ...e, appSecret: undefined }))}
              />
            )}
          </FormField>
        </div>
        {sandbox && active && (
          <p className={styles.sectionNote}>
            Saving a different key pair restarts the embedded sandbox (its market clock starts again).
          </p>
        )}
        {savedNote && <p role="status">{savedNote}</p>}
        {errors.form && (
          <div className={styles.formError} role="alert">
            {errors.form}
          </div>
        )}
        <div className={styles.actions}>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save credentials'}
          </button>
          <span className="spacer" />
          {!sandbox && (
            <ConfirmButton
              label="Clear…"
              question="Forget key, secret and access token?"
              confirmLabel="Forget"
              disabled={!s?.appKeyHint && !s?.hasSecret}
              onConfirm={() =>
                clearCredentials.mutateAsync().then(
                  () => undefined,
                  () => undefined,
                )
              }
            />
          )}
        </div>
      </form>
    </section>
  );
}
