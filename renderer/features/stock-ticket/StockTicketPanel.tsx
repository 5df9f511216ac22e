import { useEffect, useId, useState } from 'react';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { useStagedStockOrder } from './staged-stock-order';
import type { StockOrderType, StockSide } from './stock-order-terms';
import styles from './StockTicket.module.css';

export interface StockTicketSettings {
  accountId?: string;
}

interface Form {
  side: StockSide;
  orderType: StockOrderType;
  limitPrice: string;
  stopPrice: string;
  quantity: string;
}

const EMPTY: Form = { side: 'BUY', orderType: 'LIMIT', limitPrice: '', stopPrice: '', quantity: '1' };

/** The US stock and ETF ticket, docked and linked to its group's instrument (docs/ui.md). */
export function StockTicketPanel({ instanceId, instrument, setInstrument }: PanelProps<StockTicketSettings>) {
  const ids = useId();
  const [form, setForm] = useState(EMPTY);
  const symbol = instrument?.symbol ?? '';

  // An order staged from elsewhere (the chart, the ladder) fills the form once; it is not sent.
  const stagedSeq = useStagedStockOrder((s) => s.seq);
  useEffect(() => {
    const staged = useStagedStockOrder.getState().take(instanceId);
    if (!staged) return;
    const { symbol: stagedSymbol, ...order } = staged;
    setForm((f) => ({
      ...f,
      ...order,
      limitPrice: order.limitPrice ?? '',
      stopPrice: order.stopPrice ?? '',
      quantity: order.quantity ?? f.quantity,
    }));
    if (stagedSymbol !== symbol) setInstrument({ symbol: stagedSymbol, category: 'US_STOCK' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for a new staged order only
  }, [stagedSeq, instanceId]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const title = 'Stock ticket';
  if (!symbol) return <Panel title={title} empty="Choose a stock in a linked panel (watchlist, chart)." />;
  return (
    <Panel title={title} meta={symbol}>
      <form className={styles.ticket} noValidate onSubmit={(e) => e.preventDefault()}>
        <div className={styles.grid}>
          <fieldset className={styles.toggle}>
            <legend>Side</legend>
            {(
              [
                ['BUY', 'Buy'],
                ['SELL', 'Sell'],
                ['SHORT', 'Sell short'],
              ] as const
            ).map(([s, label]) => (
              <label key={s}>
                <input
                  type="radio"
                  name={`${ids}-side`}
                  checked={form.side === s}
                  onChange={() => set('side', s)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={`${ids}-type`}>Order type</label>
            <select
              id={`${ids}-type`}
              value={form.orderType}
              onChange={(e) => set('orderType', e.target.value as StockOrderType)}
            >
              <option value="MARKET">Market</option>
              <option value="LIMIT">Limit</option>
              <option value="STOP_LOSS">Stop</option>
              <option value="STOP_LOSS_LIMIT">Stop limit</option>
              <option value="TRAILING_STOP_LOSS">Trailing stop</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-qty`}>Quantity (shares)</label>
            <input
              id={`${ids}-qty`}
              inputMode="decimal"
              value={form.quantity}
              onChange={(e) => set('quantity', e.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-limit`}>Limit price</label>
            <input
              id={`${ids}-limit`}
              inputMode="decimal"
              value={form.limitPrice}
              onChange={(e) => set('limitPrice', e.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-stop`}>Stop price</label>
            <input
              id={`${ids}-stop`}
              inputMode="decimal"
              value={form.stopPrice}
              onChange={(e) => set('stopPrice', e.target.value)}
            />
          </div>
        </div>
      </form>
    </Panel>
  );
}
