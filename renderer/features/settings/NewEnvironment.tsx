import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ENVIRONMENT_PRESETS,
  optionRulesOf,
  REGIONS,
  regionEnvironment,
  type OptionRules,
  type Region,
} from '../../../shared/environments';
import { addEnvironmentInput } from '../../../shared/ipc/app-types';
import type { OpInput } from '../../../shared/ipc/contract';
import { invoke } from '../../lib/bridge';
import { FormField } from '../../ui/FormField';
import { errorsOf } from './EnvironmentEditor';
import { EnvironmentFields } from './EnvironmentFields';
import { EMPTY_DRAFT, validateDraft, type EnvironmentDraft, type FieldErrors } from './environment-form';
import { refreshStatus } from './use-settings';
import styles from './Settings.module.css';

/**
 * Add an environment: a region preset (the real service's hosts per region, `regionEnvironment`) or a
 * fully custom host set. Credentials are entered on the new environment's page once it exists.
 */
export function NewEnvironment({
  onCreated,
  onCancel,
}: {
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [source, setSource] = useState<'region' | 'custom'>('region');
  const [region, setRegion] = useState<Region>('us');
  const [regionName, setRegionName] = useState('');
  const [draft, setDraft] = useState<EnvironmentDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const preset = regionEnvironment(region);

  const add = useMutation({
    mutationFn: (input: OpInput<'environments.add'>) => invoke('environments.add', input),
    onSuccess: async (env) => {
      await refreshStatus(queryClient);
      onCreated(env.id);
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  const saving = add.isPending;

  const create = () => {
    let input: OpInput<'environments.add'>;
    if (source === 'custom') {
      const checked = validateDraft(draft);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      input = { source: 'custom', settings: checked.value };
    } else {
      // The schema main applies: a bad name is shown at the Name field, not sent.
      const checked = addEnvironmentInput.safeParse({
        source: 'region',
        region,
        ...(regionName.trim() ? { name: regionName } : {}),
      });
      if (!checked.success) {
        const issue = checked.error.issues[0];
        setErrors(
          issue?.path[0] === 'name' ? { name: issue.message } : { form: issue?.message ?? 'Invalid input' },
        );
        return;
      }
      input = checked.data;
    }
    setErrors({});
    add.mutate(input);
  };

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h3 className={styles.sectionTitle} id={`${ids}-title`}>
        Add environment
      </h3>
      <div className="seg" role="radiogroup" aria-label="Environment source">
        {(['region', 'custom'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={source === s}
            className={`seg-btn ${source === s ? 'seg-btn--on' : ''}`}
            onClick={() => {
              setSource(s);
              setErrors({});
            }}
          >
            {s === 'region' ? 'Region preset' : 'Custom hosts'}
          </button>
        ))}
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
      >
        {source === 'region' ? (
          <div className={styles.fields}>
            <FormField name="region" label="Region">
              {({ id }) => (
                <select
                  id={id}
                  className="select"
                  value={region}
                  onChange={(e) => setRegion(e.target.value as Region)}
                >
                  {REGIONS.map((r) => (
                    <option key={r} value={r}>
                      {ENVIRONMENT_PRESETS[r].name} · {ENVIRONMENT_PRESETS[r].api}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField name="name" label="Name" error={errors.name}>
              {({ id, invalid, describedBy }) => (
                <input
                  id={id}
                  className="input"
                  value={regionName}
                  placeholder={preset.name}
                  autoComplete="off"
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onChange={(e) => setRegionName(e.target.value)}
                />
              )}
            </FormField>
            <dl className={styles.preset}>
              <dt>API</dt>
              <dd className="mono">{preset.apiBaseUrl}</dd>
              <dt>Quotes</dt>
              <dd className="mono">{preset.quotesUrl}</dd>
              <dt>Events</dt>
              <dd className="mono">
                {preset.eventsAddress} · TLS · {preset.algorithm} · {preset.xVersion}
              </dd>
              <dt>Options</dt>
              <dd>{optionRulesText(optionRulesOf(preset))}</dd>
            </dl>
          </div>
        ) : (
          <EnvironmentFields
            draft={draft}
            errors={errors}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          />
        )}
        {errors.form && (
          <div className={styles.formError} role="alert">
            {errors.form}
          </div>
        )}
        <div className={styles.actions}>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {saving ? 'Adding…' : 'Add environment'}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** The option rules a preset applies, in a trader's words. */
function optionRulesText(r: OptionRules): string {
  return [
    r.marketOrders ? 'market orders allowed' : 'no market orders',
    r.sellDayOnly ? 'sells good for the day only' : 'sells DAY or GTC',
    r.positionIntent ? 'orders say open or close' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
