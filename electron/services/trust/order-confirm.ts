import type { Decimal } from '../../../shared/decimal';
import type { EnvironmentSettings } from '../../../shared/environments';
import type { OrderGuards } from '../../../shared/ipc/app-types';
import { contractText } from '../../../shared/market/contract-name';
import { formatOptionSymbol } from '../../../shared/market/occ';
import type { OpParams } from '../../../shared/openapi/operations';
import type { OrderOperationId } from '../order-calls';
import type { Question } from './ask';
import { describeOrder, guardBreaches, type OrderLine } from './order-guard';

/** What main looks up to restate and check an order: the last price, and an open order's record. */
export interface OrderLookups {
  lastPrice(symbol: string, option: boolean): Promise<Decimal | undefined>;
  order(
    accountId: string,
    clientOrderId: string,
    option: boolean,
  ): Promise<
    | {
        symbol: string;
        side: string;
        order_type: string;
        quantity: string;
        limit_price?: string;
        stop_price?: string;
        time_in_force: string;
      }
    | undefined
  >;
}

const isOption = (op: OrderOperationId) => op.startsWith('option');

type NewOrder = OpParams<'orderPlace'>['new_orders'][number];

function placedLine(o: NewOrder): { line: OrderLine; priceSymbol: string; option: boolean } {
  const leg = o.legs?.[0];
  if (leg) {
    const symbol = formatOptionSymbol({
      underlying: leg.symbol,
      expireDate: leg.option_expire_date,
      optionType: leg.option_type,
      strike: leg.strike_price,
    });
    return {
      option: true,
      priceSymbol: symbol,
      line: {
        symbol,
        // Written as every screen writes a contract, so the native question reads like the ticket.
        contract: contractText({
          underlying: leg.symbol,
          expiry: leg.option_expire_date,
          strike: leg.strike_price,
          optionType: leg.option_type,
        }),
        side: o.side,
        orderType: o.order_type,
        quantity: o.quantity,
        limitPrice: o.limit_price,
        stopPrice: o.stop_price,
        timeInForce: o.time_in_force,
        role: o.combo_type,
        multiplier: 100,
      },
    };
  }
  const symbol = o.symbol ?? '(no symbol)';
  return {
    option: false,
    priceSymbol: symbol,
    line: {
      symbol,
      side: o.side,
      orderType: o.order_type,
      quantity: o.quantity,
      // An order by amount is sized and valued by its dollars (shared/trading/entrust-types.ts).
      amount: o.total_cash_amount,
      limitPrice: o.limit_price,
      stopPrice: o.stop_price,
      trailingType: o.trailing_type,
      trailingStep: o.trailing_stop_step,
      timeInForce: o.time_in_force,
      role: o.combo_type,
      multiplier: 1,
    },
  };
}

/**
 * The native question for an order operation outside the Sandbox, or undefined when none is
 * needed (confirmations off and every order within the guards). A lookup that fails counts as "no
 * last price": the order is then beyond the guards and asked about, never waved through.
 */
export async function orderQuestion(
  op: OrderOperationId,
  params: OpParams<OrderOperationId>,
  environment: EnvironmentSettings,
  settings: { confirmOrders: boolean; orderGuards: OrderGuards },
  lookups: OrderLookups,
): Promise<Question | undefined> {
  const option = isOption(op);
  const where = `${environment.name}, account ${params.account_id}`;
  const safe = async <T>(f: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await f();
    } catch (error) {
      void error;
      return undefined;
    }
  };
  if (op === 'orderCancel' || op === 'optionOrderCancel') {
    if (!settings.confirmOrders) return undefined;
    const p = params as OpParams<'orderCancel'>;
    const record = await safe(() => lookups.order(p.account_id, p.client_order_id, option));
    const what = record
      ? describeOrder({ ...lineOf(record), multiplier: option ? 100 : 1 })
      : `order ${p.client_order_id}`;
    return {
      title: 'Cancel order',
      message: `Cancel this order at ${environment.name}?`,
      detail: `${what}\n${where}`,
      buttons: ['Keep the order', 'Cancel the order'],
      cancelId: 0,
      defaultId: 0,
    };
  }
  const lines: Array<{ line: OrderLine; breaches: string[] }> = [];
  if (op === 'orderPlace' || op === 'optionOrderPlace') {
    for (const o of (params as OpParams<'orderPlace'>).new_orders) {
      const { line, priceSymbol, option: opt } = placedLine(o);
      const last = await safe(() => lookups.lastPrice(priceSymbol, opt));
      lines.push({ line, breaches: guardBreaches(line, last, settings.orderGuards) });
    }
  } else {
    const p = params as OpParams<'orderReplace'>;
    for (const m of p.modify_orders) {
      const record = await safe(() => lookups.order(p.account_id, m.client_order_id, option));
      const line: OrderLine = {
        ...(record
          ? lineOf(record)
          : { symbol: `order ${m.client_order_id}`, side: 'Change', orderType: '', quantity: '0' }),
        multiplier: option ? 100 : 1,
      };
      if (m.quantity !== undefined) line.quantity = m.quantity;
      if (m.limit_price !== undefined) line.limitPrice = m.limit_price;
      if (m.stop_price !== undefined) line.stopPrice = m.stop_price;
      if (m.trailing_stop_step !== undefined) line.trailingStep = m.trailing_stop_step;
      if (m.time_in_force !== undefined) line.timeInForce = m.time_in_force;
      const last = record ? await safe(() => lookups.lastPrice(record.symbol, option)) : undefined;
      const breaches = guardBreaches(line, last, settings.orderGuards);
      if (!record) breaches.unshift(`the broker did not return order ${m.client_order_id}`);
      lines.push({ line, breaches });
    }
  }
  const beyond = lines.some((l) => l.breaches.length > 0);
  if (!settings.confirmOrders && !beyond) return undefined;
  const replacing = op === 'orderReplace' || op === 'optionOrderReplace';
  const text = lines.map(({ line, breaches }) =>
    [describeOrder(line), ...breaches.map((b) => `  • Beyond your precautionary limits: ${b}`)].join('\n'),
  );
  return {
    title: replacing ? 'Replace order' : 'Send order',
    message: beyond
      ? `This ${replacing ? 'change' : 'order'} goes beyond your precautionary limits. Send it to ${environment.name} anyway?`
      : `Send this ${replacing ? 'change' : 'order'} to ${environment.name}?`,
    detail: `${text.join('\n')}\n${where}`,
    buttons: ['Cancel', beyond ? 'Send anyway' : replacing ? 'Replace order' : 'Send order'],
    cancelId: 0,
    defaultId: 0,
  };
}

function lineOf(
  record: NonNullable<Awaited<ReturnType<OrderLookups['order']>>>,
): Omit<OrderLine, 'multiplier'> {
  return {
    symbol: record.symbol,
    side: record.side,
    orderType: record.order_type,
    quantity: record.quantity,
    limitPrice: record.limit_price,
    stopPrice: record.stop_price,
    timeInForce: record.time_in_force,
  };
}
