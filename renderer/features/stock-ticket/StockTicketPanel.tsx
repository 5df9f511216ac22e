import { FormField } from '../../ui/FormField';
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Decimal } from '../../../shared/decimal';
import { sessionAt } from '../../../shared/market/calendar';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { BridgeError, errorMessage } from '../../lib/bridge';
import { marketNow } from '../../lib/market-now';
import { apiQuery } from '../../lib/queries';
import { formatPrice } from '../../lib/format';
import { accountLabel } from '../account';
import {
  buyingPowerShortfall,
  fieldMessage,
  PreviewFigures,
  TicketActions,
  useConfirmedPlace,
  useTicketAccount,
} from '../order-ticket';
import { useStagedStockOrder } from './staged-stock-order';
import { EMPTY_STOCK_DRAFT, type StockDraft, type StockFieldErrors } from './stock-draft';
import { stockConfirmationText } from './stock-confirm-text';
import { referencePrice, validateStockDraft, type StockRuleContext } from './stock-rules';
import { stockFieldOf } from './stock-server-field';
import { orderRoles } from './stock-wire';
import { StockOrderFields, type SetField } from './StockOrderFields';
import { StockFigures, StockQuote } from './StockSummary';
import { useStockCapabilities } from './use-stock-capabilities';
import { useStockData } from './use-stock-data';
import { useStockSubmit } from './use-stock-submit';
import styles from './StockTicket.module.css';

interface StockTicketSettings {
  accountId?: string;
}

type Form = Omit<StockDraft, 'accountId' | 'symbol'>;

/** Shares of `symbol` the account holds, signed (negative: short); undefined while unknown. */
function heldShares(
  positions: ReadonlyArray<{ symbol: string; quantity: string }> | undefined,
  symbol: string,
) {
  if (!positions) return undefined;
  const p = positions.find((x) => x.symbol === symbol);
  return p ? new Decimal(p.quantity) : new Decimal(0);
}

/** The US stock and ETF ticket, docked and linked to its group's instrument (docs/ui.md "Stock ticket"). */
export function StockTicketPanel({
  instrument,
  setInstrument,
  settings,
  updateSettings,
}: PanelProps<StockTicketSettings>) {
  const ids = useId();
  const [form, setForm] = useState<Form>(EMPTY_STOCK_DRAFT);
  const symbol = instrument?.symbol ?? '';
  const acct = useTicketAccount(settings.accountId);
  const data = useStockData(symbol, instrument?.category);
  const caps = useStockCapabilities(symbol);
  const draft: StockDraft = { ...form, accountId: acct.accountId, symbol };
  const held = heldShares(acct.positions, symbol);
  const [shown, setShown] = useState<StockFieldErrors>({});

  // A new ticket starts at the quantity chosen in Settings, unless one was typed already.
  const defaultQuantity = useQuery(apiQuery('settings.get', {})).data?.defaultQuantity;
  useEffect(() => {
    if (defaultQuantity)
      setForm((f) => (f.quantity === EMPTY_STOCK_DRAFT.quantity ? { ...f, quantity: defaultQuantity } : f));
  }, [defaultQuantity]);

  // Another symbol is another order: what was said about the last one's fields goes.
  useEffect(() => setShown({}), [symbol]);

  // An order staged from elsewhere (the chart, the ladder) fills the form once; it is not sent.
  const stagedSeq = useStagedStockOrder((s) => s.seq);
  useEffect(() => {
    const staged = useStagedStockOrder.getState().take();
    if (!staged) return;
    const { symbol: stagedSymbol, ...order } = staged;
    setForm((f) => ({
      ...f,
      side: order.side,
      orderType: order.orderType,
      limitPrice: order.limitPrice ?? '',
      stopPrice: order.stopPrice ?? '',
      sizing: 'SHARES',
      quantity: order.quantity ?? f.quantity,
      bracket: false,
    }));
    setShown({});
    if (stagedSymbol !== symbol) setInstrument({ symbol: stagedSymbol, category: 'US_STOCK' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for a new staged order only
  }, [stagedSeq]);

  const set: SetField = (k, v) => {
    setForm((f) => ({ ...f, [k]: v }));
    setShown((s) => ({ ...s, [k]: undefined }));
  };
  const ctx: StockRuleContext = {
    bid: data.bid,
    ask: data.ask,
    last: data.last,
    session: sessionAt(marketNow()),
    shortable: data.instrument?.shortable,
    fractional: caps.fractional,
    minimumBuy: caps.minimumBuy,
    margin: acct.margin,
    held,
    overnight: caps.overnight,
    brackets: caps.brackets,
  };
  const price = referencePrice(draft, ctx);
  const ticket = useStockSubmit(draft);

  const serverError = ticket.error as unknown;
  const serverField =
    serverError instanceof BridgeError ? stockFieldOf(serverError.field, orderRoles(draft)) : undefined;
  const closingOnly = draft.side === 'SELL';
  // A stock's buying power is the account's (the option figure is for options).
  const stockBalance = acct.balance && { ...acct.balance, option_buying_power: undefined };
  const bpShort = ticket.previewShown
    ? buyingPowerShortfall(ticket.previewShown, stockBalance, closingOnly)
    : undefined;
  const place = useConfirmedPlace(ticket, bpShort !== undefined);
  const sizeField = draft.sizing === 'DOLLARS' ? 'amount' : 'quantity';
  const errors: StockFieldErrors = { ...shown };
  if (bpShort) errors[sizeField] = bpShort;
  if (serverField && !errors[serverField] && serverError instanceof BridgeError)
    errors[serverField] = fieldMessage(serverError.message);
  const bpRefused = serverError instanceof BridgeError && serverError.code === 'INSUFFICIENT_BUYING_POWER';
  if (bpRefused && !errors[sizeField]) errors[sizeField] = errorMessage(serverError);

  const check = (): boolean => {
    const e = validateStockDraft(draft, { ...ctx, session: sessionAt(marketNow()) });
    setShown(e);
    return Object.keys(e).length === 0;
  };
  const onPreview = () => {
    if (check()) ticket.runPreview();
  };
  const onPlace = () => place.request(check, () => stockConfirmationText(draft, price, acct.accountName));

  const title = 'Stock ticket';
  if (!symbol)
    return <Panel title={title} empty="Choose a stock or ETF in a linked panel (watchlist, chart)." />;
  const unshownServerError = serverError && !serverField && !bpRefused;
  return (
    <Panel
      title={title}
      meta={data.last ? `${symbol} ${formatPrice(data.last)}` : symbol}
      error={data.snapshot.error}
      onRetry={() => void data.snapshot.refetch()}
    >
      <form
        className={styles.ticket}
        aria-label={`Order ${symbol}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onPlace();
        }}
      >
        <StockQuote bid={data.bid} ask={data.ask} last={data.last} />
        <FormField stacked name="accountId" label="Account" error={errors.accountId}>
          {(c) => (
            <select
              id={c.id}
              aria-invalid={c.invalid}
              aria-describedby={c.describedBy}
              value={acct.accountId}
              onChange={(e) => {
                acct.chosenHere();
                updateSettings({ accountId: e.target.value });
              }}
            >
              {acct.accounts.data?.map((a) => (
                <option key={a.account_id} value={a.account_id}>
                  {accountLabel(a)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <StockOrderFields
          ids={ids}
          form={form}
          set={set}
          errors={errors}
          fractional={caps.fractional}
          overnight={caps.overnight}
          brackets={caps.brackets}
          held={held?.gt(0) ? held.toFixed() : undefined}
        />
        {acct.notice && (
          <p role="status" className={styles.notice}>
            {acct.notice}
          </p>
        )}
        <StockFigures draft={draft} price={price} held={held} previewed={ticket.previewShown !== undefined} />
        {ticket.previewShown && <PreviewFigures preview={ticket.previewShown} />}
        <TicketActions
          ticket={ticket}
          place={place}
          error={unshownServerError ? serverError : undefined}
          onPreview={onPreview}
          placeClassName={draft.side === 'BUY' ? styles.buy : styles.sell}
        />
      </form>
    </Panel>
  );
}
