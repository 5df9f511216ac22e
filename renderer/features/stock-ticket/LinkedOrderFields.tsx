import type { ReactNode } from 'react';
import type { GroupKind, LinkedOrders } from '../../../shared/trading';
import { FormField } from '../../ui/FormField';
import { controlProps, OptionSelect } from './OptionSelect';
import { SIDES, STOCK_ORDER_TYPES, TRAILING_TYPES } from './stock-choices';
import { takesField, type StockDraft, type StockFieldErrors } from './stock-draft';
import { LINKED_CHOICES, LINKED_LABELS, legName, legsFor, legsOf } from './stock-linked';
import { legField, type LegDraft, type LegIndex, type LinkedChoice } from './stock-legs';
import styles from './StockTicket.module.css';

type Form = Omit<StockDraft, 'accountId' | 'symbol'>;
/** Changes one contingent order's fields (and drops what was said about them). */
export type SetLeg = (i: LegIndex, patch: Partial<LegDraft>) => void;

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
      <OptionSelect
        name={legField(i, 'side')}
        label={`${name} side`}
        value={leg.side}
        options={SIDES}
        error={errors[legField(i, 'side')]}
        onChange={(v) => setLeg(i, { side: v })}
      />
      <OptionSelect
        name={legField(i, 'orderType')}
        label={`${name} order type`}
        value={leg.orderType}
        options={STOCK_ORDER_TYPES}
        error={errors[legField(i, 'orderType')]}
        onChange={(v) => setLeg(i, { orderType: v })}
      />
      {needs('stopPrice') && price('stopPrice', 'stop price')}
      {needs('limitPrice') && price('limitPrice', 'limit price')}
      {needs('trailingStep') && (
        <>
          <OptionSelect
            name={`leg${i}.trailingType`}
            label={`${name} trail by`}
            value={leg.trailingType}
            options={TRAILING_TYPES}
            onChange={(v) => setLeg(i, { trailingType: v })}
          />
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
      <OptionSelect
        name="linked"
        label="Linked order"
        value={kind}
        options={LINKED_CHOICES.map((k) => {
          const off = k !== 'NONE' && !taken.includes(k);
          return {
            value: k,
            label: LINKED_LABELS[k],
            disabled: off && kind !== k,
            reason: off ? 'not taken by this environment' : undefined,
          };
        })}
        error={errors.linked}
        hint={hint}
        className={styles.wide}
        onChange={choose}
      />
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
