import { useId, type ReactNode } from 'react';

/** What a field hands its control: the id its label points at, and how to state an error. */
export interface FieldControl {
  id: string;
  /** True while the field shows an error: the control sets `aria-invalid` from it. */
  invalid: boolean;
  /** The control's `aria-describedby`: the error while there is one, else the hint. */
  describedBy: string | undefined;
}

/**
 * The one form field of the app: a label tied to its control, the control, and under it either
 * the error (announced) or a hint, whichever shows named by the control's `aria-describedby`. The field owns no
 * state, so an error never costs what was typed. Every form builds its fields from this.
 *
 * Two layouts: the default sits in a two-column grid (label left, control right: settings, alert
 * form); `stacked` puts the label over the control (the order ticket's grid of small fields).
 */
export function FormField({
  label,
  error,
  hint,
  name,
  stacked = false,
  hideLabel = false,
  className,
  children,
}: {
  label: ReactNode;
  /** The message to show; empty or undefined: the field is valid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** What the field edits (`data-field`, and part of the control's id, for reading the DOM). */
  name?: string;
  stacked?: boolean;
  /** The label is for assistive technology only (a placeholder and the context say it on screen). */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = `${useId()}${name ? `-${name}` : ''}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const classes = ['field', stacked && 'field--stacked', className].filter(Boolean).join(' ');
  return (
    <div className={classes} data-field={name}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <div className="field-control">
        {children({ id, invalid: Boolean(error), describedBy })}
        {error ? (
          <span id={errorId} className="field-error" role="alert">
            {error}
          </span>
        ) : (
          hint && (
            <span id={hintId} className="field-hint">
              {hint}
            </span>
          )
        )}
      </div>
    </div>
  );
}
