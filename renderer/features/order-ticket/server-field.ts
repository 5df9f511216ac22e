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
