import { Decimal } from '../decimal';
import { parseOptionSymbol } from './occ';

/**
 * Option contracts written out for people: "AAPL 20 Nov 2026 190 Call". Dates are calendar dates
 * (no time zone involved), so they are formatted from their digits, never through `Date`.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatExpiry(date: string): string {
  const [y, m, d] = date.split('-');
  const month = MONTHS[Number(m) - 1];
  if (!y || !month || !d) return date;
  return `${Number(d)} ${month} ${y}`;
}

export function contractText(c: {
  underlying: string;
  expiry: string;
  strike: string;
  optionType: string;
}): string {
  const strike = /^\d+(\.\d+)?$/.test(c.strike) ? new Decimal(c.strike).toFixed() : c.strike;
  const type =
    c.optionType.toUpperCase() === 'CALL'
      ? 'Call'
      : c.optionType.toUpperCase() === 'PUT'
        ? 'Put'
        : c.optionType;
  return `${c.underlying} ${formatExpiry(c.expiry)} ${strike} ${type}`;
}

/** An OCC option symbol written out ("AAPL 18 Dec 2026 150 Call"), or undefined when it is not one. */
export function occContractText(symbol: string): string | undefined {
  const occ = parseOptionSymbol(symbol);
  return occ
    ? contractText({
        underlying: occ.underlying,
        expiry: occ.expireDate,
        strike: occ.strike,
        optionType: occ.optionType,
      })
    : undefined;
}
