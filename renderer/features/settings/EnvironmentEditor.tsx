import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnvironmentSettings } from '../../../shared/environments';
import type { OpInput } from '../../../shared/ipc/contract';
import { BridgeError, errorMessage, invoke } from '../../lib/bridge';
import { ConfirmButton } from './ConfirmButton';
import { EnvironmentFields } from './EnvironmentFields';
import {
  draftFrom,
  fieldErrorsFromApi,
  patchFrom,
  validateDraft,
  type EnvironmentDraft,
  type FieldErrors,
} from './environment-form';
import { refreshStatus } from './use-settings';
import styles from './Settings.module.css';

/** Convert anything a failed invoke threw into field errors (main's INVALID_INPUT names the field). */
export function errorsOf(error: unknown): FieldErrors {
  return error instanceof BridgeError ? fieldErrorsFromApi(error) : { form: errorMessage(error) };
}

/**
 * Edit or remove one environment. The Sandbox's hosts are the embedded sandbox's (ports chosen
 * when it starts), so they are shown read-only. The draft is only replaced by a successful save:
 * a rejected one keeps every character typed.
 */
export function EnvironmentEditor({ env, onRemoved }: { env: EnvironmentSettings; onRemoved: () => void }) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(env);
  const [draft, setDraft] = useState<EnvironmentDraft>(() => draftFrom(env));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const sandbox = env.kind === 'sandbox';
  const shown = sandbox ? draftFrom(env) : draft;
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftFrom(base));

  const update = useMutation({
    mutationFn: (input: OpInput<'environments.update'>) => invoke('environments.update', input),
    onSuccess: async (next) => {
      setBase(next);
      setDraft(draftFrom(next));
      setSaved(true);
      await refreshStatus(queryClient);
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  const remove = useMutation({
    mutationFn: () => invoke('environments.remove', { id: env.id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      onRemoved();
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  const saving = update.isPending;

  const save = () => {
    setSaved(false);
    const checked = validateDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate({ id: env.id, patch: patchFrom(base, checked.value) });
  };

  return (
    <section className={styles.section} aria-labelledby={`env-head-${env.id}`}>
      <h3 className={styles.sectionTitle} id={`env-head-${env.id}`}>
        Connection
        {sandbox && (
          <span className={styles.sectionNote}>embedded: started in-process, ports chosen at start</span>
        )}
      </h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!sandbox) save();
        }}
        noValidate
      >
        <EnvironmentFields
          draft={shown}
          errors={errors}
          readOnly={sandbox}
          onChange={(patch) => {
            setSaved(false);
            setDraft((d) => ({ ...d, ...patch }));
          }}
        />
        {errors.form && (
          <div className={styles.formError} role="alert">
            {errors.form}
          </div>
        )}
        {!sandbox && (
          <div className={styles.actions}>
            <button type="submit" className="btn btn--primary" disabled={saving || !dirty}>
              {saving ? 'Saving…' : 'Save changes'}
            </button>
            <button
              type="button"
              className="btn"
              disabled={saving || !dirty}
              onClick={() => {
                setDraft(draftFrom(base));
                setErrors({});
              }}
            >
              Revert
            </button>
            {saved && <span className="ok">Saved ✓</span>}
            <span className="spacer" />
            <ConfirmButton
              label="Remove…"
              question={`Remove ${env.name}? Its key, secret and token are forgotten.`}
              confirmLabel="Remove"
              onConfirm={() =>
                remove.mutateAsync().then(
                  () => undefined,
                  () => undefined,
                )
              }
            />
          </div>
        )}
      </form>
    </section>
  );
}
