import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { journal, type JournalRow } from '../../../shared/pnl/fifo';
import { fillsFromOrders } from '../../../shared/pnl/order-fills';
import { Panel } from '../../ui/Panel';
import type { PanelProps } from '../../ui/panel-types';
import { downloadCsv } from '../../lib/csv';
import { direction, formatMoneyChange, formatPrice } from '../../lib/format';
import { formatEtLabelled, todayEt } from '../../lib/time';
import { NO_ACCOUNTS, useAccountGate } from '../account';
import { sideLabel } from './order-text';
import { instrumentName, instrumentUnderlying, journalCsv, journalQuery, periodStart } from './journal-data';
import {
  DEFAULT_JOURNAL_PERIOD,
  JOURNAL_PERIODS,
  type JournalPeriod,
  type JournalSettings,
} from './journal-settings';
import styles from './Orders.module.css';
import { TableHead } from './TableHead';

/**
 * The trade journal (docs/ui.md "Trade journal"): the period's fills by market day, newest first,
 * with what each realized (FIFO lots, shared/pnl/fifo.ts), realized P&L per instrument and in
 * total, and a CSV of every fill in raw values. The fills table is one tab stop: ↑/↓, Home and End
 * move between fills, Enter links the fill's instrument to the panel's group.
 */
export function JournalPanel({ settings, updateSettings, setInstrument }: PanelProps<JournalSettings>) {
  const period = settings.period ?? DEFAULT_JOURNAL_PERIOD;
  const gate = useAccountGate();
  const accountId = gate.accountId;
  const today = todayEt();
  const query = useQuery({
    ...journalQuery(accountId ?? '', periodStart(period, today), today),
    enabled: accountId !== undefined,
  });
  const j = useMemo(() => journal(fillsFromOrders(query.data ?? [])), [query.data]);
  const link = (instrument: string) =>
    setInstrument({ symbol: instrumentUnderlying(instrument), category: 'US_STOCK' });
  return (
    <Panel
      title="Trade journal"
      meta="dates and times ET"
      loading={(gate.pending || (accountId !== undefined && query.isPending)) && 'Loading fills…'}
      error={gate.error ?? query.error}
      onRetry={() => (gate.error ? gate.retry() : void query.refetch())}
      actions={
        <>
          <label className={styles.inline}>
            Period{' '}
            <select
              className="input"
              value={period}
              onChange={(e) => updateSettings({ period: e.target.value as JournalPeriod })}
            >
              {JOURNAL_PERIODS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn"
            disabled={j.rows.length === 0}
            onClick={() =>
              downloadCsv(`trade-journal-${periodStart(period, today)}-${today}.csv`, journalCsv(j.rows))
            }
          >
            Export CSV
          </button>
        </>
      }
      empty={gate.none ? NO_ACCOUNTS : j.rows.length === 0 && 'No fills in this period.'}
    >
      <table className={`${styles.table} ${styles.frozen1}`} aria-label="Realized P&L by instrument">
        <TableHead
          columns={[
            'Instrument',
            { num: 'Fills' },
            { num: 'Closed qty' },
            { num: 'Realized P&L' },
            { num: 'Unmatched qty' },
          ]}
        />
        <tbody>
          {j.instruments.map((i) => (
            <tr key={i.instrument}>
              <td>{instrumentName(i.instrument)}</td>
              <td className={styles.num}>{i.fills}</td>
              <td className={styles.num}>{i.closed}</td>
              <td className={`${styles.num} ${direction(i.realized)}`}>{formatMoneyChange(i.realized)}</td>
              <td className={styles.num}>{i.unmatched === '0' ? '' : i.unmatched}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className={styles.totals}>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className={`${styles.num} ${direction(j.total)}`}>{formatMoneyChange(j.total)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {j.instruments.some((i) => i.unmatched !== '0') && (
        <p className={styles.note}>
          Unmatched: sold from shares bought before this period, whose cost the journal does not have; their
          P&L is not counted.
        </p>
      )}
      <FillsTable rows={j.rows} days={j.days} onLink={link} />
    </Panel>
  );
}

/** Fills grouped by market day, newest first; one tab stop, arrow keys between fills. */
function FillsTable({
  rows,
  days,
  onLink,
}: {
  rows: readonly JournalRow[];
  days: readonly { date: string; realized: string; fills: number }[];
  onLink(instrument: string): void;
}) {
  const newestFirst = useMemo(() => [...rows].reverse(), [rows]);
  const byDay = useMemo(
    () => [...days].reverse().map((d) => ({ ...d, rows: newestFirst.filter((r) => r.date === d.date) })),
    [days, newestFirst],
  );
  const order = byDay.flatMap((d) => d.rows);
  const [focused, setFocused] = useState(0);
  const current = Math.min(focused, Math.max(0, order.length - 1));
  const body = useRef<HTMLTableSectionElement>(null);
  const focusRow = (i: number) => {
    const next = Math.max(0, Math.min(order.length - 1, i));
    setFocused(next);
    body.current?.querySelector<HTMLElement>(`[data-fill="${next}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const to =
      e.key === 'ArrowDown'
        ? current + 1
        : e.key === 'ArrowUp'
          ? current - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? order.length - 1
              : undefined;
    if (to !== undefined) {
      e.preventDefault();
      focusRow(to);
    } else if (e.key === 'Enter' && order[current]) {
      e.preventDefault();
      onLink(order[current].instrument);
    }
  };
  let index = 0;
  return (
    <table className={`${styles.table} ${styles.frozen1}`} aria-label="Fills by day">
      <TableHead
        columns={['Time', 'Instrument', 'Side', { num: 'Qty' }, { num: 'Price' }, { num: 'Realized P&L' }]}
      />
      <tbody ref={body} onKeyDown={onKeyDown}>
        {byDay.map((d) => [
          <tr key={d.date} className={styles.dayRow}>
            <th scope="colgroup" colSpan={5}>
              {d.date} · {d.fills} {d.fills === 1 ? 'fill' : 'fills'}
            </th>
            <td className={`${styles.num} ${direction(d.realized)}`}>{formatMoneyChange(d.realized)}</td>
          </tr>,
          ...d.rows.map((r) => {
            const i = index++;
            return (
              <tr
                key={r.id}
                data-fill={i}
                tabIndex={i === current ? 0 : -1}
                aria-label={`${sideLabel(r.side)} ${r.quantity} ${instrumentName(r.instrument)} at ${r.price}, ${d.date}`}
                onFocus={() => setFocused(i)}
                onDoubleClick={() => onLink(r.instrument)}
              >
                <td>{formatEtLabelled(r.time)}</td>
                <td>{instrumentName(r.instrument)}</td>
                <td>{sideLabel(r.side)}</td>
                <td className={styles.num}>{r.quantity}</td>
                <td className={styles.num}>{formatPrice(r.price)}</td>
                <td className={`${styles.num} ${direction(r.realized)}`}>
                  {r.realized === '0' && r.unmatched === '0' ? '' : formatMoneyChange(r.realized)}
                </td>
              </tr>
            );
          }),
        ])}
      </tbody>
    </table>
  );
}
