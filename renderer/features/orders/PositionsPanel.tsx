import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Position } from '../../../shared/openapi/records/accounts';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { direction, formatMoney, formatMoneyChange, formatPrice } from '../../lib/format';
import { apiQuery } from '../../lib/queries';
import { useActiveAccountId } from '../account';
import { stageTicketOrder } from '../order-ticket';
import { quoteCategory, useQuoteStore, useQuoteSubscription } from '../quotes';
import { positionContract, positionUnderlying } from './order-text';
import { errorMessage } from '../../lib/bridge';
import { marketNow } from '../../lib/market-now';
import { previousCloseInstant } from '../../../shared/pnl/lots';
import {
  optionMark,
  positionFigures,
  positionOccSymbol,
  positionOption,
  positionTotals,
  type PositionFigures,
} from './position-figures';
import { usePositionLots } from './position-lots';
import styles from './Orders.module.css';
import { TableHead } from './TableHead';
import { NO_ACCOUNTS, useAccountGate } from '../account';

/** Option positions are re-marked as often as the ticket polls its contract (main runs it at background priority). */
const OPTION_POLL_MS = 3000;

/**
 * Positions of the chosen account, marked live: stocks and ETFs to the quote stream, options to
 * their polled snapshots. Day P&L comes from each position's lots (position details): a lot opened
 * since the previous close counts from its fill, an older one from the previous close, as the
 * Balances panel's broker figure does (docs/ui.md "Day P&L"); the totals row sums the rows. A row
 * links its underlying to the panel's group; an option row's "Close" stages the closing order in
 * the linked options ticket (nothing is sent).
 */
export function PositionsPanel({ setInstrument }: PanelProps) {
  const accountId = useActiveAccountId();
  const gate = useAccountGate();
  const query = useQuery({
    ...apiQuery('api.positions', { account_id: accountId ?? '' }),
    enabled: accountId !== undefined,
  });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const stocks = useMemo(
    () =>
      rows
        .filter((p) => !positionOption(p))
        .map((p) => ({ symbol: p.symbol, category: quoteCategory(p.category) })),
    [rows],
  );
  useQuoteSubscription(stocks);
  const occ = [...new Set(rows.map(positionOccSymbol).filter((s): s is string => s !== undefined))];
  const options = useQuery(
    apiQuery(
      'api.optionSnapshot',
      { symbols: occ },
      { enabled: occ.length > 0, refetchInterval: OPTION_POLL_MS, refetchIntervalInBackground: false },
    ),
  );
  const optionQuotes = new Map((options.data ?? []).map((q) => [q.symbol, q]));
  const stockQuotes = useQuoteStore(useShallow((s) => rows.map((p) => s.quotes[p.symbol])));
  const lots = usePositionLots(accountId, rows);
  const sessionStart = previousCloseInstant(marketNow());
  const figures = rows.map((p, i) => {
    const option = positionOption(p);
    const optionQuote = option ? optionQuotes.get(positionOccSymbol(p) ?? '') : undefined;
    const stockQuote = option ? undefined : stockQuotes[i];
    const mark = option
      ? optionQuote && { last: optionMark(optionQuote), preClose: optionQuote.pre_close }
      : stockQuote && { last: stockQuote.price, preClose: stockQuote.preClose };
    return positionFigures(p, mark, lots.lots.get(p.instrument_id), sessionStart);
  });
  const totals = positionTotals(figures);
  return (
    <Panel
      title="Positions"
      loading={(gate.pending || (accountId !== undefined && query.isPending)) && 'Loading positions…'}
      error={gate.error ?? query.error}
      onRetry={() => (gate.error ? gate.retry() : void query.refetch())}
      empty={gate.none ? NO_ACCOUNTS : rows.length === 0 && 'No positions.'}
    >
      <table className={`${styles.table} ${styles.frozen1}`} aria-label="Positions">
        <TableHead
          columns={[
            'Instrument',
            'Category',
            { num: 'Qty' },
            { num: 'Avg cost' },
            { num: 'Last' },
            { num: 'Market value' },
            { num: 'Day P&L' },
            { num: 'Total P&L' },
            'Actions',
          ]}
        />
        <tbody>
          {rows.map((p, i) => (
            <PositionRow
              key={p.instrument_id}
              position={p}
              figures={figures[i]}
              onShow={(symbol) => setInstrument({ symbol, category: 'US_STOCK' })}
              accountId={accountId}
            />
          ))}
        </tbody>
        <tfoot className={styles.totals}>
          <tr>
            <th scope="row" colSpan={5}>
              Total
            </th>
            <td className={styles.num}>{formatMoney(totals.marketValue)}</td>
            <td className={`${styles.num} ${direction(totals.dayPnl)}`}>
              {formatMoneyChange(totals.dayPnl)}
            </td>
            <td className={`${styles.num} ${direction(totals.totalPnl)}`}>
              {formatMoneyChange(totals.totalPnl)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      {lots.error && (
        <p role="alert" className={styles.note}>
          Day P&L needs each position&apos;s lots, which could not be read: {errorMessage(lots.error)}{' '}
          <button type="button" className="btn" onClick={lots.retry}>
            Retry
          </button>
        </p>
      )}
    </Panel>
  );
}

function PositionRow({
  position: p,
  figures: f,
  onShow,
  accountId,
}: {
  position: Position;
  figures: PositionFigures | undefined;
  onShow(symbol: string): void;
  accountId: string | undefined;
}) {
  const option = positionOption(p);
  const underlying = positionUnderlying(p);
  const name = positionContract(p);
  const close = () => {
    if (!option || !accountId) return;
    const held = Number(p.quantity);
    onShow(option.underlying);
    stageTicketOrder({
      accountId,
      underlying: option.underlying,
      expiry: option.expireDate,
      strike: option.strike,
      optionType: option.optionType,
      side: held > 0 ? 'SELL' : 'BUY',
      quantity: p.quantity.replace(/^-/, ''),
    });
  };
  return (
    <tr>
      <td>
        <button
          type="button"
          className={styles.link}
          aria-label={`Show ${underlying}`}
          onClick={() => onShow(underlying)}
        >
          {name}
        </button>
      </td>
      <td>{option ? 'Option' : p.instrument_type}</td>
      <td className={styles.num}>{p.quantity}</td>
      <td className={styles.num}>{formatPrice(p.cost_price)}</td>
      <td className={styles.num}>{formatPrice(f?.last)}</td>
      <td className={styles.num}>{formatMoney(f?.marketValue)}</td>
      <td className={`${styles.num} ${direction(f?.dayPnl)}`}>{formatMoneyChange(f?.dayPnl)}</td>
      <td className={`${styles.num} ${direction(f?.totalPnl)}`}>{formatMoneyChange(f?.totalPnl)}</td>
      <td>
        {option && (
          <button type="button" className="btn" aria-label={`Close ${name}`} onClick={close}>
            Close
          </button>
        )}
      </td>
    </tr>
  );
}
