import { Decimal } from '../../shared/decimal';

/**
 * Unit formatting for research figures (screeners, fundamentals): decimal strings in, display text
 * out, digits never through a float. Anything missing or not a number shows "—".
 */
export const MISSING = '—';
const isNum = (v: unknown): v is string | number =>
  (typeof v === 'string' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v)) ||
  (typeof v === 'number' && Number.isFinite(v));

const formatters = new Map<string, Intl.NumberFormat>();
function fixed(text: string, places: number): string {
  const key = `f${places}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
    formatters.set(key, f);
  }
  // Intl.NumberFormat formats a numeric string exactly; the cast only satisfies the lib typing.
  return f.format(text as unknown as number);
}

/** A plain number with `places` decimals (`1,234.50`). */
export function formatNumber(value: unknown, places = 2): string {
  if (!isNum(value)) return MISSING;
  return fixed(new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places), places);
}

const SCALES: Array<[Decimal, string]> = [
  [new Decimal('1e12'), 'T'],
  [new Decimal('1e9'), 'B'],
  [new Decimal('1e6'), 'M'],
  [new Decimal('1e3'), 'K'],
];

/** Large amounts with a unit suffix: 1.23K, 45.60M, 2.10B, 3.00T (negative keeps its sign). */
export function formatCompact(value: unknown, places = 2): string {
  if (!isNum(value)) return MISSING;
  const d = new Decimal(value);
  for (const [scale, unit] of SCALES)
    if (d.abs().gte(scale)) return `${formatNumber(d.dividedBy(scale).toString(), places)}${unit}`;
  return formatNumber(d.toString(), d.isInteger() ? 0 : places);
}

/**
 * A percent from a ratio field (0.0123 → "1.23%"), as the records document ratios. `signed` adds
 * "+" to gains (changes and returns); levels (margins, yields, weights) go unsigned.
 */
export function formatRatioPercent(value: unknown, opts: { places?: number; signed?: boolean } = {}): string {
  if (!isNum(value)) return MISSING;
  const places = opts.places ?? 2;
  const pct = new Decimal(value).times(100).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const sign = opts.signed && pct.isPositive() && !pct.isZero() ? '+' : '';
  return `${sign}${fixed(pct.toFixed(places), places)}%`;
}

/** A decimal for arithmetic (charts, bar widths), or undefined when missing. */
export function decimalOf(value: unknown): Decimal | undefined {
  return isNum(value) ? new Decimal(value) : undefined;
}

/** Text fields: "—" for missing or blank. */
export function text(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : MISSING;
}

/**
 * A percent from a field already in percent points (15.3847 → "15.38%"): fund holding and
 * allocation weights are published that way, every other ratio (the expense ratio too) as a
 * fraction (shared/openapi/records/units.ts; test/integration/percent-units.test.ts holds each call to its field's unit).
 */
export function formatPointsPercent(value: unknown, places = 2): string {
  if (!isNum(value)) return MISSING;
  return formatRatioPercent(new Decimal(value).dividedBy(100).toString(), { places });
}
