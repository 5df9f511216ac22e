import type { OperationId, OpParams, OpResult } from '../../shared/openapi/operations';
import { isLinked } from '../../shared/trading';
import type { OpenApiClient } from '../openapi/client';
import { ApiError } from '../openapi/api-error';
import {
  cancelOrder,
  placeOrder,
  placeOrderGroup,
  replaceOrder,
  type OrderOutcome,
} from '../openapi/order-placement';

/**
 * The renderer's order operations go through the order discipline of electron/openapi/order-placement.ts,
 * never through a plain `client.call`: after a timeout or a dropped connection main asks order
 * detail for the client_order_id before anything else, so an order is neither lost nor placed twice.
 * A linked group goes in one request. Replies keep the catalogue's shape, so the IPC contract does
 * not change.
 */
export const ORDER_OPERATIONS = [
  'orderPlace',
  'optionOrderPlace',
  'orderReplace',
  'optionOrderReplace',
  'orderCancel',
  'optionOrderCancel',
] as const satisfies readonly OperationId[];
export type OrderOperationId = (typeof ORDER_OPERATIONS)[number];

export const isOrderOperation = (op: OperationId): op is OrderOperationId =>
  (ORDER_OPERATIONS as readonly string[]).includes(op);

type Client = Pick<OpenApiClient, 'call'>;
const ack = (o: OrderOutcome) => ({
  client_order_id: o.clientOrderId,
  order_id: o.orderId,
  status: o.status,
});

/** Several orders in one call go one by one; if one fails, the error says which went through. */
async function oneByOne<T>(items: readonly T[], send: (item: T) => Promise<OrderOutcome>) {
  const done: OrderOutcome[] = [];
  for (const item of items) {
    try {
      done.push(await send(item));
    } catch (error) {
      if (done.length === 0 || !(error instanceof ApiError)) throw error;
      throw new ApiError({
        code: error.code,
        status: error.status,
        requestId: error.requestId,
        retryable: false,
        field: error.field,
        cause: error,
        message: `${error.message} (already accepted: ${done.map((d) => d.clientOrderId).join(', ')})`,
      });
    }
  }
  return done.map(ack);
}

export async function callOrderOperation<K extends OrderOperationId>(
  client: Client,
  op: K,
  params: OpParams<K>,
): Promise<OpResult<K>> {
  const opts = { priority: 'user' as const };
  switch (op) {
    case 'orderPlace':
    case 'optionOrderPlace': {
      const p = params as OpParams<'orderPlace'>;
      // A linked group is one request (the service places it whole or not at all); lone orders one by one.
      if (isLinked(p.new_orders)) {
        const outcomes = await placeOrderGroup(client, p.account_id, p.new_orders, {
          ...opts,
          option: op === 'optionOrderPlace',
          clientComboOrderId: p.client_combo_order_id,
        });
        return outcomes.map(ack) as OpResult<K>;
      }
      const call = { ...opts, option: op === 'optionOrderPlace' };
      return (await oneByOne(p.new_orders, (o) => placeOrder(client, p.account_id, o, call))) as OpResult<K>;
    }
    case 'orderReplace':
    case 'optionOrderReplace': {
      const p = params as OpParams<'orderReplace'>;
      const call = { ...opts, option: op === 'optionOrderReplace' };
      return (await oneByOne(p.modify_orders, (m) =>
        replaceOrder(client, p.account_id, m, call),
      )) as OpResult<K>;
    }
    default: {
      const p = params as OpParams<'orderCancel'>;
      const call = { ...opts, option: op === 'optionOrderCancel' };
      const outcome = await cancelOrder(client, p.account_id, p.client_order_id, call);
      return { ...ack(outcome), status: outcome.status ?? 'CANCELLED' } as OpResult<K>;
    }
  }
}
