import { z } from 'zod';
import { position, type Position } from '../openapi/records/accounts';
import { orderRecord, type OrderRecord } from '../openapi/records/orders';
import { POSITION_EVENT_KINDS, TRADE_EVENT_KIND } from './events';

/**
 * The JSON text in `SubscribeResponse.payload` of a data message (contentType `application/json`).
 * The real payload fields are not published (the API's documentation does not show the position events' fields), so
 * Bullpen defines them: the record the HTTP API returns for the same thing, flat, plus
 *   `event`       1024 (order status changed) or 1028 (position changed), same as `eventType`;
 *   `account_id`  the account the event belongs to;
 *   `event_time`  Unix ms when it happened.
 * Order:    {"event":1024,"account_id":"…","event_time":…, …OrderRecord (client_order_id, status…)}
 * Position: {"event":1028,"account_id":"…","event_time":…, …Position (symbol, quantity…)}
 */
export type TradeEventMessage =
  | { kind: 'order'; accountId: string; time: number; order: OrderRecord }
  | { kind: 'position'; accountId: string; time: number; position: Position };

const envelope = z.looseObject({ event: z.number().int(), account_id: z.string(), event_time: z.number() });

export function orderEventPayload(accountId: string, time: number, order: OrderRecord): string {
  return JSON.stringify({ ...order, event: TRADE_EVENT_KIND.order, account_id: accountId, event_time: time });
}

export function positionEventPayload(accountId: string, time: number, pos: Position): string {
  return JSON.stringify({
    ...pos,
    event: TRADE_EVENT_KIND.position,
    account_id: accountId,
    event_time: time,
  });
}

function withoutEnvelope(value: Record<string, unknown>, keepAccountId: boolean): Record<string, unknown> {
  const { event: _event, event_time: _time, account_id: accountId, ...rest } = value;
  return keepAccountId ? { ...rest, account_id: accountId } : rest;
}

/**
 * Parses a data message. `kind` is the message's eventType when it names one, else the payload's
 * `event`. Returns an error text (never throws) so the stream can report and go on.
 */
export function parseTradeEventPayload(
  eventType: number,
  payload: string,
): TradeEventMessage | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch (err) {
    return { error: `payload is not JSON: ${(err as Error).message}` };
  }
  const head = envelope.safeParse(json);
  if (!head.success) return { error: `payload envelope: ${head.error.issues[0]?.message ?? 'invalid'}` };
  const kind = eventType >= 1024 ? eventType : head.data.event;
  const accountId = head.data.account_id;
  const time = head.data.event_time;
  if (kind === TRADE_EVENT_KIND.order) {
    const order = orderRecord.safeParse(withoutEnvelope(head.data, true));
    if (!order.success) return { error: `order event: ${order.error.issues[0]?.message ?? 'invalid'}` };
    return { kind: 'order', accountId, time, order: order.data };
  }
  if (POSITION_EVENT_KINDS.includes(kind)) {
    const pos = position.safeParse(withoutEnvelope(head.data, false));
    if (!pos.success) return { error: `position event: ${pos.error.issues[0]?.message ?? 'invalid'}` };
    return { kind: 'position', accountId, time, position: pos.data };
  }
  return { error: `unknown event kind ${kind}` };
}
