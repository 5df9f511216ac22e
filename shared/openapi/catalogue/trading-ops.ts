import { z } from 'zod';
import * as A from '../records/accounts';
import * as O from '../records/orders';
import { dateText, queryInt, rows } from '../primitives';
import { op, none, accountId } from './operation-def';

const newOrders = z.object({
  account_id: accountId,
  /** A linked group's id, made by the client like a `client_order_id` (the stock order reference). */
  client_combo_order_id: O.clientOrderId.optional(),
  new_orders: z.array(O.newOrder).min(1, 'new_orders is empty'),
});
const modifyOrders = z.object({ account_id: accountId, modify_orders: z.array(O.modifyOrder).min(1) });
const cancelOrder = z.object({
  account_id: accountId,
  client_order_id: O.clientOrderId,
});

/** Accounts, assets and unified orders: the catalogue's trading operations. */
export const tradingOperations = {
  accountList: op({
    method: 'GET',
    path: '/openapi/account/list',
    area: 'trading',
    params: none,
    response: rows(A.account),
    summary: 'Account list',
  }),
  accountListV3: op({
    method: 'GET',
    path: '/trading/accounts/list',
    area: 'trading',
    params: none,
    response: rows(A.account),
    summary: 'Account list (2026-09-20 path)',
  }),
  balance: op({
    method: 'GET',
    path: '/openapi/assets/balance',
    area: 'trading',
    params: z.object({ account_id: accountId, total_asset_currency: z.string().default('USD') }),
    response: A.balance,
    summary: 'Account balance',
  }),
  positions: op({
    method: 'GET',
    path: '/openapi/assets/positions',
    area: 'trading',
    params: z.object({ account_id: accountId }),
    response: rows(A.position),
    summary: 'Positions',
  }),
  positionDetails: op({
    method: 'GET',
    path: '/openapi/assets/position/details',
    area: 'trading',
    params: z.object({
      account_id: accountId,
      instrument_id: z.string().min(1),
      page_size: queryInt(1, 100).optional(),
      last_id: z.string().optional(),
    }),
    response: A.positionDetails,
    summary: 'Position lots',
  }),

  orderPreview: op({
    method: 'POST',
    path: '/openapi/trade/order/preview',
    area: 'trading',
    params: newOrders,
    response: z.array(O.orderPreview),
    summary: 'Preview order',
  }),
  orderPlace: op({
    method: 'POST',
    path: '/openapi/trade/order/place',
    area: 'trading',
    kind: 'order',
    params: newOrders,
    response: z.array(O.orderAck),
    summary: 'Place order',
  }),
  orderReplace: op({
    method: 'POST',
    path: '/openapi/trade/order/replace',
    area: 'trading',
    kind: 'order',
    params: modifyOrders,
    response: z.array(O.orderAck),
    summary: 'Replace order',
  }),
  orderCancel: op({
    method: 'POST',
    path: '/openapi/trade/order/cancel',
    area: 'trading',
    kind: 'order',
    params: cancelOrder,
    response: O.orderCancelled,
    summary: 'Cancel order',
  }),
  orderDetail: op({
    method: 'GET',
    path: '/openapi/trade/order/detail',
    area: 'trading',
    params: z.object({ account_id: accountId, client_order_id: O.clientOrderId }),
    response: O.orderRecord,
    summary: 'Order detail',
  }),
  ordersOpen: op({
    method: 'GET',
    path: '/openapi/trade/order/open',
    area: 'trading',
    params: z.object({
      account_id: accountId,
      page_size: queryInt(1, 100).optional(),
      last_client_order_id: z.string().optional(),
    }),
    response: rows(O.orderRecord),
    summary: 'Open orders',
  }),
  ordersHistory: op({
    method: 'GET',
    path: '/openapi/trade/order/history',
    area: 'trading',
    params: z.object({
      account_id: accountId,
      page_size: queryInt(1, 100).optional(),
      start_date: dateText.optional(),
      end_date: dateText.optional(),
      last_client_order_id: z.string().optional(),
    }),
    response: rows(O.orderRecord),
    summary: 'Order history',
  }),
  optionOrderPreview: op({
    method: 'POST',
    path: '/openapi/trade/option/order/preview',
    area: 'trading',
    params: newOrders,
    response: z.array(O.orderPreview),
    summary: 'Preview option order',
  }),
  optionOrderPlace: op({
    method: 'POST',
    path: '/openapi/trade/option/order/place',
    area: 'trading',
    kind: 'order',
    params: newOrders,
    response: z.array(O.orderAck),
    summary: 'Place option order',
  }),
  optionOrderReplace: op({
    method: 'POST',
    path: '/openapi/trade/option/order/replace',
    area: 'trading',
    kind: 'order',
    params: modifyOrders,
    response: z.array(O.orderAck),
    summary: 'Replace option order',
  }),
  optionOrderCancel: op({
    method: 'POST',
    path: '/openapi/trade/option/order/cancel',
    area: 'trading',
    kind: 'order',
    params: cancelOrder,
    response: O.orderCancelled,
    summary: 'Cancel option order',
  }),
} as const;
