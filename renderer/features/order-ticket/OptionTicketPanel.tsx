import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Decimal } from '../../../shared/decimal';
import { ORDER_TYPES, orderTypesFor } from '../../../shared/trading';
import { Panel } from '../../ui/Panel';
import { FormField, type FieldControl } from '../../ui/FormField';
import type { PanelProps } from '../../ui/panel-types';
import { BridgeError, errorMessage } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { accountLabel } from '../account';
import { useTicketAccount } from './use-ticket-account';
import { confirmationText } from './confirm-text';
import { TicketActions } from './TicketActions';
import { useConfirmedPlace } from './use-confirmed-place';
import { contractText } from '../../../shared/market/contract-name';
import { fieldMessage, ticketFieldOf } from './server-field';
import { buyingPowerShortfall } from './buying-power';
import { PreviewFigures } from './PreviewFigures';
import { useStagedOrder } from './staged-order';
import { positionEffect } from './ticket-position';
import {
  priceFields,
  underRules,
  validateTicket,
  type FieldErrors,
  type TicketDraft,
  type TicketField,
} from './ticket-model';
import { TicketSummary } from './TicketSummary';
import { useTicketData } from './use-ticket-data';
import { useOptionRules } from './use-option-rules';
import { todayEt } from '../../lib/time';
import { useTicketSubmit } from './use-ticket-submit';
import styles from './OptionTicket.module.css';

export interface OptionTicketSettings {
  accountId?: string;
}

const EMPTY: Omit<TicketDraft, 'accountId' | 'underlying'> = {
  expiry: '',
  strike: '',
  optionType: 'CALL',
  side: 'BUY',
  orderType: 'LIMIT',
  limitPrice: '',
  stopPrice: '',
  quantity: '1',
  timeInForce: 'DAY',
};

/** Single-leg US options order ticket, docked and linked to its group's instrument (docs/ui.md). */
export function OptionTicketPanel({
  instrument,
  settings,
  updateSettings,
}: PanelProps<OptionTicketSettings>) {
  const ids = useId();
  const [form, setForm] = useState(EMPTY);
  const underlying = instrument?.symbol ?? '';
  const acct = useTicketAccount(settings.accountId);
  const { accountId, accountName } = acct;
  const rules = useOptionRules();
  const ruled = underRules({ ...form, accountId, underlying }, rules);
  const data = useTicketData(ruled, instrument?.category);
  const draft: TicketDraft = data.legSymbol ? { ...ruled, legSymbol: data.legSymbol } : ruled;
  const ticket = useTicketSubmit(draft);
  const held = acct.held(draft);
  const [shown, setShown] = useState<FieldErrors>({});
  // A new ticket starts at the quantity chosen in Settings, unless one was typed already.
  const defaultQuantity = useQuery(apiQuery('settings.get', {})).data?.defaultQuantity;
  useEffect(() => {
    if (defaultQuantity)
      setForm((f) => (f.quantity === EMPTY.quantity ? { ...f, quantity: defaultQuantity } : f));
  }, [defaultQuantity]);

  // A new underlying starts from its own chain: the old expiry and strike mean nothing there.
  useEffect(() => setForm((f) => ({ ...f, expiry: '', strike: '' })), [underlying]);
  // An order staged from elsewhere (a position's "Close") fills the form once; it is not sent.
  const stagedSeq = useStagedOrder((s) => s.seq);
  useEffect(() => {
    const staged = useStagedOrder.getState().take(underlying);
    if (!staged) return;
    const { accountId: stagedAccount, underlying: _u, ...order } = staged;
    setForm((f) => ({ ...f, ...order, limitPrice: '', stopPrice: '' }));
    setShown({});
    if (stagedAccount !== accountId) updateSettings({ accountId: stagedAccount });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for a new staged order or underlying only
  }, [stagedSeq, underlying]);
  useEffect(() => {
    if (!form.expiry && data.expirations.length) {
      const first = data.expirations.find((e) => e >= todayEt());
      if (first) setForm((f) => ({ ...f, expiry: first }));
    }
  }, [data.expirations, form.expiry]);

  const dayOnly = rules.sellDayOnly && draft.side === 'SELL';
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setShown((s) => ({ ...s, [k]: undefined }));
  };
  const bid = data.quote?.bid;
  const ask = data.quote?.ask;
  const mid = bid && ask ? new Decimal(bid).plus(ask).dividedBy(2).toDecimalPlaces(2).toFixed(2) : undefined;
  const premium = priceFields(draft.orderType).includes('limitPrice')
    ? form.limitPrice
    : form.side === 'BUY'
      ? (ask ?? mid)
      : (bid ?? mid);
  const ctx = useMemo(
    () => ({ expirations: data.expirations, strikes: data.allStrikes, today: todayEt(), bid, ask, rules }),
    [data.expirations, data.allStrikes, bid, ask, rules],
  );

  const serverError = ticket.error as unknown;
  const serverField = serverError instanceof BridgeError ? ticketFieldOf(serverError.field) : undefined;
  const quantityOk = /^\d+$/.test(draft.quantity.trim()) && Number(draft.quantity) > 0;
  const closingOnly =
    quantityOk && positionEffect(held?.quantity, draft.side, draft.quantity.trim()).opening.isZero();
  const bpShort = ticket.previewShown
    ? buyingPowerShortfall(ticket.previewShown, acct.balance, closingOnly)
    : undefined;
  const place = useConfirmedPlace(ticket, bpShort !== undefined);
  const errors: FieldErrors = { ...shown };
  if (bpShort) errors.quantity = bpShort;
  if (serverField && !errors[serverField] && serverError instanceof BridgeError)
    errors[serverField] = fieldMessage(serverError.message);
  if (
    serverError instanceof BridgeError &&
    serverError.code === 'INSUFFICIENT_BUYING_POWER' &&
    !errors.quantity
  )
    errors.quantity = errorMessage(serverError);

  const check = (): boolean => {
    const e = validateTicket(draft, ctx);
    setShown(e);
    return Object.keys(e).length === 0;
  };
  const onPreview = () => {
    if (check()) ticket.runPreview();
  };
  const onPlace = () =>
    place.request(check, () => confirmationText(draft, premium || undefined, accountName));

  const field = (
    name: TicketField,
    label: string,
    control: (a: FieldControl) => React.ReactNode,
    hint?: React.ReactNode,
  ) => (
    <FormField stacked name={name} className={styles.field} label={label} error={errors[name]} hint={hint}>
      {control}
    </FormField>
  );
  const title = 'Options ticket';
  if (!underlying)
    return <Panel title={title} empty="Choose an underlying in a linked panel (watchlist, movers)." />;
  const unshownServerError =
    serverError &&
    !serverField &&
    !(serverError instanceof BridgeError && serverError.code === 'INSUFFICIENT_BUYING_POWER');
  return (
    <Panel
      title={title}
      meta={data.spot ? `${underlying} ${data.spot}` : underlying}
      error={data.chain.error}
      onRetry={() => void data.chain.refetch()}
      loading={data.chain.isPending && 'Loading option chain…'}
    >
      <form
        className={styles.ticket}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onPlace();
        }}
      >
        <div className={styles.grid}>
          {field('accountId', 'Account', (a) => (
            <select
              id={a.id}
              aria-invalid={a.invalid}
              aria-describedby={a.describedBy}
              value={accountId}
              onChange={(e) => {
                acct.chosenHere();
                updateSettings({ accountId: e.target.value });
              }}
            >
              {acct.accounts.data?.map((acc) => (
                <option key={acc.account_id} value={acc.account_id}>
                  {accountLabel(acc)}
                </option>
              ))}
            </select>
          ))}
          {field('expiry', 'Expiry', (a) => (
            <select
              id={a.id}
              aria-invalid={a.invalid}
              aria-describedby={a.describedBy}
              value={form.expiry}
              onChange={(e) => set('expiry', e.target.value)}
            >
              <option value="">Choose…</option>
              {data.expirations.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          ))}
          <fieldset className={styles.toggle}>
            <legend>Type</legend>
            {(['CALL', 'PUT'] as const).map((t) => (
              <label key={t}>
                <input
                  type="radio"
                  name={`${ids}-type`}
                  checked={form.optionType === t}
                  onChange={() => set('optionType', t)}
                />
                {t === 'CALL' ? 'Call' : 'Put'}
              </label>
            ))}
          </fieldset>
          {field('strike', 'Strike', (a) => (
            <select
              id={a.id}
              aria-invalid={a.invalid}
              aria-describedby={a.describedBy}
              value={form.strike}
              onChange={(e) => set('strike', e.target.value)}
            >
              <option value="">Choose…</option>
              {data.strikes.map((c) => (
                <option key={c.symbol} value={new Decimal(c.strike_price).toFixed()}>
                  {new Decimal(c.strike_price).toFixed()} · bid {c.bid ?? '—'} / ask {c.ask ?? '—'} · IV{' '}
                  {c.implied_volatility ? `${new Decimal(c.implied_volatility).times(100).toFixed(1)}%` : '—'}{' '}
                  · Δ {c.delta ?? '—'}
                </option>
              ))}
            </select>
          ))}
          <fieldset className={styles.toggle}>
            <legend>Side</legend>
            {(['BUY', 'SELL'] as const).map((s) => (
              <label key={s}>
                <input
                  type="radio"
                  name={`${ids}-side`}
                  checked={form.side === s}
                  onChange={() => set('side', s)}
                />
                {s === 'BUY' ? 'Buy' : 'Sell'}
              </label>
            ))}
          </fieldset>
          {field('orderType', 'Order type', (a) => (
            <select
              id={a.id}
              aria-invalid={a.invalid}
              aria-describedby={a.describedBy}
              value={draft.orderType}
              onChange={(e) => set('orderType', e.target.value as TicketDraft['orderType'])}
            >
              {orderTypesFor('OPTION', { optionMarketOrders: rules.marketOrders }).map((t) => (
                <option key={t} value={t}>
                  {ORDER_TYPES[t].label}
                </option>
              ))}
            </select>
          ))}
          {priceFields(draft.orderType).includes('stopPrice') &&
            field('stopPrice', 'Stop price', (a) => (
              <input
                id={a.id}
                inputMode="decimal"
                aria-invalid={a.invalid}
                aria-describedby={a.describedBy}
                value={form.stopPrice}
                onChange={(e) => set('stopPrice', e.target.value)}
              />
            ))}
          {priceFields(draft.orderType).includes('limitPrice') &&
            field('limitPrice', 'Limit price', (a) => (
              <input
                id={a.id}
                inputMode="decimal"
                aria-invalid={a.invalid}
                aria-describedby={a.describedBy}
                value={form.limitPrice}
                onChange={(e) => set('limitPrice', e.target.value)}
              />
            ))}
          {field('quantity', 'Quantity (contracts)', (a) => (
            <input
              id={a.id}
              inputMode="numeric"
              aria-invalid={a.invalid}
              aria-describedby={a.describedBy}
              value={form.quantity}
              onChange={(e) => set('quantity', e.target.value)}
            />
          ))}
          {field(
            'timeInForce',
            'Time in force',
            (a) => (
              <select
                id={a.id}
                aria-invalid={a.invalid}
                aria-describedby={a.describedBy}
                value={draft.timeInForce}
                onChange={(e) => set('timeInForce', e.target.value as 'DAY' | 'GTC')}
              >
                <option value="DAY">Day</option>
                <option value="GTC" disabled={dayOnly}>
                  Good till cancelled
                </option>
              </select>
            ),
            dayOnly ? 'Option sells are good for the day only.' : undefined,
          )}
          {draft.positionEffect && (
            <fieldset className={styles.toggle}>
              <legend>Position</legend>
              {(['OPEN', 'CLOSE'] as const).map((p) => (
                <label key={p}>
                  <input
                    type="radio"
                    name={`${ids}-effect`}
                    checked={draft.positionEffect === p}
                    onChange={() => set('positionEffect', p)}
                  />
                  {p === 'OPEN' ? 'Open' : 'Close'}
                </label>
              ))}
            </fieldset>
          )}
          <p className={styles.strategy}>Strategy: Single</p>
        </div>
        {acct.notice && (
          <p role="status" className={styles.notice}>
            {acct.notice}
          </p>
        )}
        {data.occ && (
          <TicketSummary
            contract={contractText({
              underlying,
              expiry: form.expiry,
              strike: form.strike,
              optionType: form.optionType,
            })}
            quote={data.quote}
            spot={data.spot}
            draft={draft}
            premium={premium || undefined}
            mid={mid}
            held={held}
          />
        )}
        {ticket.previewShown && <PreviewFigures preview={ticket.previewShown} />}
        <TicketActions
          ticket={ticket}
          place={place}
          error={unshownServerError ? serverError : undefined}
          onPreview={onPreview}
        />
      </form>
    </Panel>
  );
}
