import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type RefObject } from 'react';
import { ALERT_KINDS, type AlertKind, type PriceAlert } from '../../../shared/ipc/contract';
import { BridgeError, errorMessage, invoke } from '../../lib/bridge';
import { FormField } from '../../ui/FormField';
import {
  isMoveKind,
  KIND_LABELS,
  fieldOfPath,
  parseAlertForm,
  type AlertFormErrors,
  type AlertFormValues,
  type ParsedForm,
} from './alert-form';

type AlertInput = Extract<ParsedForm, { ok: true }>['input'];
import styles from './Alerts.module.css';

/**
 * Add or edit one alert. The form is checked with the contract's schema before sending; what main
 * still refuses (INVALID_INPUT naming a field) is shown beside that field.
 */
export function AlertForm(props: {
  initial: AlertFormValues;
  editing?: PriceAlert;
  symbolRef?: RefObject<HTMLInputElement | null>;
  onDone(): void;
}) {
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<AlertFormErrors>({});
  const [failure, setFailure] = useState<string>();
  // Main refuses what its schema refuses (INVALID_INPUT naming a field): shown beside that field.
  const save = useMutation({
    mutationFn: (input: AlertInput) =>
      props.editing
        ? invoke('alerts.update', { id: props.editing.id, ...input, note: values.note })
        : invoke('alerts.create', input),
    onSuccess: () => props.onDone(),
    onError: (error) => {
      const field = error instanceof BridgeError && error.field ? fieldOfPath(error.field) : undefined;
      if (field) setErrors({ [field]: errorMessage(error) });
      else setFailure(errorMessage(error));
    },
  });
  const busy = save.isPending;
  const set = (patch: Partial<AlertFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const move = isMoveKind(values.kind);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    const parsed = parseAlertForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed.input);
  };

  const title = props.editing ? `Edit alert on ${props.editing.symbol}` : 'New price alert';
  return (
    <form className={styles.form} aria-label={title} onSubmit={submit} noValidate>
      <FormField name="symbol" className={styles.field} label="Symbol" error={errors.symbol}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            ref={props.symbolRef}
            className="input mono-input"
            value={values.symbol}
            placeholder="AAPL"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ symbol: e.target.value.toUpperCase() })}
          />
        )}
      </FormField>
      <FormField name="category" className={styles.field} label="Type" error={errors.category}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className="select"
            value={values.category}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ category: e.target.value as AlertFormValues['category'] })}
          >
            <option value="US_STOCK">Stock</option>
            <option value="US_ETF">ETF</option>
          </select>
        )}
      </FormField>
      <FormField name="kind" className={styles.field} label="Condition" error={errors.kind}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className="select"
            value={values.kind}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ kind: e.target.value as AlertKind })}
          >
            {ALERT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="value"
        className={styles.field}
        label={move ? 'Percent' : 'Price'}
        error={errors.value}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="input num"
            inputMode="decimal"
            value={values.value}
            placeholder={move ? '2.5' : '190.00'}
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ value: e.target.value })}
          />
        )}
      </FormField>
      <FormField name="note" className={styles.field} label="Note" error={errors.note}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="input"
            value={values.note}
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set({ note: e.target.value })}
          />
        )}
      </FormField>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {props.editing ? 'Save alert' : 'Add alert'}
        </button>
        {props.editing && (
          <button type="button" className="btn" onClick={props.onDone}>
            Cancel
          </button>
        )}
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
