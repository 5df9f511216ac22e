import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OptionSnapshot } from '../../../shared/openapi/records/market';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { direction, formatMoney, formatMoneyChange, formatPrice } from '../../lib/format';
import { apiQuery } from '../../lib/queries';
import { useActiveAccountId } from '../account';
import { stageTicketOrder } from '../order-ticket';
import { useLiveQuote } from '../quotes';
import { quoteCategory, useQuoteSubscription } from '../quotes';
import { positionContract, positionUnderlying } from './order-text';
import { optionMark, positionFigures, positionOccSymbol, positionOption } from './position-figures';
import styles from './Orders.module.css';
import { TableHead } from './TableHead';
import { NO_ACCOUNTS, useAccountGate } from '../account';

/** Option positions are re-marked as often as the ticket polls its contract (main runs it at background priority). */
const OPTION_POLL_MS = 3000;

/**
 * Positions of the chosen account, marked live: stocks and ETFs to the quote stream, options to
 * their polled snapshots. A row links its underlying to the panel's group; an option row's
 * "Close" stages the closing order in the linked options ticket (nothing is sent).
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
  return (
    <Panel
      title="Positions"
      loading={(gate.pending || (accountId !== undefined && query.isPending)) && 'Loading positions…'}
      error={gate.error ?? query.error}
      onRetry={() => (gate.error ? gate.retry() : void query.refetch())}
      empty={gate.none ? NO_ACCOUNTS : rows.length === 0 && 'No positions.'}
    >
      <table className={`${styles.table} ${styles.frozen1}`}>
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
          {rows.map((p) => (
            <PositionRow
              key={p.instrument_id}
              position={p}
              optionQuote={optionQuotes.get(positionOccSymbol(p) ?? '')}
              onShow={(symbol) => setInstrument({ symbol, category: 'US_STOCK' })}
              accountId={accountId}
            />
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

function PositionRow({
  position: p,
  optionQuote,
  onShow,
  accountId,
}: {
  position: Position;
  optionQuote: OptionSnapshot | undefined;
  onShow(symbol: string): void;
  accountId: string | undefined;
}) {
  const option = positionOption(p);
  const stockQuote = useLiveQuote(option ? undefined : p.symbol);
  const mark = option
    ? optionQuote && { last: optionMark(optionQuote), preClose: optionQuote.pre_close }
    : stockQuote && { last: stockQuote.price, preClose: stockQuote.preClose };
  const f = positionFigures(p, mark);
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
      <td className={styles.num}>{formatPrice(f.last)}</td>
      <td className={styles.num}>{formatMoney(f.marketValue)}</td>
      <td className={`${styles.num} ${direction(f.dayPnl)}`}>{formatMoneyChange(f.dayPnl)}</td>
      <td className={`${styles.num} ${direction(f.totalPnl)}`}>{formatMoneyChange(f.totalPnl)}</td>
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
