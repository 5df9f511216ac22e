import { dayNumber, isTradingDay, nextTradingDay } from '../../shared/market/calendar';
import { hashText, uniformAt } from '../market/prng';
import type { UniverseSeed } from '../market/universe';

/**
 * Dividend schedule of a payer: the reference yield at the reference price sets the 2025 dividend,
 * which grows 5 % a year; stocks and equity ETFs pay quarterly, bond ETFs monthly. Dates follow a
 * per-symbol pattern (ex-date, record date the next business day, payment two to four weeks later).
 */

const BASE_YEAR = 2025;
const GROWTH = 0.05;

const payFrequency = (info: UniverseSeed): 'MONTHLY' | 'QUARTERLY' =>
  info.sector === 'Fixed Income' ? 'MONTHLY' : 'QUARTERLY';
const paymentsPerYear = (info: UniverseSeed) => (payFrequency(info) === 'MONTHLY' ? 12 : 4);

/** Dividends per share paid over a calendar year, in dollars (per-payment amounts are whole cents). */
export function annualDividend(info: UniverseSeed, year: number): number {
  return (paymentCents(info, year) * paymentsPerYear(info)) / 100;
}

/** One payment of the year, in cents. */
function paymentCents(info: UniverseSeed, year: number): number {
  if (info.dividendYieldPct <= 0) return 0;
  const base = (Number(info.refPrice) * info.dividendYieldPct) / paymentsPerYear(info);
  return Math.max(1, Math.round(base * Math.pow(1 + GROWTH, year - BASE_YEAR)));
}

export interface DividendPayment {
  announce: number;
  ex: number;
  record: number;
  pay: number;
  /** Cents per share. */
  amount: number;
}

function businessDayOnOrAfter(day: number): number {
  let d = day;
  while (!isTradingDay(d)) d++;
  return d;
}

/** Payments with ex-date in [fromDay, toDay], ascending. */
export function dividendPayments(info: UniverseSeed, fromDay: number, toDay: number): DividendPayment[] {
  if (info.dividendYieldPct <= 0) return [];
  const h = hashText(`dividend:${info.symbol}`);
  const monthly = payFrequency(info) === 'MONTHLY';
  const offset = Math.floor(uniformAt(h, 1) * 3);
  const exDayOfMonth = 5 + Math.floor(uniformAt(h, 2) * 18);
  const payLag = 14 + Math.floor(uniformAt(h, 3) * 14);
  const out: DividendPayment[] = [];
  const first = new Date(fromDay * 86_400_000).getUTCFullYear();
  const last = new Date(toDay * 86_400_000).getUTCFullYear();
  for (let y = first; y <= last; y++) {
    for (let m = 1; m <= 12; m++) {
      if (!monthly && (m - 1) % 3 !== offset) continue;
      const ex = businessDayOnOrAfter(dayNumber(y, m, monthly ? 1 : exDayOfMonth));
      if (ex < fromDay || ex > toDay) continue;
      out.push({
        announce: ex - 30,
        ex,
        record: nextTradingDay(ex),
        pay: businessDayOnOrAfter(ex + payLag),
        amount: paymentCents(info, y),
      });
    }
  }
  return out;
}
