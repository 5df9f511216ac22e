import { Decimal } from '../../shared/decimal';
import type {
  ModifyOrder,
  NewOrder,
  OrderAck,
  OrderPreview,
  OrderRecord,
} from '../../shared/openapi/records/orders';
import {
  DEFAULT_FRACTIONAL_RULES,
  type FractionalRules,
  GROUP_KIND_VALUES,
  type LinkedOrders,
  PLACED_STATUS,
  replacedEvent,
  sharesForAmount,
} from '../../shared/trading';
import { orderAck as ack, orderRecord } from './order-view';
import { type AccountFigures, accountFigures, positionView } from '../accounts/portfolio';
import { SandboxError, badParameter, notFound } from '../http/route-types';
import type { MarketView } from '../market/market-view';
import type { JsonFile } from '../store/atomic-json';
import {
  applyFill,
  checkStopSide,
  decideFill,
  estimatePrice,
  fillQuantity,
  priceText,
  sessionAllows,
  touchOf,
} from './fills';
import { checkAffordable as affordable } from './affordability';
import { previewOrder } from './order-preview';
import { nextRegularClose } from './day-order-expiry';
import { type GroupPlan, groupEffects, groupFields, planGroup } from './order-groups';
import { applyEvent } from './order-lifecycle';
import { type OrderDraft, checkPrices, draftOrder } from './order-rules';
import type { TradeEventBus } from './trade-event-bus';
import { type AccountState, type OrderState, type TradingFile, isOpen } from './trading-state';

/**
 * The sandbox's order book and accounts. State lives in one JSON file (atomic writes); every
 * acknowledged change is on disk before the reply, and the matching loop saves what it changes.
 * Every order status change goes through the domain's transition table (order-lifecycle.ts) and
 * publishes an order event, every fill a position event (docs/streaming.md); linked orders follow
 * the group rules (order-groups.ts).
 */
export interface TradingEngineOptions {
  market: MarketView;
  bus: TradeEventBus;
  file: JsonFile<TradingFile>;
  log?: (line: string) => void;
  /** Which linked-order kinds placement takes (shared/trading/groups.ts). Default: all. */
  linkedOrders?: LinkedOrders;
  /** Orders by amount and fractional quantities (shared/trading/entrust-types.ts). Default: taken, $5 minimum buy. */
  fractional?: FractionalRules;
}

export type TradingEngine = ReturnType<typeof createTradingEngine>;

export function createTradingEngine(opts: TradingEngineOptions) {
  const { market, bus, file } = opts;
  const linkedOrders = opts.linkedOrders ?? GROUP_KIND_VALUES;
  const fractional = opts.fractional ?? DEFAULT_FRACTIONAL_RULES;
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const state = () => file.get();
  const persist = () => file.save(state());

  const account = (id: string): AccountState => {
    const a = state().accounts.find((x) => x.account_id === id);
    if (!a) throw badParameter('account_id', `unknown account '${id}'`);
    return a;
  };
  const findOrder = (accountId: string, coid: string) =>
    state().orders.find((o) => o.account_id === accountId && o.client_order_id === coid);
  const priceNow = (o: OrderState | OrderDraft) => estimatePrice(o, touchOf(market, o));
  // A group's child that waits for its master reserves nothing until it works.
  const figures = (a: AccountState, exclude?: OrderState): AccountFigures =>
    accountFigures(
      market,
      a,
      state().orders.filter((o) => o !== exclude && !o.waiting),
      (o) => priceNow(o),
    );

  const publishOrder = (o: OrderState, time: number) =>
    bus.publish({ kind: 'order', accountId: o.account_id, order: orderRecord(o), time });

  const checkAffordable = (
    a: AccountState,
    d: OrderDraft | OrderState,
    quantity: Decimal,
    where: string,
    exclude?: OrderState,
  ) => affordable({ orders: () => state().orders, figures, priceNow }, a, d, quantity, where, exclude);

  /** The group rules after `o` changed status: children start, siblings and orphans are cancelled. */
  const settle = (o: OrderState, now: number): void => {
    const effects = groupEffects(o, state().orders, isOpen);
    for (const child of effects.activate) {
      child.waiting = false;
      child.update_time = now;
      publishOrder(child, now);
      evaluate(child, now);
    }
    for (const { order, reason } of effects.cancel) {
      if (!isOpen(order)) continue;
      applyEvent(order, 'CANCEL', now, { reason });
      publishOrder(order, now);
      settle(order, now);
    }
  };

  /** One evaluation of one open order: expiry at the close first, then the fill rules. */
  function evaluate(o: OrderState, now: number): boolean {
    if (!isOpen(o) || o.waiting) return false;
    // A market clock that runs back before the order was placed has left the order's session: the
    // replay clock (market/replay-clock.ts) loops through one regular session and never reaches its
    // 16:00 close, so its wrap to the open is that session's end (docs/sandbox.md "Replay when closed").
    const sessionOver = o.expires_at !== undefined && (now >= o.expires_at || now < o.place_time);
    if (o.time_in_force === 'DAY' && sessionOver) {
      applyEvent(o, 'CANCEL', now, { reason: 'DAY order expired at the close' });
      publishOrder(o, now);
      settle(o, now);
      return true;
    }
    if (!sessionAllows(market, o, now)) return false;
    const touch = touchOf(market, o, now);
    if (!touch) return false;
    const decision = decideFill(o, touch);
    const changed =
      decision.triggered !== o.triggered ||
      (decision.trailAnchor !== undefined && decision.trailAnchor !== o.trail_anchor);
    o.triggered = decision.triggered;
    if (decision.trailAnchor !== undefined) o.trail_anchor = decision.trailAnchor;
    if (!decision.price) return changed;
    const a = account(o.account_id);
    // An order by amount trades the shares its amount buys (or sells) at the price of its fill.
    const byAmount = o.entrust_type === 'AMOUNT' && o.total_cash_amount !== undefined;
    if (byAmount) o.quantity = sharesForAmount(o.total_cash_amount ?? 0, decision.price).toFixed();
    if (byAmount && new Decimal(o.quantity).isZero()) {
      applyEvent(o, 'REJECT', now, {
        reason: `Rejected at fill: ${o.total_cash_amount} buys no 0.00001 of a share at ${decision.price.toFixed()}`,
      });
      publishOrder(o, now);
      settle(o, now);
      return true;
    }
    const remaining = new Decimal(o.quantity).minus(o.filled_quantity);
    // Re-checked as the order comes to fill: the market may have moved since placement, and an
    // order the account can no longer pay for is rejected asynchronously (a FAILED event).
    try {
      checkAffordable(a, o, remaining, 'order', o);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      // Nothing traded yet: the order failed; part-filled: the rest is cancelled.
      const event = new Decimal(o.filled_quantity).isZero() ? 'REJECT' : 'CANCEL';
      applyEvent(o, event, now, { reason: `Rejected at fill: ${error.message}` });
      publishOrder(o, now);
      settle(o, now);
      return true;
    }
    // An order by amount fills whole at once, as a broker's fractional desk fills it.
    const quantity = byAmount ? remaining : fillQuantity(o.side, touch, remaining);
    const position = applyFill(a, o, quantity, decision.price, now, () => `L${state().nextLotSeq++}`);
    const filled = new Decimal(o.filled_quantity).plus(quantity);
    const value = new Decimal(o.filled_value ?? 0).plus(quantity.times(decision.price));
    const done = filled.gte(o.quantity);
    applyEvent(o, done ? 'FILL' : 'PARTIAL_FILL', now, {
      filled_quantity: filled.toFixed(),
      filled_value: value.toFixed(),
      avg_fill_price: priceText(o.instrument_type, value.div(filled)),
      filled_time: now,
    });
    publishOrder(o, now);
    bus.publish({
      kind: 'position',
      accountId: a.account_id,
      position: positionView(market, position),
      time: now,
    });
    settle(o, now);
    return true;
  }

  const draftAll = (orders: readonly NewOrder[], optionEndpoint: boolean) =>
    orders.map((order, i) => ({
      order,
      where: `new_orders[${i}]`,
      draft: draftOrder(market, order, `new_orders[${i}]`, optionEndpoint, fractional),
    }));

  return {
    account,
    accounts: () => state().accounts,
    figures: (a: AccountState) => figures(a),
    orders: () => state().orders,
    orderRecord,

    preview(accountId: string, orders: readonly NewOrder[], optionEndpoint: boolean): OrderPreview[] {
      const a = account(accountId);
      return draftAll(orders, optionEndpoint).map(({ order, draft, where }) =>
        previewOrder(
          {
            account: a,
            figures: figures(a),
            priceNow,
            affordable: (q) => checkAffordable(a, draft, q, where),
          },
          order.client_order_id,
          draft,
        ),
      );
    },

    async place(
      accountId: string,
      orders: readonly NewOrder[],
      optionEndpoint: boolean,
      now: number,
      clientComboId?: string,
    ): Promise<OrderAck[]> {
      const a = account(accountId);
      // Idempotency (docs/openapi-client.md): a client_order_id already placed in this account answers with that order.
      const fresh = orders.filter((o) => !findOrder(accountId, o.client_order_id));
      const drafts = draftAll(fresh, optionEndpoint);
      const retried = orders
        .map((o) => findOrder(accountId, o.client_order_id))
        .find((o) => o?.combo_order_id);
      const plan: GroupPlan | null = planGroup(
        orders,
        linkedOrders,
        () => `SBXG${String(state().nextOrderSeq).padStart(10, '0')}`,
        clientComboId,
        retried?.combo_order_id,
      );
      const checks = (item: (typeof drafts)[number]) => {
        // A child waiting for its master is checked when it starts working, not against today's book.
        if (groupFields(item.order, plan).waiting) return;
        checkStopSide(item.draft, touchOf(market, item.draft), item.where);
        checkAffordable(a, item.draft, new Decimal(item.draft.quantity), item.where);
      };
      // A group is placed whole or not at all; lone orders one by one.
      if (plan) drafts.forEach(checks);
      const answered: OrderState[] = [];
      const placedNow: OrderState[] = [];
      // An order placed before a later one in the same request is rejected stays placed: persist either way.
      try {
        for (const order of orders) {
          const existing = findOrder(accountId, order.client_order_id);
          if (existing) {
            answered.push(existing);
            continue;
          }
          const item = drafts.find((d) => d.order === order);
          if (!item) continue;
          if (!plan) checks(item);
          const seq = state().nextOrderSeq++;
          const placed: OrderState = {
            ...item.draft,
            ...groupFields(order, plan),
            client_order_id: order.client_order_id,
            order_id: `SBX${String(seq).padStart(10, '0')}`,
            account_id: accountId,
            filled_quantity: '0',
            status: PLACED_STATUS,
            place_time: now,
            update_time: now,
            triggered: false,
            expires_at: item.draft.time_in_force === 'DAY' ? nextRegularClose(now, market) : undefined,
            seq,
          };
          state().orders.push(placed);
          publishOrder(placed, now);
          placedNow.push(placed);
          answered.push(placed);
          // A lone order is matched at once; a group once all of it is on the book, so a master
          // that fills at once finds its children.
          if (!plan) evaluate(placed, now);
        }
        if (plan) for (const placed of placedNow) evaluate(placed, now);
      } finally {
        await persist();
      }
      return answered.map(ack);
    },

    async replace(accountId: string, mods: readonly ModifyOrder[], now: number): Promise<OrderAck[]> {
      const a = account(accountId);
      const acks: OrderAck[] = [];
      try {
        for (const [i, mod] of mods.entries()) {
          const where = `modify_orders[${i}]`;
          const o = findOrder(accountId, mod.client_order_id);
          if (!o) throw notFound(`Order '${mod.client_order_id}'`);
          if (!isOpen(o))
            throw new SandboxError(
              409,
              'ORDER_STATE_CONFLICT',
              `Order ${mod.client_order_id} is ${o.status} and can no longer be replaced`,
            );
          if (o.entrust_type === 'AMOUNT')
            throw badParameter(
              `${where}.client_order_id`,
              'an order by amount cannot be replaced: cancel it and place another',
            );
          const next = {
            ...o,
            limit_price: mod.limit_price ?? o.limit_price,
            stop_price: mod.stop_price ?? o.stop_price,
            trailing_stop_step: mod.trailing_stop_step ?? o.trailing_stop_step,
            time_in_force: mod.time_in_force ?? o.time_in_force,
          };
          checkPrices(next, where);
          if (mod.stop_price !== undefined && !o.triggered) checkStopSide(next, touchOf(market, o), where);
          const quantity = mod.quantity === undefined ? new Decimal(o.quantity) : new Decimal(mod.quantity);
          if (o.instrument_type === 'OPTION' && !quantity.isInteger())
            throw badParameter(`${where}.quantity`, 'option quantity must be a whole number of contracts');
          if (quantity.lt(o.filled_quantity))
            throw badParameter(
              `${where}.quantity`,
              `cannot be below the filled quantity ${o.filled_quantity}`,
            );
          if (!o.waiting) checkAffordable(a, next, quantity.minus(o.filled_quantity), where, o);
          // The sandbox acts on a replace at once: PENDING and back in one step, one event.
          applyEvent(o, 'REQUEST_REPLACE', now);
          const { status: _status, ...changes } = next;
          applyEvent(o, replacedEvent(new Decimal(o.filled_quantity).gt(0)), now, {
            ...changes,
            quantity: quantity.toFixed(),
            legs: o.legs?.map((l) => ({ ...l, quantity: quantity.toFixed() })),
            expires_at:
              next.time_in_force === 'DAY' ? (o.expires_at ?? nextRegularClose(now, market)) : undefined,
            update_time: now,
          });
          publishOrder(o, now);
          evaluate(o, now);
          acks.push(ack(o));
        }
      } finally {
        await persist();
      }
      return acks;
    },

    async cancel(accountId: string, coid: string, now: number) {
      account(accountId);
      const o = findOrder(accountId, coid);
      if (!o) throw notFound(`Order '${coid}'`);
      if (!isOpen(o))
        throw new SandboxError(
          409,
          'ORDER_STATE_CONFLICT',
          `Order ${coid} is ${o.status} and can no longer be cancelled`,
        );
      // The sandbox acts on a cancel at once: PENDING and CANCELLED in one step, one event.
      applyEvent(o, 'REQUEST_CANCEL', now);
      applyEvent(o, 'CANCEL', now, { reason: 'Cancelled by the client' });
      publishOrder(o, now);
      // Cancelling an unfilled MASTER cancels its group.
      settle(o, now);
      await persist();
      return { client_order_id: o.client_order_id, order_id: o.order_id, status: o.status };
    },

    detail(accountId: string, coid: string): OrderRecord {
      account(accountId);
      const o = findOrder(accountId, coid);
      if (!o) throw notFound(`Order '${coid}'`);
      return orderRecord(o);
    },

    /** One pass of the matching loop; saves only when something changed. */
    matchAll(now: number): void {
      let changed = false;
      for (const o of state().orders) if (evaluate(o, now)) changed = true;
      if (changed)
        persist().catch((error: unknown) => log(`sandbox: saving orders failed: ${String(error)}`));
    },

    flush: () => file.flush(),
  };
}
