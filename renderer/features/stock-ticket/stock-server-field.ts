import type { StockField } from './stock-draft';
import { type TicketPart } from './stock-linked';
import { LEG_FIELDS, legField, type LegFieldName } from './stock-legs';

const ENTRY_FIELDS: ReadonlyArray<[RegExp, StockField]> = [
  [/^limit_price$/, 'limitPrice'],
  [/^stop_price$/, 'stopPrice'],
  [/^trailing_(type|stop_step)$/, 'trailingStep'],
  [/^quantity$/, 'quantity'],
  [/^total_cash_amount$/, 'amount'],
  [/^side$/, 'side'],
  [/^order_type$/, 'orderType'],
  [/^time_in_force$/, 'timeInForce'],
  [/^(support_trading_session|extended_hours_trading)$/, 'session'],
];

/**
 * Maps a refusal's `field` (the API's parameter path, shared/errors.ts) to the stock ticket's field:
 * `new_orders[0].limit_price` → limitPrice; a path into a bracket's exit → that exit's field; into a
 * contingent order → its own field (`leg0.limitPrice`), or its side for what it shares with the
 * entry (`parts`: what the ticket calls each order sent, `ticketParts`). A refusal of the group's
 * kind (`combo_type`) is the linked order's choice.
 */
export function stockFieldOf(
  path: string | undefined,
  parts: ReadonlyArray<{ part: TicketPart }>,
): StockField | undefined {
  if (!path) return undefined;
  if (path === 'account_id') return 'accountId';
  if (path === 'combo_type') return 'linked';
  const m = /^new_orders\[(\d+)\]\.?(.*)$/.exec(path);
  if (!m) return undefined;
  const part = parts[Number(m[1])]?.part ?? 'entry';
  if (part === 'takeProfit' || part === 'stopLoss') return part;
  const rest = m[2] ?? '';
  if (rest === 'combo_type') return 'linked';
  const field = ENTRY_FIELDS.find(([re]) => re.test(rest))?.[1];
  if (part === 'entry') return field;
  const i = part === 'leg0' ? 0 : 1;
  return legField(
    i,
    (LEG_FIELDS as readonly string[]).includes(field ?? '') ? (field as LegFieldName) : 'side',
  );
}
