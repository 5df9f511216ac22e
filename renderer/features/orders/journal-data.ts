import { queryOptions } from '@tanstack/react-query';
import { dateText, parseDateText } from '../../../shared/market/calendar';
import { occContractText } from '../../../shared/market/contract-name';
import { parseOptionSymbol } from '../../../shared/market/occ';
import type { JournalRow } from '../../../shared/pnl/fifo';
import { HISTORY_PAGE_SIZE, readAllOrders } from '../../../shared/pnl/read-history';
import { invoke } from '../../lib/bridge';
import { csvText } from '../../lib/csv';
import { retryFor } from '../../lib/queries';
import { JOURNAL_PERIODS, type JournalPeriod } from './journal-settings';

/** The first market date of `period` ending on `today` (both `YYYY-MM-DD`). */
export function periodStart(period: JournalPeriod, today: string): string {
  const days = JOURNAL_PERIODS.find((p) => p.id === period)?.days ?? 30;
  return dateText(parseDateText(today) - days);
}

/**
 * Every order of the period, all pages. Keyed under `api.ordersHistory`, so a trade event, which
 * re-reads the trading queries, re-reads the journal too.
 */
export function journalQuery(accountId: string, startDate: string, endDate: string) {
  const input = { account_id: accountId, start_date: startDate, end_date: endDate, every_page: true };
  return queryOptions({
    queryKey: ['api.ordersHistory', input] as const,
    queryFn: () =>
      readAllOrders((after) =>
        invoke('api.ordersHistory', {
          account_id: accountId,
          start_date: startDate,
          end_date: endDate,
          page_size: HISTORY_PAGE_SIZE,
          ...(after ? { last_client_order_id: after } : {}),
        }),
      ),
    retry: retryFor('api.ordersHistory'),
  });
}

/** How an instrument is written on screen: an option as its contract (AAPL 18 Dec 2026 150 Put). */
export const instrumentName = (instrument: string): string => occContractText(instrument) ?? instrument;

/** The symbol a row links its group to: an option's underlying. */
export const instrumentUnderlying = (instrument: string): string =>
  parseOptionSymbol(instrument)?.underlying ?? instrument;

/** The journal's CSV: every fill, raw values (decimal strings, epoch ms), the field names as headers. */
const JOURNAL_CSV_FIELDS = [
  'date',
  'time',
  'order_id',
  'instrument',
  'side',
  'quantity',
  'price',
  'multiplier',
  'realized',
  'unmatched',
] as const;

export function journalCsv(rows: readonly JournalRow[]): string {
  return csvText(
    JOURNAL_CSV_FIELDS,
    rows.map((r) => [
      r.date,
      String(r.time),
      r.id,
      r.instrument,
      r.side,
      r.quantity,
      r.price,
      r.multiplier,
      r.realized,
      r.unmatched,
    ]),
  );
}
