import Decimal from 'decimal.js';

/**
 * Money is decimal: prices and quantities arrive as decimal strings and stay decimals. Arithmetic
 * goes through decimal.js; display goes through Intl.NumberFormat from the decimal's string.
 */
export { Decimal };

export const toDecimal = (value: string | number | Decimal): Decimal => new Decimal(value);

export function sumDecimals(values: Iterable<string | Decimal>): Decimal {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/** Fixed-point text with exactly `places` decimals, half-up: what is sent back to the server. */
export function toFixedText(value: string | Decimal, places: number): string {
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}
