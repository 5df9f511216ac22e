import { INTERFACE_OPTION_RULES, type OptionRules } from '../../shared/environments';
import type { NewOrder } from '../../shared/openapi/records/orders';
import { badParameter } from '../http/route-types';

export interface OptionOrderRuleOptions {
  /** The option rules this sandbox enforces (shared/environments.ts). Default: the interface text's. */
  rules?: OptionRules;
}

/**
 * The checks of an option order that depend on the endpoint and on the rules in force: a unified
 * endpoint refuses a `category` header other than `US_OPTION` for an option leg (the broker's SDK
 * always sends that header); with the real service's rules, no MARKET option orders and DAY-only option sells; a
 * `position_intent` must agree with the side. A refusal names the field, as every sandbox 400 does.
 */
export function checkOptionOrders(
  orders: readonly NewOrder[],
  where: { unified: boolean; category: string | undefined },
  opts: OptionOrderRuleOptions = {},
): void {
  const rules = opts.rules ?? INTERFACE_OPTION_RULES;
  orders.forEach((o, i) => {
    const at = `new_orders[${i}]`;
    const option = o.legs !== undefined || o.instrument_type === 'OPTION';
    if (o.position_intent !== undefined && !o.position_intent.startsWith(`${o.side}_`))
      throw badParameter(`${at}.position_intent`, `${o.position_intent} does not match side ${o.side}`);
    if (!option) return;
    // The SDK always sends the header; one naming another instrument is refused, none is tolerated.
    if (where.unified && where.category !== undefined && where.category !== 'US_OPTION')
      throw badParameter(
        'category',
        `an option order on the unified endpoint needs the request header category: US_OPTION, not ${where.category}`,
      );
    if (!rules.marketOrders && o.order_type === 'MARKET')
      throw badParameter(`${at}.order_type`, 'options take no MARKET orders; send a LIMIT order');
    if (rules.sellDayOnly && o.side === 'SELL' && o.time_in_force !== 'DAY')
      throw badParameter(`${at}.time_in_force`, 'an option sell must be DAY');
  });
}
