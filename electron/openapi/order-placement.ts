import Decimal from 'decimal.js';
import { ErrorCodes } from '../../shared/errors';
import type { OpParams } from '../../shared/openapi/operations';
import type { OrderRecord } from '../../shared/openapi/records/orders';
import { isTerminalStatus } from '../../shared/trading';
import { ApiError } from './api-error';
import type { CallOptions, OpenApiClient } from './client';

/**
 * Order discipline (docs/openapi-client.md): an order POST is never retried blindly. The caller makes one
 * `client_order_id` per user intent (the service's idempotency key); after an *ambiguous* failure —
 * we cannot know whether the server acted — we ask order detail for that id before anything else.
 * Found: it was placed. NOT_FOUND: the server never saw it, so sending the same request (same id)
 * once more is safe. Anything else: we say so plainly instead of guessing.
 */
export type NewOrderInput = OpParams<'orderPlace'>['new_orders'][number];
export type ModifyOrderInput = OpParams<'orderReplace'>['modify_orders'][number];
type OrderClient = Pick<OpenApiClient, 'call'>;

export interface OrderOutcome {
  clientOrderId: string;
  orderId: string;
  status?: string;
  /** How we know: the reply itself, an order-detail lookup after an ambiguous failure, or a safe re-send. */
  confirmedBy: 'reply' | 'detail' | 'resend';
}

/** Failures after which the order may or may not exist on the server. */
function isAmbiguous(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (
    error.code === ErrorCodes.NETWORK_ERROR ||
    error.code === ErrorCodes.TIMEOUT ||
    error.code === ErrorCodes.BAD_RESPONSE
  )
    return true;
  // A 5xx without the service's error body (a proxy's page, an empty 502): nobody told us the outcome.
  return (error.status ?? 0) >= 500 && !error.fromServer;
}

/** A duplicate-id rejection on a re-send means the first attempt did land after all. */
const isDuplicate = (e: unknown) => e instanceof ApiError && e.fromServer && /DUPLICATE/i.test(e.code);

type Lookup =
  { kind: 'found'; order: OrderRecord } | { kind: 'notFound' } | { kind: 'unknown'; error: unknown };

async function lookup(
  client: OrderClient,
  accountId: string,
  clientOrderId: string,
  opts?: CallOptions,
): Promise<Lookup> {
  try {
    return {
      kind: 'found',
      order: await client.call(
        'orderDetail',
        { account_id: accountId, client_order_id: clientOrderId },
        opts,
      ),
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCodes.NOT_FOUND) return { kind: 'notFound' };
    return { kind: 'unknown', error };
  }
}

function outcomeUnknown(clientOrderId: string, action: string, cause: unknown): ApiError {
  return new ApiError({
    code: ErrorCodes.ORDER_OUTCOME_UNKNOWN,
    message: `We could not confirm whether the ${action} for order ${clientOrderId} reached the broker. Check open orders before trying again.`,
    retryable: false,
    cause,
  });
}

function stateConflict(order: OrderRecord, action: string): ApiError {
  return new ApiError({
    code: ErrorCodes.ORDER_STATE_CONFLICT,
    message: `Order ${order.client_order_id} is ${order.status}; the ${action} did not apply.`,
    retryable: false,
  });
}

/** A change or cancel whose order the broker does not have: nothing to act on. */
function notFound(clientOrderId: string, action: 'change' | 'cancel'): ApiError {
  return new ApiError({
    code: ErrorCodes.NOT_FOUND,
    message: `Order ${clientOrderId} was not found; nothing to ${action}.`,
    retryable: false,
  });
}

const fromRecord = (o: OrderRecord, confirmedBy: OrderOutcome['confirmedBy']): OrderOutcome => ({
  clientOrderId: o.client_order_id,
  orderId: o.order_id,
  status: o.status,
  confirmedBy,
});

/**
 * The shared shape of every order action: send; on an ambiguous failure look the order up and let
 * `judge` decide whether it is done, must be re-sent (once), or is in conflict.
 */
async function guarded(
  action: string,
  clientOrderId: string,
  send: () => Promise<OrderOutcome>,
  check: () => Promise<Lookup>,
  judge: (l: Lookup) => 'done' | 'resend' | ApiError,
): Promise<OrderOutcome> {
  let firstError: unknown;
  try {
    return await send();
  } catch (error) {
    if (!isAmbiguous(error) && !isDuplicate(error)) throw error;
    firstError = error;
  }
  for (let resent = false; ; resent = true) {
    const found = await check();
    if (found.kind === 'unknown') throw outcomeUnknown(clientOrderId, action, found.error);
    const verdict = judge(found);
    if (verdict instanceof ApiError) throw verdict;
    if (verdict === 'done' && found.kind === 'found') return fromRecord(found.order, 'detail');
    if (resent || verdict === 'done') throw outcomeUnknown(clientOrderId, action, firstError);
    try {
      const outcome = await send();
      return { ...outcome, confirmedBy: 'resend' };
    } catch (error) {
      if (!isAmbiguous(error) && !isDuplicate(error)) throw error;
      firstError = error;
    }
  }
}

function ackOutcome(
  acks: Array<{ client_order_id: string; order_id: string; status?: string }>,
  clientOrderId: string,
): OrderOutcome {
  const ack = acks.find((a) => a.client_order_id === clientOrderId) ?? acks[0];
  if (!ack)
    throw new ApiError({
      code: ErrorCodes.BAD_RESPONSE,
      message: 'The order reply held no acknowledgement',
      retryable: false,
    });
  return {
    clientOrderId: ack.client_order_id,
    orderId: ack.order_id,
    status: ack.status,
    confirmedBy: 'reply',
  };
}

/** The catalogue's option operations are the same calls under their own paths (`option: true`). */
export type OrderCallOptions = CallOptions & { option?: boolean };

export async function placeOrder(
  client: OrderClient,
  accountId: string,
  order: NewOrderInput,
  { option, ...opts }: OrderCallOptions = {},
): Promise<OrderOutcome> {
  const id = order.client_order_id;
  const op = option ? 'optionOrderPlace' : 'orderPlace';
  return guarded(
    'order',
    id,
    async () => ackOutcome(await client.call(op, { account_id: accountId, new_orders: [order] }, opts), id),
    () => lookup(client, accountId, id, opts),
    (l) => (l.kind === 'found' ? 'done' : 'resend'),
  );
}

/**
 * A linked group (bracket, OTO, OCO, OTOCO) goes in one request, as the service takes it whole or
 * not at all. After an ambiguous failure its first order's detail tells: found, the group landed
 * (each order is looked up); not found, nothing did and the same request (same ids) goes once more.
 */
export async function placeOrderGroup(
  client: OrderClient,
  accountId: string,
  orders: readonly NewOrderInput[],
  opts: OrderCallOptions & { clientComboOrderId?: string } = {},
): Promise<OrderOutcome[]> {
  const { option, clientComboOrderId, ...callOpts } = opts;
  const op = option ? 'optionOrderPlace' : 'orderPlace';
  const ids = orders.map((o) => o.client_order_id);
  const first = ids[0] ?? '';
  const body = {
    account_id: accountId,
    new_orders: [...orders],
    ...(clientComboOrderId === undefined ? {} : { client_combo_order_id: clientComboOrderId }),
  };
  const send = async () => {
    const acks = await client.call(op, body, callOpts);
    const outcomes: OrderOutcome[] = [];
    for (const id of ids) {
      if (!acks.some((a) => a.client_order_id === id))
        throw new ApiError({
          code: ErrorCodes.BAD_RESPONSE,
          message: `The order group reply held no acknowledgement for ${id}`,
          retryable: false,
        });
      const outcome = ackOutcome(acks, id);
      // The real receipt names only the group: each order's id and status come from its detail.
      const found = outcome.orderId === '' ? await lookup(client, accountId, id, callOpts) : undefined;
      outcomes.push(found?.kind === 'found' ? fromRecord(found.order, 'reply') : outcome);
    }
    return outcomes;
  };
  let firstError: unknown;
  try {
    return await send();
  } catch (error) {
    if (!isAmbiguous(error) && !isDuplicate(error)) throw error;
    firstError = error;
  }
  const found = await lookup(client, accountId, first, callOpts);
  if (found.kind === 'unknown') throw outcomeUnknown(first, 'order group', found.error);
  if (found.kind === 'found') {
    const outcomes: OrderOutcome[] = [];
    for (const id of ids) {
      const l = await lookup(client, accountId, id, callOpts);
      if (l.kind !== 'found') throw outcomeUnknown(id, 'order group', firstError);
      outcomes.push(fromRecord(l.order, 'detail'));
    }
    return outcomes;
  }
  try {
    return (await send()).map((o) => ({ ...o, confirmedBy: 'resend' as const }));
  } catch (error) {
    if (!isAmbiguous(error) && !isDuplicate(error)) throw error;
    throw outcomeUnknown(first, 'order group', error);
  }
}

const sameDecimal = (want: string | undefined, have: string | undefined) =>
  want === undefined || (have !== undefined && new Decimal(want).eq(new Decimal(have)));

/** Does the order as the broker has it already carry the requested change? */
function reflectsModification(order: OrderRecord, modify: ModifyOrderInput): boolean {
  return (
    sameDecimal(modify.quantity, order.quantity) &&
    sameDecimal(modify.limit_price, order.limit_price) &&
    sameDecimal(modify.stop_price, order.stop_price)
  );
}

export async function replaceOrder(
  client: OrderClient,
  accountId: string,
  modify: ModifyOrderInput,
  { option, ...opts }: OrderCallOptions = {},
): Promise<OrderOutcome> {
  const id = modify.client_order_id;
  const op = option ? 'optionOrderReplace' : 'orderReplace';
  return guarded(
    'change',
    id,
    async () =>
      ackOutcome(await client.call(op, { account_id: accountId, modify_orders: [modify] }, opts), id),
    () => lookup(client, accountId, id, opts),
    (l) => {
      if (l.kind !== 'found') return notFound(id, 'change');
      if (reflectsModification(l.order, modify)) return 'done';
      return isTerminalStatus(l.order.status) ? stateConflict(l.order, 'change') : 'resend';
    },
  );
}

export async function cancelOrder(
  client: OrderClient,
  accountId: string,
  clientOrderId: string,
  { option, ...opts }: OrderCallOptions = {},
): Promise<OrderOutcome> {
  const op = option ? 'optionOrderCancel' : 'orderCancel';
  return guarded(
    'cancel',
    clientOrderId,
    async () => {
      const r = await client.call(op, { account_id: accountId, client_order_id: clientOrderId }, opts);
      return {
        clientOrderId: r.client_order_id,
        orderId: r.order_id,
        status: r.status,
        confirmedBy: 'reply',
      };
    },
    () => lookup(client, accountId, clientOrderId, opts),
    (l) => {
      if (l.kind !== 'found') return notFound(clientOrderId, 'cancel');
      if (l.order.status === 'CANCELLED') return 'done';
      return isTerminalStatus(l.order.status) ? stateConflict(l.order, 'cancel') : 'resend';
    },
  );
}
