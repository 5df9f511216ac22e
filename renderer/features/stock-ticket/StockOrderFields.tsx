import {
  ORDER_TYPES,
  orderTypesFor,
  TRADING_SESSIONS,
  type OrderType,
  type Side,
  type TradingSession,
} from '../../../shared/trading';
import { FormField, type FieldControl } from '../../ui/FormField';
import { takesField, type StockDraft, type StockField, type StockFieldErrors } from './stock-draft';
import styles from './StockTicket.module.css';

type Form = Omit<StockDraft, 'accountId' | 'symbol'>;
export type SetField = <K extends keyof Form>(k: K, v: Form[K]) => void;

const SIDES: ReadonlyArray<[Side, string]> = [
  ['BUY', 'Buy'],
  ['SELL', 'Sell'],
  ['SHORT', 'Sell short'],
];
const STOCK_ORDER_TYPES: ReadonlyArray<[OrderType, string]> = orderTypesFor('EQUITY').map((t) => [
  t,
  ORDER_TYPES[t].label,
]);
/** Regular and extended everywhere; the overnight ones where the environment offers them. */
const OVERNIGHT: readonly TradingSession[] = ['NIGHT', 'ALL_DAY'];
const SESSIONS = Object.entries(TRADING_SESSIONS).map(([v, s]) => [v, s.label]) as Array<
  [TradingSession, string]
>;

interface FieldsProps {
  ids: string;
  form: Form;
  set: SetField;
  errors: StockFieldErrors;
  /** What the environment and instrument offer: fractional sizing, the overnight session, brackets. */
  fractional: boolean;
  overnight: boolean;
  brackets: boolean;
  /** The long position held, decimal text, when there is one: "Sell all" sells exactly that, fraction and all. */
  held?: string;
}

/** A group of radio buttons (a fieldset, its legend the name), its error described on each radio. */
function Choice<T extends string>(props: {
  id: string;
  legend: string;
  value: T;
  options: ReadonlyArray<[T, string]>;
  error?: string;
  onChange(v: T): void;
}) {
  const errId = `${props.id}-error`;
  return (
    <fieldset className={styles.toggle}>
      <legend>{props.legend}</legend>
      {props.options.map(([v, label]) => (
        <label key={v}>
          <input
            type="radio"
            name={props.id}
            checked={props.value === v}
            aria-invalid={!!props.error}
            aria-describedby={props.error ? errId : undefined}
            onChange={() => props.onChange(v)}
          />
          {label}
        </label>
      ))}
      {props.error && (
        <span id={errId} className={`${styles.fieldError} ${styles.wide}`}>
          {props.error}
        </span>
      )}
    </fieldset>
  );
}

/** A field's control attributes from the kit's FormField (renderer/ui/FormField.tsx). */
const controlProps = (c: FieldControl) => ({
  id: c.id,
  'aria-invalid': c.invalid,
  'aria-describedby': c.describedBy,
});

/** The stock ticket's order fields: side, type, size, prices, time in force, session, bracket exits. */
export function StockOrderFields(props: FieldsProps) {
  const { ids, form, set, errors, fractional, overnight, brackets, held } = props;
  const id = (f: StockField | string) => `${ids}-${f}`;
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(form.orderType, f);
  const text = (
    f: 'quantity' | 'amount' | 'limitPrice' | 'stopPrice' | 'trailingStep' | 'takeProfit' | 'stopLoss',
    label: string,
  ) => (
    <FormField stacked name={f} label={label} error={errors[f]}>
      {(a) => (
        <input
          {...controlProps(a)}
          inputMode="decimal"
          autoComplete="off"
          value={form[f]}
          onChange={(e) => set(f, e.target.value)}
        />
      )}
    </FormField>
  );
  return (
    <>
      <div className={styles.grid}>
        <div className={styles.wide}>
          <Choice
            id={id('side')}
            legend="Side"
            value={form.side}
            options={SIDES}
            error={errors.side}
            onChange={(v) => set('side', v)}
          />
        </div>
        <FormField stacked name="orderType" label="Order type" error={errors.orderType}>
          {(a) => (
            <select
              {...controlProps(a)}
              value={form.orderType}
              onChange={(e) => set('orderType', e.target.value as OrderType)}
            >
              {STOCK_ORDER_TYPES.map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {fractional && (
          <Choice
            id={id('sizing')}
            legend="Size in"
            value={form.sizing}
            options={[
              ['SHARES', 'Shares'],
              ['DOLLARS', 'Dollars'],
            ]}
            onChange={(v) => set('sizing', v)}
          />
        )}
        {fractional && form.sizing === 'DOLLARS'
          ? text('amount', 'Amount ($)')
          : text('quantity', 'Quantity (shares)')}
        {form.side === 'SELL' && held !== undefined && (
          <button
            type="button"
            className={styles.sellAll}
            // A fractional position is sold by its quantity: an amount would leave a sliver behind.
            onClick={() => {
              set('sizing', 'SHARES');
              set('quantity', held);
            }}
          >
            Sell all ({held} {held === '1' ? 'share' : 'shares'})
          </button>
        )}
        {needs('stopPrice') && text('stopPrice', 'Stop price')}
        {needs('limitPrice') && text('limitPrice', 'Limit price')}
        {needs('trailingStep') && (
          <>
            <FormField stacked name="trailingType" label="Trail by">
              {(a) => (
                <select
                  {...controlProps(a)}
                  value={form.trailingType}
                  onChange={(e) => set('trailingType', e.target.value as Form['trailingType'])}
                >
                  <option value="AMOUNT">Amount ($)</option>
                  <option value="PERCENTAGE">Percent (%)</option>
                </select>
              )}
            </FormField>
            {text('trailingStep', form.trailingType === 'PERCENTAGE' ? 'Trail (%)' : 'Trail ($)')}
          </>
        )}
        <FormField stacked name="timeInForce" label="Time in force" error={errors.timeInForce}>
          {(a) => (
            <select
              {...controlProps(a)}
              value={form.timeInForce}
              onChange={(e) => set('timeInForce', e.target.value as Form['timeInForce'])}
            >
              <option value="DAY">Day</option>
              <option value="GTC">Good till cancelled</option>
            </select>
          )}
        </FormField>
        <FormField stacked name="session" label="Session" error={errors.session}>
          {(a) => (
            <select
              {...controlProps(a)}
              value={form.session}
              onChange={(e) => set('session', e.target.value as TradingSession)}
            >
              {SESSIONS.filter(([v]) => !OVERNIGHT.includes(v) || overnight || form.session === v).map(
                ([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ),
              )}
            </select>
          )}
        </FormField>
      </div>
      {brackets && (
        <fieldset className={styles.bracket}>
          <legend>
            <label>
              <input
                type="checkbox"
                checked={form.bracket}
                onChange={(e) => set('bracket', e.target.checked)}
              />{' '}
              Bracket exits
            </label>
          </legend>
          {form.bracket && (
            <>
              {text('takeProfit', 'Take-profit (limit)')}
              {text('stopLoss', 'Stop-loss (stop)')}
            </>
          )}
        </fieldset>
      )}
    </>
  );
}
