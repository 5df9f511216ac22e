import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Decimal } from '../../../shared/decimal';
import { Panel } from '../../app/panels/Panel';
import type { PanelProps } from '../../app/panels/panel-types';
import { BridgeError, errorMessage } from '../../lib/bridge';
import { apiQuery } from '../../lib/queries';
import { accountLabel, useAccounts, useActiveAccountId } from '../account/account-store';
import { confirmationText } from './confirm-text';
import { ConfirmOrderDialog } from './ConfirmOrderDialog';
import { contractText } from './contract-text';
import { ticketFieldOf } from './server-field';
import {
  PRICE_FIELDS,
  validateTicket,
  type FieldErrors,
  type TicketDraft,
  type TicketField,
} from './ticket-model';
import { TicketSummary } from './TicketSummary';
import { useTicketData } from './use-ticket-data';
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
  const accounts = useAccounts();
  const activeAccount = useActiveAccountId();
  const [form, setForm] = useState(EMPTY);
  const underlying = instrument?.symbol ?? '';
  const accountId = settings.accountId ?? activeAccount ?? '';
  const draft: TicketDraft = { ...form, accountId, underlying };
  const data = useTicketData(draft);
  const { preview, place, submit } = useTicketSubmit(draft);
  const confirmSetting = useQuery(apiQuery('settings.get', {})).data?.confirmOrders ?? true;
  const [shown, setShown] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<string | undefined>();
  // A new ticket starts at the quantity chosen in Settings, unless one was typed already.
  const defaultQuantity = useQuery(apiQuery('settings.get', {})).data?.defaultQuantity;
  useEffect(() => {
    if (defaultQuantity)
      setForm((f) => (f.quantity === EMPTY.quantity ? { ...f, quantity: defaultQuantity } : f));
  }, [defaultQuantity]);

  // A new underlying starts from its own chain: the old expiry and strike mean nothing there.
  useEffect(() => setForm((f) => ({ ...f, expiry: '', strike: '' })), [underlying]);
  useEffect(() => {
    if (!form.expiry && data.expirations.length) {
      const first = data.expirations.find((e) => e >= todayEt());
      if (first) setForm((f) => ({ ...f, expiry: first }));
    }
  }, [data.expirations, form.expiry]);

  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setShown((s) => ({ ...s, [k]: undefined }));
  };
  const bid = data.quote?.bid;
  const ask = data.quote?.ask;
  const mid = bid && ask ? new Decimal(bid).plus(ask).dividedBy(2).toDecimalPlaces(2).toFixed(2) : undefined;
  const premium = PRICE_FIELDS[form.orderType].includes('limitPrice')
    ? form.limitPrice
    : form.side === 'BUY'
      ? (ask ?? mid)
      : (bid ?? mid);
  const ctx = useMemo(
    () => ({ expirations: data.expirations, strikes: data.allStrikes, today: todayEt(), bid, ask }),
    [data.expirations, data.allStrikes, bid, ask],
  );

  const serverError = (place.error ?? preview.error) as unknown;
  const serverField = serverError instanceof BridgeError ? ticketFieldOf(serverError.field) : undefined;
  const bpShort =
    preview.data?.[0]?.buying_power_after !== undefined &&
    new Decimal(preview.data[0].buying_power_after).isNegative();
  const errors: FieldErrors = { ...shown };
  if (bpShort) errors.quantity = 'Not enough buying power for this order (per the preview).';
  if (serverField && !errors[serverField]) errors[serverField] = errorMessage(serverError);
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
    if (check()) preview.mutate();
  };
  const onPlace = () => {
    if (place.isPending || !check()) return;
    if (confirmSetting) setConfirming(confirmationText(draft, premium || undefined));
    else void submit();
  };

  const field = (
    name: TicketField,
    label: string,
    control: (a: { id: string; invalid: boolean; describedBy?: string }) => React.ReactNode,
  ) => {
    const id = `${ids}-${name}`;
    const msg = errors[name];
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        {control({ id, invalid: !!msg, describedBy: msg ? `${id}-error` : undefined })}
        {msg && (
          <span id={`${id}-error`} className={styles.fieldError}>
            {msg}
          </span>
        )}
      </div>
    );
  };
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
              onChange={(e) => updateSettings({ accountId: e.target.value })}
            >
              {accounts.data?.map((acc) => (
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
          <div className={styles.field}>
            <label htmlFor={`${ids}-ordertype`}>Order type</label>
            <select
              id={`${ids}-ordertype`}
              value={form.orderType}
              onChange={(e) => set('orderType', e.target.value as TicketDraft['orderType'])}
            >
              <option value="MARKET">Market</option>
              <option value="LIMIT">Limit</option>
              <option value="STOP_LOSS">Stop Loss</option>
              <option value="STOP_LOSS_LIMIT">Stop Loss Limit</option>
            </select>
          </div>
          {PRICE_FIELDS[form.orderType].includes('stopPrice') &&
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
          {PRICE_FIELDS[form.orderType].includes('limitPrice') &&
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
          <div className={styles.field}>
            <label htmlFor={`${ids}-tif`}>Time in force</label>
            <select
              id={`${ids}-tif`}
              value={form.timeInForce}
              onChange={(e) => set('timeInForce', e.target.value as 'DAY' | 'GTC')}
            >
              <option value="DAY">Day</option>
              <option value="GTC">Good till cancelled</option>
            </select>
          </div>
          <p className={styles.strategy}>Strategy: Single</p>
        </div>
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
          />
        )}
        {preview.data?.[0] && (
          <dl className={styles.preview} aria-label="Preview">
            <dt>Estimated cost</dt>
            <dd>{preview.data[0].estimated_cost}</dd>
            <dt>Commission</dt>
            <dd>{preview.data[0].estimated_commission}</dd>
            {preview.data[0].estimated_fees && (
              <>
                <dt>Fees</dt>
                <dd>{preview.data[0].estimated_fees}</dd>
              </>
            )}
            {preview.data[0].buying_power_after && (
              <>
                <dt>Buying power after</dt>
                <dd>{preview.data[0].buying_power_after}</dd>
              </>
            )}
          </dl>
        )}
        {unshownServerError ? (
          <p role="alert" className={styles.formError}>
            {errorMessage(serverError)}
          </p>
        ) : null}
        {place.isSuccess && <p role="status">Order sent: {place.data[0]?.client_order_id}</p>}
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={onPreview} disabled={preview.isPending}>
            Preview
          </button>
          <button type="submit" className="btn primary" disabled={place.isPending}>
            Place
          </button>
        </div>
      </form>
      <ConfirmOrderDialog
        text={confirming}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          setConfirming(undefined);
          void submit();
        }}
      />
    </Panel>
  );
}
