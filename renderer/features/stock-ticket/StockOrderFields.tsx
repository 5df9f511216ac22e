import type { LinkedOrders, TradingSession } from '../../../shared/trading';
import { FormField } from '../../ui/FormField';
import { takesField, type StockDraft, type StockField, type StockFieldErrors } from './stock-draft';
import { LinkedOrderFields, type SetLeg } from './LinkedOrderFields';
import { controlProps, OptionSelect, type Option } from './OptionSelect';
import { SESSIONS, SIDES, SIZINGS, STOCK_ORDER_TYPES, TIMES_IN_FORCE, TRAILING_TYPES } from './stock-choices';
import styles from './StockTicket.module.css';

type Form = Omit<StockDraft, 'accountId' | 'symbol'>;
export type SetField = <K extends keyof Form>(k: K, v: Form[K]) => void;

/** Regular and extended everywhere; the overnight ones where the environment offers them. */
const OVERNIGHT: readonly TradingSession[] = ['NIGHT', 'ALL_DAY'];

interface FieldsProps {
  ids: string;
  form: Form;
  set: SetField;
  errors: StockFieldErrors;
  setLeg: SetLeg;
  /** What the environment and instrument offer: fractional sizing, the overnight session, linked orders. */
  fractional: boolean;
  overnight: boolean;
  linked: LinkedOrders;
  /** The long position held, decimal text, when there is one: "Sell all" sells exactly that, fraction and all. */
  held?: string;
}

/** A group of radio buttons (a fieldset, its legend the name), its error described on each radio. */
function Choice<T extends string>(props: {
  id: string;
  legend: string;
  value: T;
  options: ReadonlyArray<Option<T>>;
  error?: string;
  onChange(v: T): void;
}) {
  const errId = `${props.id}-error`;
  return (
    <fieldset className={styles.toggle}>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={props.id}
            checked={props.value === o.value}
            aria-invalid={!!props.error}
            aria-describedby={props.error ? errId : undefined}
            onChange={() => props.onChange(o.value)}
          />
          {o.label}
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

/** The stock ticket's order fields: side, type, size, prices, time in force, session, linked orders. */
export function StockOrderFields(props: FieldsProps) {
  const { ids, form, set, errors, fractional, overnight, held } = props;
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
        <OptionSelect
          name="orderType"
          label="Order type"
          value={form.orderType}
          options={STOCK_ORDER_TYPES}
          error={errors.orderType}
          onChange={(v) => set('orderType', v)}
        />
        {fractional && (
          <Choice
            id={id('sizing')}
            legend="Size in"
            value={form.sizing}
            options={SIZINGS}
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
            <OptionSelect
              name="trailingType"
              label="Trail by"
              value={form.trailingType}
              options={TRAILING_TYPES}
              onChange={(v) => set('trailingType', v)}
            />
            {text('trailingStep', form.trailingType === 'PERCENTAGE' ? 'Trail (%)' : 'Trail ($)')}
          </>
        )}
        <OptionSelect
          name="timeInForce"
          label="Time in force"
          value={form.timeInForce}
          options={TIMES_IN_FORCE}
          error={errors.timeInForce}
          onChange={(v) => set('timeInForce', v)}
        />
        <OptionSelect
          name="session"
          label="Session"
          value={form.session}
          options={SESSIONS.filter(
            (o) => !OVERNIGHT.includes(o.value) || overnight || form.session === o.value,
          )}
          error={errors.session}
          onChange={(v) => set('session', v)}
        />
      </div>
      <LinkedOrderFields
        form={form}
        set={set}
        setLeg={props.setLeg}
        errors={errors}
        taken={props.linked}
        priceField={text}
      />
    </>
  );
}
