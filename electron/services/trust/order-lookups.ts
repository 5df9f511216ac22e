import { toDecimal } from '../../../shared/decimal';
import type { OpenApiClient } from '../../openapi/client';
import type { OrderLookups } from './order-confirm';

/** The last price and an order's record, asked of the broker for main's order confirmation. */
export function orderLookups(client: Pick<OpenApiClient, 'call'>): OrderLookups {
  const user = { priority: 'user' as const };
  return {
    async lastPrice(symbol, option) {
      const rows = option
        ? await client.call('optionSnapshot', { symbols: [symbol], category: 'US_OPTION' }, user)
        : await client.call('snapshot', { symbols: [symbol], category: 'US_STOCK' }, user);
      const price = rows.find((r) => r.symbol === symbol)?.price ?? rows[0]?.price;
      return price === undefined ? undefined : toDecimal(price);
    },
    order: (accountId, clientOrderId) =>
      client.call('orderDetail', { account_id: accountId, client_order_id: clientOrderId }, user),
  };
}
