import { Decimal } from '../../shared/decimal';
import type { ModifyOrder, NewOrder, OrderAck, OrderRecord } from '../../shared/openapi/records/orders';
import { orderAck as ack, orderRecord } from './order-view';
import {
  type AccountFigures,
  accountFigures,
  heldQuantity,
  orderRequirement,
  positionView,
} from '../accounts/portfolio';
import { SandboxError, badParameter, notFound } from '../http/route-types';
import type { MarketView } from '../market/market-view';
import type { JsonFile } from '../store/atomic-json';
import {
  applyFill,
  checkStopSide,
  commissionOf,
  decideFill,
  estimatePrice,
  fillQuantity,
  priceText,
  sessionAllows,
  touchOf,
} from './fills';
import { nextRegularClose } from './day-order-expiry';
import { type OrderDraft, checkPrices, draftOrder } from './order-rules';
import type { TradeEventBus } from './trade-event-bus';
import { type AccountState, type OrderState, type TradingFile, isOpen } from './trading-state';

/**
 * The sandbox's order book and accounts. State lives in one JSON file (atomic writes); every
 * acknowledged change is on disk before the reply, and the matching loop saves what it changes.
 * Every order status change publishes an order event, every fill a position event (docs/streaming.md).
 */
export interface TradingEngineOptions {
  market: MarketView;
  bus: TradeEventBus;
  file: JsonFile<TradingFile>;
  log?: (line: string) => void;
}

export type TradingEngine = ReturnType<typeof createTradingEngine>;

export function createTradingEngine(opts: TradingEngineOptions) {
  const { market, bus, file } = opts;
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
  const figures = (a: AccountState, exclude?: OrderState): AccountFigures =>
    accountFigures(
      market,
      a,
      state().orders.filter((o) => o !== exclude),
      (o) => priceNow(o),
    );

  const publishOrder = (o: OrderState, time: number) =>
    bus.publish({ kind: 'order', accountId: o.account_id, order: orderRecord(o), time });

  /** Buying power (margin/cash) and, for a cash account, shares actually held: what an order is validated against. */
  const checkAffordable = (
    a: AccountState,
    d: OrderDraft | OrderState,
    quantity: Decimal,
    where: string,
    exclude?: OrderState,
  ) => {
    if (a.account_type === 'CASH' && d.side === 'SELL') {
      const committed = state()
        .orders.filter(
          (o) =>
            o !== exclude &&
            isOpen(o) &&
            o.account_id === a.account_id &&
            o.side === 'SELL' &&
            o.instrument_id === d.instrument_id,
        )
        .reduce((sum, o) => sum.plus(o.quantity).minus(o.filled_quantity), new Decimal(0));
      const free = heldQuantity(a, d.instrument_id).minus(committed);
      if (quantity.gt(free)) {
        throw new SandboxError(
          400,
          'INSUFFICIENT_POSITION',
          `Invalid parameter '${where}.quantity': a cash account cannot sell more than it holds (${Decimal.max(0, free).toFixed()} available)`,
        );
      }
      return;
    }
    const need = orderRequirement(a, d, quantity, priceNow(d));
    const f = figures(a, exclude);
    const [required, available] =
      a.account_type === 'CASH'
        ? [need.cash, f.buyingPower]
        : d.instrument_type === 'OPTION'
          ? [need.option, f.optionBuyingPower]
          : [need.stock, f.buyingPower];
    if (required.gt(available)) {
      throw new SandboxError(
        400,
        'INSUFFICIENT_BUYING_POWER',
        `Insufficient buying power for ${where}: needs ${required.toFixed(2)}, available ${available.toFixed(2)}`,
      );
    }
  };

  /** One evaluation of one open order: expiry at the close first, then the fill rules. */
  const evaluate = (o: OrderState, now: number): boolean => {
    if (!isOpen(o)) return false;
    // A market clock that runs back before the order was placed has left the order's session: the
    // replay clock (market/replay-clock.ts) loops through one regular session and never reaches its
    // 16:00 close, so its wrap to the open is that session's end (docs/sandbox.md "Replay when closed").
    const sessionOver = o.expires_at !== undefined && (now >= o.expires_at || now < o.place_time);
    if (o.time_in_force === 'DAY' && sessionOver) {
      Object.assign(o, { status: 'CANCELLED', reason: 'DAY order expired at the close', update_time: now });
      publishOrder(o, now);
      return true;
    }
    if (!sessionAllows(market, o, now)) return false;
    const touch = touchOf(market, o, now);
    if (!touch) return false;
    const decision = decideFill(o, touch);
    const changed = decision.triggered !== o.triggered;
    o.triggered = decision.triggered;
    if (!decision.price) return changed;
    const a = account(o.account_id);
    const remaining = new Decimal(o.quantity).minus(o.filled_quantity);
    // Re-checked as the order comes to fill: the market may have moved since placement, and an
    // order the account can no longer pay for is rejected asynchronously (a FAILED event).
    try {
      checkAffordable(a, o, remaining, 'order', o);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      Object.assign(o, { status: 'FAILED', reason: `Rejected at fill: ${error.message}`, update_time: now });
      publishOrder(o, now);
      return true;
    }
    const quantity = fillQuantity(o.side, touch, remaining);
    const position = applyFill(a, o, quantity, decision.price, now, () => `L${state().nextLotSeq++}`);
    const filled = new Decimal(o.filled_quantity).plus(quantity);
    const value = new Decimal(o.filled_value ?? 0).plus(quantity.times(decision.price));
    const done = filled.gte(o.quantity);
    Object.assign(o, {
      status: done ? 'FILLED' : 'PARTIAL_FILLED',
      filled_quantity: filled.toFixed(),
      filled_value: value.toFixed(),
      avg_fill_price: priceText(o.instrument_type, value.div(filled)),
      filled_time: now,
      update_time: now,
    });
    publishOrder(o, now);
    bus.publish({
      kind: 'position',
      accountId: a.account_id,
      position: positionView(market, position),
      time: now,
    });
    return true;
  };

  const draftAll = (orders: readonly NewOrder[], optionEndpoint: boolean) =>
    orders.map((order, i) => ({
      order,
      where: `new_orders[${i}]`,
      draft: draftOrder(market, order, `new_orders[${i}]`, optionEndpoint),
    }));

  return {
    account,
    accounts: () => state().accounts,
    figures: (a: AccountState) => figures(a),
    orders: () => state().orders,
    orderRecord,

    preview(accountId: string, orders: readonly NewOrder[], optionEndpoint: boolean) {
      const a = account(accountId);
      return draftAll(orders, optionEndpoint).map(({ order, draft, where }) => {
        const quantity = new Decimal(draft.quantity);
        const price = priceNow(draft);
        const need = orderRequirement(a, draft, quantity, price);
        const commission = commissionOf(draft, quantity);
        const f = figures(a);
        const available =
          draft.instrument_type === 'OPTION' && a.account_type === 'MARGIN'
            ? f.optionBuyingPower
            : f.buyingPower;
        const used =
          a.account_type === 'CASH'
            ? need.cash
            : draft.instrument_type === 'OPTION'
              ? need.option
              : need.stock;
        const warnings: string[] = [];
        try {
          checkAffordable(a, draft, quantity, where);
        } catch (error) {
          if (!(error instanceof SandboxError)) throw error;
          warnings.push(error.message);
        }
        return {
          client_order_id: order.client_order_id,
          // Signed like the cash it moves the other way: a buy costs (positive), a sell is a credit (negative).
          estimated_cost: quantity
            .times(price)
            .times(draft.multiplier)
            .times(draft.side === 'SELL' ? -1 : 1)
            .toFixed(2),
          estimated_commission: commission.toFixed(2),
          estimated_fees: '0.00',
          buying_power_after: Decimal.max(0, available.minus(used)).toFixed(2),
          currency: 'USD',
          warnings,
        };
      });
    },

    async place(
      accountId: string,
      orders: readonly NewOrder[],
      optionEndpoint: boolean,
      now: number,
    ): Promise<OrderAck[]> {
      const a = account(accountId);
      // Idempotency (docs/openapi-client.md): a client_order_id already placed in this account answers with that order.
      const fresh = orders.filter((o) => !findOrder(accountId, o.client_order_id));
      const drafts = draftAll(fresh, optionEndpoint);
      const acks: OrderAck[] = [];
      // An order placed before a later one in the same request is rejected stays placed: persist either way.
      try {
        for (const order of orders) {
          const existing = findOrder(accountId, order.client_order_id);
          if (existing) {
            acks.push(ack(existing));
            continue;
          }
          const item = drafts.find((d) => d.order === order);
          if (!item) continue;
          checkStopSide(item.draft, touchOf(market, item.draft), item.where);
          checkAffordable(a, item.draft, new Decimal(item.draft.quantity), item.where);
          const seq = state().nextOrderSeq++;
          const placed: OrderState = {
            ...item.draft,
            client_order_id: order.client_order_id,
            order_id: `SBX${String(seq).padStart(10, '0')}`,
            account_id: accountId,
            filled_quantity: '0',
            status: 'SUBMITTED',
            place_time: now,
            update_time: now,
            triggered: false,
            expires_at: item.draft.time_in_force === 'DAY' ? nextRegularClose(now, market) : undefined,
            seq,
          };
          state().orders.push(placed);
          publishOrder(placed, now);
          evaluate(placed, now);
          acks.push(ack(placed));
        }
      } finally {
        await persist();
      }
      return acks;
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
          const next = {
            ...o,
            limit_price: mod.limit_price ?? o.limit_price,
            stop_price: mod.stop_price ?? o.stop_price,
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
          checkAffordable(a, next, quantity.minus(o.filled_quantity), where, o);
          Object.assign(o, next, {
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
      Object.assign(o, { status: 'CANCELLED', reason: 'Cancelled by the client', update_time: now });
      publishOrder(o, now);
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
