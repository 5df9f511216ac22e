import { Decimal } from '../../shared/decimal';

/**
 * Display formatting from decimal strings (docs/architecture.md "Money"): the digits never pass through a
 * float; Intl.NumberFormat formats the decimal's exact string.
 */
const EM_DASH = '—';
const cache = new Map<string, Intl.NumberFormat>();
function nf(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    cache.set(key, f);
  }
  return f;
}
const isDecimal = (v: string | undefined | null): v is string =>
  typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);
// Intl.NumberFormat formats a numeric string exactly; the cast only satisfies the older lib typing.
const fmt = (f: Intl.NumberFormat, text: string) => f.format(text as unknown as number);
/** Thousands separators and exactly `places` decimals. */
const fixedPlaces = (places: number) =>
  nf(`p${places}`, { minimumFractionDigits: places, maximumFractionDigits: places });

/** Texts a remembered formatter holds before it forgets them all and starts again. */
export const REMEMBERED_TEXTS = 10_000;

/**
 * A formatter that remembers what it made for each input. A watchlist under a flood formats the
 * same few values again and again (a price ticks a cent up and back), each time a Decimal and an
 * Intl call, for every cell of every row that re-renders. Bounded: at REMEMBERED_TEXTS it forgets.
 */
function remembered<R>(make: (value: string, places: number) => R): (value: string, places: number) => R {
  const memory = new Map<string, R>();
  return (value, places) => {
    const key = `${places}|${value}`;
    let out = memory.get(key);
    if (out === undefined) {
      out = make(value, places);
      if (memory.size >= REMEMBERED_TEXTS) memory.clear();
      memory.set(key, out);
    }
    return out;
  };
}

const priceText = remembered((value, places) => {
  const fixed = new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  return fmt(fixedPlaces(places), fixed);
});
const signedText = remembered(
  (value, places) => `${isUp(new Decimal(value)) ? '+' : ''}${priceText(value, places)}`,
);
const percentText = remembered((ratio, places) => {
  const pct = new Decimal(ratio).times(100).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return `${isUp(pct) ? '+' : ''}${fmt(fixedPlaces(places), pct.toFixed(places))}%`;
});
const volumeText = remembered((value) => {
  const whole = new Decimal(value).toFixed(0);
  const places = new Decimal(whole).abs().gte(1000) ? 2 : 0;
  const options = {
    notation: 'compact',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  } as const;
  return fmt(nf(`compact${places}`, options), whole);
});
const directionOf = remembered((value): 'up' | 'down' | 'flat' => {
  const d = new Decimal(value);
  return d.isZero() ? 'flat' : d.isPositive() ? 'up' : 'down';
});
const isUp = (d: Decimal) => d.isPositive() && !d.isZero();

export function formatPrice(value: string | undefined | null, places = 2): string {
  return isDecimal(value) ? priceText(value, places) : EM_DASH;
}

export function formatSigned(value: string | undefined | null, places = 2): string {
  return isDecimal(value) ? signedText(value, places) : EM_DASH;
}

/**
 * Money, the one format on every screen: "$" and thousands separators, two places, a minus before
 * the "$" ("-$1,234.50"). Balances, costs, market values and limits of money use this.
 */
export function formatMoney(value: string | undefined | null): string {
  if (!isDecimal(value)) return EM_DASH;
  const d = new Decimal(value);
  const text = formatPrice(d.abs().toFixed(), 2);
  return d.isNegative() && !d.toDecimalPlaces(2).isZero() ? `-$${text}` : `$${text}`;
}

/** A money change (a P&L): always signed, "+$1,234.50" / "-$12.00" / "$0.00". */
export function formatMoneyChange(value: string | undefined | null): string {
  if (!isDecimal(value)) return EM_DASH;
  const d = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return `${d.isPositive() && !d.isZero() ? '+' : ''}${formatMoney(d.toFixed(2))}`;
}

/**
 * The cash a trade moves, one sign convention on every screen: the amount is written unsigned and
 * says which way it goes, "$250.00 debit" (paid out of the account) or "$250.00 credit" (received).
 * `cash` is signed from the account's side: negative is a debit, positive a credit.
 */
export function formatCashFlow(cash: string | undefined | null): string {
  if (!isDecimal(cash)) return EM_DASH;
  const d = new Decimal(cash);
  if (d.toDecimalPlaces(2).isZero()) return '$0.00';
  return `${formatMoney(d.abs().toFixed())} ${d.isNegative() ? 'debit' : 'credit'}`;
}

/** `change_ratio` is a ratio (0.0123 = 1.23 %). */
export function formatPercent(ratio: string | undefined | null, places = 2): string {
  return isDecimal(ratio) ? percentText(ratio, places) : EM_DASH;
}

/** Compact volume; from a thousand up always two decimals, so a column of volumes lines up (70.00M, 110.71M). */
export function formatVolume(value: string | undefined | null): string {
  return isDecimal(value) ? volumeText(value, 0) : EM_DASH;
}

export function direction(value: string | undefined | null): 'up' | 'down' | 'flat' {
  return isDecimal(value) ? directionOf(value, 0) : 'flat';
}
