import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from './client';
import { cancelOrder, placeOrder, replaceOrder, type NewOrderInput } from './order-placement';
import { newClientOrderId } from '../../shared/trading';
import {
  json,
  startLoopback,
  testEnvironment,
  TEST_CREDENTIALS,
  type Loopback,
  type SeenRequest,
} from './testing/loopback-server';

let server: Loopback | undefined;
let client: OpenApiClient | undefined;
afterEach(async () => {
  client?.close();
  await server?.close();
});

const record = (id: string, over: Record<string, unknown> = {}) => ({
  client_order_id: id,
  order_id: `o-${id.slice(0, 6)}`,
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '100',
  status: 'SUBMITTED',
  place_time: 1,
  update_time: 1,
  ...over,
});

type Behaviour = 'ok' | 'accept-then-drop' | 'drop-before-accept' | 'html-502';

/** A broker that keeps orders by client_order_id and misbehaves on order POSTs as told, in turn. */
async function broker(placeBehaviours: Behaviour[], initial: Record<string, Record<string, unknown>> = {}) {
  const orders = new Map<string, Record<string, unknown>>(Object.entries(initial));
  const behave = (res: http.ServerResponse, raw: http.IncomingMessage, apply: () => unknown) => {
    const b = placeBehaviours.length > 1 ? placeBehaviours.shift() : placeBehaviours[0];
    if (b === 'drop-before-accept') return raw.socket.destroy();
    const reply = apply();
    if (b === 'accept-then-drop') return raw.socket.destroy();
    if (b === 'html-502') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>bad gateway</html>');
    }
    json(res, 200, reply);
  };
  server = await startLoopback((req: SeenRequest, res, raw) => {
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    switch (req.path) {
      case '/openapi/config':
        return json(res, 200, { token_check_enabled: false });
      case '/openapi/trade/order/place':
      case '/openapi/trade/option/order/place':
        return behave(res, raw, () => {
          const o = (body.new_orders as Array<{ client_order_id: string }>)[0];
          if (!o) throw new Error('no order');
          orders.set(o.client_order_id, record(o.client_order_id));
          return [
            {
              client_order_id: o.client_order_id,
              order_id: `o-${o.client_order_id.slice(0, 6)}`,
              status: 'SUBMITTED',
            },
          ];
        });
      case '/openapi/trade/order/replace':
        return behave(res, raw, () => {
          const m = (body.modify_orders as Array<{ client_order_id: string; limit_price?: string }>)[0];
          if (!m) throw new Error('no modify');
          const o = orders.get(m.client_order_id) ?? {};
          orders.set(m.client_order_id, { ...o, limit_price: m.limit_price ?? o.limit_price });
          return [{ client_order_id: m.client_order_id, order_id: String(o.order_id) }];
        });
      case '/openapi/trade/order/cancel':
        return behave(res, raw, () => {
          const id = String(body.client_order_id);
          const o = orders.get(id) ?? {};
          orders.set(id, { ...o, status: 'CANCELLED' });
          return { client_order_id: id, order_id: String(o.order_id), status: 'CANCELLED' };
        });
      case '/openapi/trade/order/detail': {
        const id = req.query.find(([n]) => n === 'client_order_id')?.[1] ?? '';
        const o = orders.get(id);
        return o
          ? json(res, 200, o)
          : json(res, 404, { error_code: 'NOT_FOUND', message: 'order not found' });
      }
      default:
        return json(res, 404, { error_code: 'NOT_FOUND', message: req.path });
    }
  });
  client = createOpenApiClient({
    environment: testEnvironment(server.url),
    credentials: TEST_CREDENTIALS,
    retry: { sleep: async () => undefined },
  });
  const s = server;
  return {
    client,
    orders,
    count: (suffix: string) => s.seen.filter((r) => r.path.endsWith(suffix)).length,
    seen: s.seen,
  };
}

const order = (id: string): NewOrderInput => ({
  client_order_id: id,
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  order_type: 'LIMIT',
  limit_price: '100',
  quantity: '10',
  side: 'BUY',
  time_in_force: 'DAY',
});

describe('placeOrder after an ambiguous failure', () => {
  it('server accepted then dropped the connection: detail finds it, no second order', async () => {
    const { client, orders, count } = await broker(['accept-then-drop']);
    const id = newClientOrderId();
    const outcome = await placeOrder(client, 'A1', order(id));
    expect(outcome).toMatchObject({ clientOrderId: id, confirmedBy: 'detail', status: 'SUBMITTED' });
    expect(count('/order/place')).toBe(1);
    expect(count('/order/detail')).toBe(1);
    expect(orders.size).toBe(1);
  });

  it('server dropped before accepting: one re-send with the same client_order_id', async () => {
    const { client, orders, count, seen } = await broker(['drop-before-accept', 'ok']);
    const id = newClientOrderId();
    const outcome = await placeOrder(client, 'A1', order(id));
    expect(outcome).toMatchObject({ clientOrderId: id, confirmedBy: 'resend' });
    const places = seen.filter((r) => r.path.endsWith('/order/place'));
    expect(places).toHaveLength(2);
    expect(places[0]?.body).toBe(places[1]?.body);
    expect(count('/order/detail')).toBe(1);
    expect(orders.size).toBe(1);
  });

  it('a 5xx with no error body is ambiguous too (option twin)', async () => {
    const { client, count } = await broker(['html-502']);
    const id = newClientOrderId();
    await expect(placeOrder(client, 'A1', order(id), { option: true })).resolves.toMatchObject({
      confirmedBy: 'detail',
    });
    expect(count('/option/order/place')).toBe(1);
  });

  it('still unknown after the one re-send: ORDER_OUTCOME_UNKNOWN, not retryable', async () => {
    const { client, count } = await broker(['drop-before-accept']);
    await expect(placeOrder(client, 'A1', order(newClientOrderId()))).rejects.toMatchObject({
      code: 'ORDER_OUTCOME_UNKNOWN',
      retryable: false,
      message: expect.stringContaining('open orders'),
    });
    expect(count('/order/place')).toBe(2);
    expect(count('/order/detail')).toBe(2);
  });

  it('a clear rejection is returned as is, with no lookup and no re-send', async () => {
    server = await startLoopback((req, res) => {
      if (req.path === '/openapi/config') return json(res, 200, { token_check_enabled: false });
      json(res, 400, { error_code: 'INSUFFICIENT_BUYING_POWER', message: 'not enough' });
    });
    client = createOpenApiClient({ environment: testEnvironment(server.url), credentials: TEST_CREDENTIALS });
    await expect(placeOrder(client, 'A1', order(newClientOrderId()))).rejects.toMatchObject({
      code: 'INSUFFICIENT_BUYING_POWER',
    });
    expect(server.seen.map((r) => r.path)).toEqual(['/openapi/config', '/openapi/trade/order/place']);
  });
});

describe('replace and cancel check detail before re-sending', () => {
  it('cancel: accepted then dropped → detail says CANCELLED → done, no second cancel', async () => {
    const id = newClientOrderId();
    const b = await broker(['accept-then-drop'], { [id]: record(id) });
    await expect(cancelOrder(b.client, 'A1', id)).resolves.toMatchObject({
      confirmedBy: 'detail',
      status: 'CANCELLED',
    });
    expect(b.count('/order/cancel')).toBe(1);
  });

  it('cancel: the order filled meanwhile → ORDER_STATE_CONFLICT', async () => {
    const id = newClientOrderId();
    const b = await broker(['drop-before-accept'], {
      [id]: record(id, { status: 'FILLED', filled_quantity: '10' }),
    });
    await expect(cancelOrder(b.client, 'A1', id)).rejects.toMatchObject({ code: 'ORDER_STATE_CONFLICT' });
    expect(b.count('/order/cancel')).toBe(1);
  });

  it('replace: dropped before accepting → detail shows the old price → one re-send → done', async () => {
    const id = newClientOrderId();
    const b = await broker(['drop-before-accept', 'ok'], { [id]: record(id) });
    await expect(
      replaceOrder(b.client, 'A1', { client_order_id: id, limit_price: '101.50' }),
    ).resolves.toMatchObject({ confirmedBy: 'resend' });
    expect(b.count('/order/replace')).toBe(2);
    expect(b.orders.get(id)?.limit_price).toBe('101.50');
  });

  it('replace: accepted then dropped → detail already shows the change → done', async () => {
    const id = newClientOrderId();
    const b = await broker(['accept-then-drop'], { [id]: record(id) });
    await expect(
      replaceOrder(b.client, 'A1', { client_order_id: id, limit_price: '101.5' }),
    ).resolves.toMatchObject({ confirmedBy: 'detail' });
    expect(b.count('/order/replace')).toBe(1);
  });
});
