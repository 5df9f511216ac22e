import { FormField, type FieldControl } from '../../ui/FormField';

/** One choice of the ticket: the value the draft takes and the label a trader reads. */
export interface Option<T extends string> {
  value: T;
  label: string;
  /** Shown but not choosable (a linked kind the environment does not take). */
  disabled?: boolean;
  /** Said after the label, in brackets: why the choice is, or would be, refused. */
  reason?: string;
}

/** A field's control attributes from the kit's FormField (renderer/ui/FormField.tsx). */
export const controlProps = (c: FieldControl) => ({
  id: c.id,
  'aria-invalid': c.invalid,
  'aria-describedby': c.describedBy,
});

/** The ticket's labelled select (a stacked FormField): one option an entry of `options`. */
export function OptionSelect<T extends string>(props: {
  name: string;
  label: string;
  value: T;
  options: ReadonlyArray<Option<T>>;
  onChange(v: T): void;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
}) {
  const { name, label, error, hint, className } = props;
  return (
    <FormField stacked name={name} label={label} error={error} hint={hint} className={className}>
      {(c) => (
        <select
          {...controlProps(c)}
          value={props.value}
          // Every option's value is one of T: the select offers nothing else.
          onChange={(e) => props.onChange(e.target.value as T)}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.reason ? `${o.label} (${o.reason})` : o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
