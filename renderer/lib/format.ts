import { Decimal } from '../../shared/decimal';
import { formatEtLabelled } from './time';

/**
 * Display formatting from decimal strings (STYLE.md habit 4): the digits never pass through a
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

export function formatPrice(value: string | undefined | null, places = 2): string {
  if (!isDecimal(value)) return EM_DASH;
  const fixed = new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  return fmt(nf(`p${places}`, { minimumFractionDigits: places, maximumFractionDigits: places }), fixed);
}

export function formatSigned(value: string | undefined | null, places = 2): string {
  if (!isDecimal(value)) return EM_DASH;
  const d = new Decimal(value);
  return `${d.isPositive() && !d.isZero() ? '+' : ''}${formatPrice(value, places)}`;
}

/** `change_ratio` is a ratio (0.0123 = 1.23 %). */
export function formatPercent(ratio: string | undefined | null, places = 2): string {
  if (!isDecimal(ratio)) return EM_DASH;
  const pct = new Decimal(ratio).times(100).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return `${pct.isPositive() && !pct.isZero() ? '+' : ''}${fmt(nf(`p${places}`, { minimumFractionDigits: places, maximumFractionDigits: places }), pct.toFixed(places))}%`;
}

/** Compact volume; from a thousand up always two decimals, so a column of volumes lines up (70.00M, 110.71M). */
export function formatVolume(value: string | undefined | null): string {
  if (!isDecimal(value)) return EM_DASH;
  const whole = new Decimal(value).toFixed(0);
  const places = new Decimal(whole).abs().gte(1000) ? 2 : 0;
  const options = {
    notation: 'compact',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  } as const;
  return fmt(nf(`compact${places}`, options), whole);
}

export function direction(value: string | undefined | null): 'up' | 'down' | 'flat' {
  if (!isDecimal(value)) return 'flat';
  const d = new Decimal(value);
  return d.isZero() ? 'flat' : d.isPositive() ? 'up' : 'down';
}

/** Exchange time, labelled ("14:03:07 ET"): every time the UI shows is New York time (lib/time.ts). */
export function formatTime(ms: number | undefined): string {
  if (!ms) return EM_DASH;
  return formatEtLabelled(ms);
}
