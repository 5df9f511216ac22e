import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnvironmentSettings } from '../../../shared/environments';
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
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const sandbox = env.kind === 'sandbox';
  const shown = sandbox ? draftFrom(env) : draft;
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftFrom(base));

  const save = async () => {
    setSaved(false);
    const checked = validateDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const next = await invoke('environments.update', { id: env.id, patch: patchFrom(base, checked.value) });
      setBase(next);
      setDraft(draftFrom(next));
      setSaved(true);
      await refreshStatus(queryClient);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby={`env-head-${env.id}`}>
      <h3 className="section-title" id={`env-head-${env.id}`}>
        Connection
        {sandbox && <span className="section-note">embedded: started in-process, ports chosen at start</span>}
      </h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!sandbox) void save();
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
          <div className="form-error" role="alert">
            {errors.form}
          </div>
        )}
        {!sandbox && (
          <div className="actions">
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
              onConfirm={async () => {
                try {
                  await invoke('environments.remove', { id: env.id });
                  await queryClient.invalidateQueries();
                  onRemoved();
                } catch (error) {
                  setErrors(errorsOf(error));
                }
              }}
            />
          </div>
        )}
      </form>
    </section>
  );
}
