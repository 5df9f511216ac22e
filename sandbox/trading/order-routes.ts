import type { RouteTable } from '../http/route-types';
import { badParameter } from '../http/route-types';
import { etDate } from './day-order-expiry';
import type { NewOrder } from '../../shared/openapi/records/orders';
import { checkOptionOrders, type OptionOrderRuleOptions } from './option-order-rules';
import type { TradingEngine } from './trading-engine';
import { type OrderState, isOpen } from './trading-state';

/** Unified order endpoints and their option twins (docs/openapi-client.md). */
export function createOrderRoutes(engine: TradingEngine, rules: OptionOrderRuleOptions = {}): RouteTable {
  const check = (orders: readonly NewOrder[], unified: boolean, category: string | undefined) =>
    checkOptionOrders(orders, { unified, category }, rules);
  const newestFirst = (a: OrderState, b: OrderState) => b.place_time - a.place_time || b.seq - a.seq;
  /** Paging by `last_client_order_id`: the page starts after that order in newest-first order. */
  const page = (orders: OrderState[], pageSize: number, after: string | undefined) => {
    let start = 0;
    if (after !== undefined) {
      const i = orders.findIndex((o) => o.client_order_id === after);
      if (i < 0) throw badParameter('last_client_order_id', `unknown order '${after}'`);
      start = i + 1;
    }
    return orders.slice(start, start + pageSize).map(engine.orderRecord);
  };
  const forAccount = (accountId: string) => {
    engine.account(accountId);
    return engine.orders().filter((o) => o.account_id === accountId);
  };

  return {
    orderPreview: (p, ctx) => {
      check(p.new_orders, true, ctx.category);
      return engine.preview(p.account_id, p.new_orders, false);
    },
    optionOrderPreview: (p, ctx) => {
      check(p.new_orders, false, ctx.category);
      return engine.preview(p.account_id, p.new_orders, true);
    },
    orderPlace: (p, ctx) => {
      check(p.new_orders, true, ctx.category);
      return engine.place(p.account_id, p.new_orders, false, ctx.now, p.client_combo_order_id);
    },
    optionOrderPlace: (p, ctx) => {
      check(p.new_orders, false, ctx.category);
      return engine.place(p.account_id, p.new_orders, true, ctx.now, p.client_combo_order_id);
    },
    orderReplace: (p, ctx) => engine.replace(p.account_id, p.modify_orders, ctx.now),
    optionOrderReplace: (p, ctx) => engine.replace(p.account_id, p.modify_orders, ctx.now),
    orderCancel: (p, ctx) => engine.cancel(p.account_id, p.client_order_id, ctx.now),
    optionOrderCancel: (p, ctx) => engine.cancel(p.account_id, p.client_order_id, ctx.now),
    orderDetail: (p) => engine.detail(p.account_id, p.client_order_id),
    ordersOpen: (p) =>
      page(
        forAccount(p.account_id).filter(isOpen).sort(newestFirst),
        p.page_size ?? 100,
        p.last_client_order_id,
      ),
    ordersHistory: (p) => {
      if (p.start_date && p.end_date && p.start_date > p.end_date)
        throw badParameter('start_date', 'must not be after end_date');
      const inRange = (o: OrderState) => {
        const day = etDate(o.place_time);
        return (!p.start_date || day >= p.start_date) && (!p.end_date || day <= p.end_date);
      };
      return page(
        forAccount(p.account_id).filter(inRange).sort(newestFirst),
        p.page_size ?? 50,
        p.last_client_order_id,
      );
    },
  };
}
