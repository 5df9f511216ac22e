import { blackScholes, type BsResult } from '../../shared/market/black-scholes';
import {
  closeMinute,
  dateParts,
  dateText,
  dayNumber,
  isTradingDay,
  nyInstant,
  parseDateText,
  previousTradingDay,
  weekday,
} from '../../shared/market/calendar';
import { hashText, uniformAt } from './prng';
import type { UniverseSeed } from './universe';

/**
 * The option chain model: weekly expiries on the next six Fridays, standard monthlies on third
 * Fridays for six months and January LEAPS for two years (a Friday that is an exchange holiday
 * moves to the Thursday before); strikes on the grid US listings use for their price level;
 * Black–Scholes prices with a per-symbol implied volatility and a small smile, and a quoted spread
 * around the theoretical value. Only listed expiries and strikes can be quoted or traded.
 */

const RISK_FREE_RATE = 0.04;
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
const expiryInstant = (day: number): number => nyInstant(day, closeMinute(day));

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
  // LEAPS: the January monthlies of the next two years.
  for (const yy of [y + 1, y + 2]) {
    const e = expiryFor(thirdFriday(yy, 1));
    if (expiryInstant(e) > at && e - today <= MAX_EXPIRY_DAYS) set.add(e);
  }
  return [...set].sort((a, b) => a - b);
}

/** Whether this expiry is listed as of `at` (one of {@link listedExpiries}). */
export function isValidExpiry(expireDate: string, today: number, at: number): boolean {
  const day = parseDateText(expireDate);
  if (!Number.isFinite(day) || dateText(day) !== expireDate) return false;
  return listedExpiries(today, at).includes(day);
}

/**
 * Strike spacing by the strike's price level, as US equity options are listed: $0.50 below $5,
 * $1 to $25, $2.50 to $200, $5 to $1,000, $10 above. Spacing by the strike (not the stock) keeps a
 * listed strike listed when the stock moves across a boundary.
 */
export function strikeIncrement(strike: number): number {
  if (strike < 5) return 0.5;
  if (strike < 25) return 1;
  if (strike < 200) return 2.5;
  if (strike < 1000) return 5;
  return 10;
}

const onGrid = (strike: number): boolean => {
  const steps = strike / strikeIncrement(strike);
  return Math.abs(steps - Math.round(steps)) < 1e-9;
};

/** Whether a strike is listed for an underlying whose previous close is `spot`: on its grid and within reach. */
export function isListedStrike(strike: number, spot: number): boolean {
  return strike > 0 && onGrid(strike) && strike >= spot * 0.2 && strike <= spot * 5;
}

/** The chain's strikes: the nearest grid strike to `spot` and {@link STRIKES_EACH_SIDE} either side. */
export function strikesAround(spot: number): number[] {
  const inc = strikeIncrement(spot);
  let atm = Math.round(spot / inc) * inc;
  if (!onGrid(atm)) atm = Math.floor(spot / strikeIncrement(atm)) * strikeIncrement(atm);
  const out = [atm];
  let lo = atm;
  let hi = atm;
  for (let k = 0; k < STRIKES_EACH_SIDE; k++) {
    const down = Math.round((lo - strikeIncrement(lo - 1e-9)) * 1000) / 1000;
    if (down > 0) out.unshift((lo = down));
    out.push((hi = Math.round((hi + strikeIncrement(hi)) * 1000) / 1000));
  }
  return out;
}

export const strikeText = (strike: number): string => String(Math.round(strike * 1000) / 1000);

/** Per-symbol implied volatility with a smile: higher for low strikes (skew) and far wings. */
function smileVolatility(
  seed: number,
  info: UniverseSeed,
  strike: number,
  spot: number,
  years: number,
): number {
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
  const iv = smileVolatility(seed, info, strike, spot, years);
  const bs = blackScholes({
    spot,
    strike,
    years,
    rate: RISK_FREE_RATE,
    dividendYield: info.dividendYieldPct / 100,
    vol: iv,
    type,
  });
  const mark = Math.max(1, Math.round(bs.price * 100));
  const spread = Math.min(50, Math.max(1, Math.round(mark * 0.04)));
  const bid = Math.max(0, mark - Math.ceil(spread / 2));
  const ask = Math.max(bid + 1, mark + Math.floor(spread / 2));
  return { ...bs, iv, years, mark, bid, ask };
}
