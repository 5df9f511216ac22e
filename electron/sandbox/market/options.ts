import { blackScholes, type BsResult } from '../../../shared/market/black-scholes';
import { closeMinute, dateParts, dateText, dayNumber, isTradingDay, nyInstant, parseDateText, previousTradingDay, weekday } from '../../../shared/market/calendar';
import { hashText, uniformAt } from './prng';
import type { UniverseSeed } from './universe';

/**
 * The option chain model (docs/sandbox-market.md): weekly expiries on the next Fridays and monthly ones on
 * third Fridays (the Thursday before when that Friday is an exchange holiday), strikes on a grid
 * around the underlying, Black–Scholes prices with a per-symbol implied volatility and a small
 * smile, and a quoted spread around the theoretical value.
 */

export const RISK_FREE_RATE = 0.04;
const WEEKLY_COUNT = 6;
const MONTHLY_COUNT = 6;
const STRIKES_EACH_SIDE = 12;
/** Contracts further out than this are not listed. */
const MAX_EXPIRY_DAYS = 760;
const YEAR_MS = 365 * 86_400_000;

/** A Friday expiry moves to the Thursday before when the Friday is a holiday (e.g. Good Friday). */
function expiryFor(friday: number): number {
  return isTradingDay(friday) ? friday : previousTradingDay(friday);
}

function thirdFriday(y: number, m: number): number {
  const first = dayNumber(y, m, 1);
  return first + ((5 - weekday(first) + 7) % 7) + 14;
}

/** Expiry instant: the regular close of the expiry day. */
export const expiryInstant = (day: number): number => nyInstant(day, closeMinute(day));

/** Listed expiry days (day numbers) as of `at`, ascending. */
export function listedExpiries(today: number, at: number): number[] {
  const set = new Set<number>();
  let friday = today + ((5 - weekday(today) + 7) % 7);
  for (let n = 0; set.size < WEEKLY_COUNT && n < WEEKLY_COUNT + 2; n++, friday += 7) {
    const e = expiryFor(friday);
    if (expiryInstant(e) > at) set.add(e);
  }
  const { y, m } = dateParts(today);
  for (let k = 0; k <= MONTHLY_COUNT; k++) {
    const mm = ((m - 1 + k) % 12) + 1;
    const yy = y + Math.floor((m - 1 + k) / 12);
    const e = expiryFor(thirdFriday(yy, mm));
    if (expiryInstant(e) > at) set.add(e);
  }
  return [...set].sort((a, b) => a - b).slice(0, WEEKLY_COUNT + MONTHLY_COUNT);
}

/** Whether a contract with this expiry could be listed: an expiry-rule day, not expired, not too far out. */
export function isValidExpiry(expireDate: string, today: number, at: number): boolean {
  const day = parseDateText(expireDate);
  if (dateText(day) !== expireDate) return false;
  if (expiryInstant(day) <= at || day - today > MAX_EXPIRY_DAYS) return false;
  const friday = weekday(day) === 5 ? day : weekday(day) === 4 ? day + 1 : -1;
  return friday > 0 && expiryFor(friday) === day;
}

/** Strike spacing by price level, as US equity options are listed. */
export function strikeIncrement(spot: number): number {
  if (spot < 25) return 1;
  if (spot < 100) return 2.5;
  if (spot < 250) return 5;
  return 10;
}

export function strikesAround(spot: number): number[] {
  const inc = strikeIncrement(spot);
  const atm = Math.round(spot / inc) * inc;
  const out: number[] = [];
  for (let k = -STRIKES_EACH_SIDE; k <= STRIKES_EACH_SIDE; k++) {
    const s = Math.round((atm + k * inc) * 1000) / 1000;
    if (s > 0) out.push(s);
  }
  return out;
}

export const strikeText = (strike: number): string => String(Math.round(strike * 1000) / 1000);

/** Per-symbol implied volatility with a smile: higher for low strikes (skew) and far wings. */
export function impliedVol(seed: number, info: UniverseSeed, strike: number, spot: number, years: number): number {
  const base = info.volatility * (0.9 + 0.3 * uniformAt(seed, hashText(info.symbol), 77));
  const x = Math.max(-3, Math.min(3, Math.log(strike / spot) / (base * Math.sqrt(Math.max(years, 7 / 365)))));
  return Math.max(0.05, base * (1 + 0.04 * x * x - 0.06 * x));
}

export interface OptionPrice extends BsResult {
  iv: number;
  years: number;
  /** Cents. */
  mark: number;
  bid: number;
  ask: number;
}

export function priceOption(
  seed: number,
  info: UniverseSeed,
  type: 'CALL' | 'PUT',
  strike: number,
  expiryDay: number,
  spot: number,
  at: number,
): OptionPrice {
  const years = Math.max(0, (expiryInstant(expiryDay) - at) / YEAR_MS);
  const iv = impliedVol(seed, info, strike, spot, years);
  const bs = blackScholes({ spot, strike, years, rate: RISK_FREE_RATE, dividendYield: info.dividendYieldPct / 100, vol: iv, type });
  const mark = Math.max(1, Math.round(bs.price * 100));
  const spread = Math.min(50, Math.max(1, Math.round(mark * 0.04)));
  const bid = Math.max(0, mark - Math.ceil(spread / 2));
  const ask = Math.max(bid + 1, mark + Math.floor(spread / 2));
  return { ...bs, iv, years, mark, bid, ask };
}
