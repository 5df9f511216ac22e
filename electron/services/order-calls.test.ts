import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionEnvironment } from '../../shared/environments';
import { OPERATION_IDS, operations } from '../../shared/openapi/operations';
import { createOpenApiClient, type OpenApiClient } from '../openapi/client';
import { newClientOrderId } from '../openapi/order-placement';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { callOrderOperation, ORDER_OPERATIONS } from './order-calls';

/**
 * A proxy in front of the sandbox that can lose the reply of the next order POST — after the
 * sandbox acted (`afterForward`) or before it saw anything (`beforeForward`): the two ambiguous
 * failures the renderer's order calls must survive without losing or doubling an order.
 */
type Fault = 'none' | 'afterForward' | 'beforeForward';

describe('order calls from the renderer use the order discipline', () => {
  const RTH = Date.parse('2026-11-18T15:00:00Z');
  let sandbox: SandboxHandle;
  let proxy: Server;
  let fault: Fault = 'none';
  let client: OpenApiClient;
  let accountId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ clock: () => RTH }, { httpOnly: true });
    const target = new URL(sandbox.apiUrl);
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const isPlace = req.method === 'POST' && (req.url ?? '').startsWith('/openapi/trade/order/place');
        const mode = isPlace ? fault : 'none';
        if (isPlace) fault = 'none';
        if (mode === 'beforeForward') return req.socket.destroy();
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (up) => {
            const body: Buffer[] = [];
            up.on('data', (c: Buffer) => body.push(c));
            up.on('end', () => {
              if (mode === 'afterForward') return req.socket.destroy();
              res.writeHead(up.statusCode ?? 502, up.headers);
              res.end(Buffer.concat(body));
            });
          },
        );
        upstream.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    client = createOpenApiClient({
      environment: {
        ...regionEnvironment('us', 'proxy'),
        apiBaseUrl: `http://127.0.0.1:${port}`,
        quotesUrl: 'mqtt://127.0.0.1:1',
        eventsAddress: '127.0.0.1:1',
        eventsTls: false,
      },
      credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
      now: () => RTH,
    });
    const accounts = await client.call('accountList', {});
    accountId = accounts.find((a) => a.account_type === 'MARGIN')?.account_id ?? '';
  });
  afterAll(async () => {
    client.close();
    await new Promise((resolve) => proxy.close(resolve));
    await sandbox.stop();
  });

  const order = (id: string) => ({
    client_order_id: id,
    instrument_type: 'EQUITY' as const,
    symbol: 'AAPL',
    market: 'US' as const,
    order_type: 'LIMIT' as const,
    limit_price: '1.00',
    quantity: '1',
    side: 'BUY' as const,
    time_in_force: 'DAY' as const,
  });
  const historyCount = async (id: string) =>
    (await client.call('ordersHistory', { account_id: accountId, page_size: 100 })).filter(
      (o) => o.client_order_id === id,
    ).length;

  it('covers every order POST of the catalogue', () => {
    const orderOps = OPERATION_IDS.filter((id) => operations[id].kind === 'order');
    expect([...ORDER_OPERATIONS].sort()).toEqual(orderOps.sort());
  });

  it('a reply lost after the sandbox placed the order: found by detail, placed once', async () => {
    const id = newClientOrderId();
    fault = 'afterForward';
    const acks = await callOrderOperation(client, 'orderPlace', {
      account_id: accountId,
      new_orders: [order(id)],
    });
    expect(acks).toHaveLength(1);
    expect(acks[0]?.client_order_id).toBe(id);
    expect(acks[0]?.order_id).toMatch(/\S/);
    expect(await historyCount(id)).toBe(1);
  });

  it('a request lost before the sandbox saw it: sent once more with the same id, placed once', async () => {
    const id = newClientOrderId();
    fault = 'beforeForward';
    const acks = await callOrderOperation(client, 'orderPlace', {
      account_id: accountId,
      new_orders: [order(id)],
    });
    expect(acks[0]?.client_order_id).toBe(id);
    expect(await historyCount(id)).toBe(1);
  });

  it('a plain client.call would have surfaced the same loss as an error', async () => {
    fault = 'afterForward';
    await expect(
      client.call('orderPlace', { account_id: accountId, new_orders: [order(newClientOrderId())] }),
    ).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('cancel keeps the catalogue reply shape', async () => {
    const id = newClientOrderId();
    await callOrderOperation(client, 'orderPlace', { account_id: accountId, new_orders: [order(id)] });
    const cancelled = await callOrderOperation(client, 'orderCancel', {
      account_id: accountId,
      client_order_id: id,
    });
    expect(cancelled).toMatchObject({ client_order_id: id, status: 'CANCELLED' });
  });
});
