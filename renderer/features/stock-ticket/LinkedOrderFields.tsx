import type { ReactNode } from 'react';
import type { GroupKind, LinkedOrders, OrderType, Side } from '../../../shared/trading';
import { FormField, type FieldControl } from '../../ui/FormField';
import { SIDES, STOCK_ORDER_TYPES } from './stock-choices';
import { takesField, type StockDraft, type StockFieldErrors } from './stock-draft';
import { LINKED_CHOICES, LINKED_LABELS, legName, legsFor, legsOf } from './stock-linked';
import { legField, type LegDraft, type LegIndex, type LinkedChoice } from './stock-legs';
import styles from './StockTicket.module.css';

type Form = Omit<StockDraft, 'accountId' | 'symbol'>;
/** Changes one contingent order's fields (and drops what was said about them). */
export type SetLeg = (i: LegIndex, patch: Partial<LegDraft>) => void;

const controlProps = (c: FieldControl) => ({
  id: c.id,
  'aria-invalid': c.invalid,
  'aria-describedby': c.describedBy,
});

/** What a kind's section says about when its orders work. */
const WHEN: Readonly<Record<GroupKind, string>> = {
  BRACKET: 'The exits work once the entry fills; one filling cancels the other.',
  OTO: 'Works once the entry fills, for the same shares.',
  OCO: 'Both work now, for the same shares; one filling cancels the other.',
  OTOCO: 'Both work once the entry fills, for the same shares; one filling cancels the other.',
};

/** One contingent order: side, type and the price fields its type takes, each named by the order's name. */
function LegFields(props: {
  i: LegIndex;
  name: string;
  leg: LegDraft;
  errors: StockFieldErrors;
  setLeg: SetLeg;
}) {
  const { i, name, leg, errors, setLeg } = props;
  const needs = (f: Parameters<typeof takesField>[1]) => takesField(leg.orderType, f);
  const price = (f: 'limitPrice' | 'stopPrice' | 'trailingStep', label: string) => (
    <FormField stacked name={legField(i, f)} label={`${name} ${label}`} error={errors[legField(i, f)]}>
      {(c) => (
        <input
          {...controlProps(c)}
          inputMode="decimal"
          autoComplete="off"
          value={leg[f]}
          onChange={(e) => setLeg(i, { [f]: e.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <>
      <FormField
        stacked
        name={legField(i, 'side')}
        label={`${name} side`}
        error={errors[legField(i, 'side')]}
      >
        {(c) => (
          <select
            {...controlProps(c)}
            value={leg.side}
            onChange={(e) => setLeg(i, { side: e.target.value as Side })}
          >
            {SIDES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        stacked
        name={legField(i, 'orderType')}
        label={`${name} order type`}
        error={errors[legField(i, 'orderType')]}
      >
        {(c) => (
          <select
            {...controlProps(c)}
            value={leg.orderType}
            onChange={(e) => setLeg(i, { orderType: e.target.value as OrderType })}
          >
            {STOCK_ORDER_TYPES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {needs('stopPrice') && price('stopPrice', 'stop price')}
      {needs('limitPrice') && price('limitPrice', 'limit price')}
      {needs('trailingStep') && (
        <>
          <FormField stacked name={`leg${i}.trailingType`} label={`${name} trail by`}>
            {(c) => (
              <select
                {...controlProps(c)}
                value={leg.trailingType}
                onChange={(e) => setLeg(i, { trailingType: e.target.value as LegDraft['trailingType'] })}
              >
                <option value="AMOUNT">Amount ($)</option>
                <option value="PERCENTAGE">Percent (%)</option>
              </select>
            )}
          </FormField>
          {price('trailingStep', leg.trailingType === 'PERCENTAGE' ? 'trail (%)' : 'trail ($)')}
        </>
      )}
    </>
  );
}

/**
 * The ticket's linked orders (docs/ui.md "Stock ticket"): a choice of the kinds the environment
 * takes (a kind it does not take is shown, disabled, and says so), then the chosen kind's orders in
 * a compact section: a bracket's take-profit and stop-loss, an OTO's triggered order, an OCO's other
 * order, an OTOCO's pair of exits.
 */
export function LinkedOrderFields(props: {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  setLeg: SetLeg;
  errors: StockFieldErrors;
  taken: LinkedOrders;
  priceField: (f: 'takeProfit' | 'stopLoss', label: string) => ReactNode;
}) {
  const { form, set, errors, taken } = props;
  const refused = LINKED_CHOICES.filter((k): k is GroupKind => k !== 'NONE' && !taken.includes(k));
  const hint = refused.length > 0 ? `Not taken by this environment: ${refused.join(', ')}.` : undefined;
  const choose = (kind: LinkedChoice) => {
    set('linked', kind);
    set('legs', legsFor(kind, form.side));
  };
  const kind = form.linked;
  return (
    <fieldset className={styles.bracket}>
      <legend>Linked orders</legend>
      <FormField
        stacked
        name="linked"
        label="Linked order"
        error={errors.linked}
        hint={hint}
        className={styles.wide}
      >
        {(c) => (
          <select {...controlProps(c)} value={kind} onChange={(e) => choose(e.target.value as LinkedChoice)}>
            {LINKED_CHOICES.map((k) => {
              const off = k !== 'NONE' && !taken.includes(k);
              return (
                <option key={k} value={k} disabled={off && kind !== k}>
                  {LINKED_LABELS[k]}
                  {off ? ' (not taken by this environment)' : ''}
                </option>
              );
            })}
          </select>
        )}
      </FormField>
      {kind !== 'NONE' && <p className={styles.linkedNote}>{WHEN[kind]}</p>}
      {kind === 'BRACKET' && (
        <>
          {props.priceField('takeProfit', 'Take-profit (limit)')}
          {props.priceField('stopLoss', 'Stop-loss (stop)')}
        </>
      )}
      {legsOf(kind).map((i) => (
        <fieldset key={i} className={styles.leg} aria-label={legName(kind, i)}>
          <LegFields i={i} name={legName(kind, i)} leg={form.legs[i]} errors={errors} setLeg={props.setLeg} />
        </fieldset>
      ))}
    </fieldset>
  );
}
