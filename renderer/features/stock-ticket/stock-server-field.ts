import type { StockField } from './stock-draft';

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
 * `new_orders[0].limit_price` → limitPrice; a path into an exit of the bracket sent (`roles`: the
 * combo role of each order sent, `orderRoles`) → that exit's field.
 */
export function stockFieldOf(path: string | undefined, roles: readonly string[]): StockField | undefined {
  if (!path) return undefined;
  if (path === 'account_id') return 'accountId';
  const m = /^new_orders\[(\d+)\]\.?(.*)$/.exec(path);
  if (!m) return undefined;
  const role = roles[Number(m[1])];
  if (role === 'STOP_PROFIT') return 'takeProfit';
  if (role === 'STOP_LOSS') return 'stopLoss';
  const rest = m[2] ?? '';
  return ENTRY_FIELDS.find(([re]) => re.test(rest))?.[1];
}
