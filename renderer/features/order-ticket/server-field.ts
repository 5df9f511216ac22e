import type { TicketField } from './ticket-model';

/**
 * Maps an error's `field` (the API's parameter path, shared/errors.ts) to the ticket field that
 * holds it: `new_orders[0].limit_price` → limitPrice, `new_orders[0].legs[0].strike_price` → strike.
 * A missing contract (`new_orders[0].legs[0]`) is shown at the strike.
 */
export function ticketFieldOf(path: string | undefined): TicketField | undefined {
  if (!path) return undefined;
  if (path === 'account_id') return 'accountId';
  const last = path.replace(/^new_orders\[\d+\]\.?/, '');
  if (/(^|\.)limit_price$/.test(last)) return 'limitPrice';
  if (/(^|\.)stop_price$/.test(last)) return 'stopPrice';
  if (/(^|\.)quantity$/.test(last)) return 'quantity';
  if (/option_expire_date$/.test(last)) return 'expiry';
  if (/strike_price$/.test(last) || /^legs\[\d+\](\.symbol)?$/.test(last)) return 'strike';
  return undefined;
}

/**
 * A server's refusal as the field shows it: the parameter path and the request id are for the log,
 * the reason is for the trader ("Invalid parameter 'new_orders[0].limit_price': 1.234 has more than
 * 2 decimal places" → "Refused by the broker: 1.234 has more than 2 decimal places.").
 */
export function fieldMessage(message: string): string {
  const reason = message
    .replace(/^Invalid parameter '[^']*':\s*/, '')
    .replace(/\s*\(request [^)]*\)\s*$/, '');
  const text = reason.charAt(0).toUpperCase() + reason.slice(1);
  return `Refused by the broker: ${text}${/[.!?]$/.test(text) ? '' : '.'}`;
}
