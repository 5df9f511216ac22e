import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeOrder, type NewOrderInput } from '../../electron/openapi/order-placement';
import { newClientOrderId } from '../../shared/trading';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createAppEngine, type AppEngine } from '../../electron/services/app-engine';
import { defaultEngineParts } from '../../electron/services/default-engine-parts';
import { createTestCipher } from '../../electron/standin/test-cipher';
import { testTempDir } from '../../electron/testing/temp-dir';
import { Decimal } from '../../shared/decimal';
import type { LinkState } from '../../shared/ipc/app-types';
import type { TradeEventMessage } from '../../shared/ipc/streams';
import { WAIT } from './helpers';
import { startTcpLink, type TcpLink } from './tcp-link';

/**
 * The gRPC trade-event link dropped and restored under the real engine (session manager, signed
 * HTTP client, trade-event client) against the real sandbox: the sandbox keeps running and trading
 * while only the events link is cut (a TCP relay in between). Events are not replayed by the
 * server, so what happened meanwhile must come from re-reading orders and positions, which the
 * renderer does on the `events: reconnecting → live` change main publishes (use-trade-events.ts).
 */
const T0 = Date.parse('2026-11-18T15:00:00Z'); // Wednesday, regular session: market orders fill at once
const MARGIN = 'SBXM00000001';

let engine: AppEngine | undefined;
let sandbox: SandboxHandle | undefined;
let link: TcpLink | undefined;
afterEach(async () => {
  await engine?.close();
  await link?.close();
  await sandbox?.stop();
  engine = sandbox = link = undefined;
});

function startEngine(): AppEngine {
  return createAppEngine({
    userDataDir: testTempDir('bullpen-events-drop-'),
    cipher: createTestCipher({ available: true }),
    parts: (deps) => ({
      ...defaultEngineParts(deps),
      // The sandbox in this process (its market clock pinned), its events listener behind the relay.
      async startSandbox(options) {
        sandbox = await startSandbox(
          { ...options, marketStartAt: T0, replayWhenClosed: false },
          { log: () => undefined, pingIntervalMs: 500 },
        );
        link = await startTcpLink(sandbox.eventsAddress);
        return { ...sandbox, eventsAddress: link.address };
      },
    }),
    send: () => undefined,
    openPanel: () => ({ windowId: 1 }),
    openExternal: () => Promise.resolve(),
    ask: (q) => Promise.resolve(q.cancelId === 0 ? 1 : 0),
  });
}

const marketBuy = (quantity: string): NewOrderInput => ({
  client_order_id: newClientOrderId(),
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  market: 'US',
  order_type: 'MARKET',
  quantity,
  side: 'BUY',
  time_in_force: 'DAY',
  support_trading_session: 'CORE',
  entrust_type: 'QTY',
});

describe('trade-event link dropped and restored', () => {
  it('reconnects, loses and repeats nothing, and a re-read shows what happened while it was down', async () => {
    engine = startEngine();
    const sessions = engine.sessions;
    const session = await sessions.ensure();
    const events: TradeEventMessage[] = [];
    const links: LinkState[] = [];
    sessions.onTradeEvent((e) => events.push(e));
    sessions.onConnection((c) => {
      if (links.at(-1) !== c.events) links.push(c.events);
    });
    await vi.waitFor(() => expect(sessions.connection().events).toBe('live'), WAIT);
    const statuses = (id: string) =>
      events.flatMap((e) =>
        e.kind === 'order' && e.payload.client_order_id === id ? [e.payload.status] : [],
      );
    const aapl = async () =>
      new Decimal(
        (await session.client.call('positions', { account_id: MARGIN })).find((p) => p.symbol === 'AAPL')
          ?.quantity ?? '0',
      );
    const held = await aapl();

    const before = marketBuy('1');
    await placeOrder(session.client, MARGIN, before);
    await vi.waitFor(() => expect(statuses(before.client_order_id)).toContain('FILLED'), WAIT);

    // The link goes; the sandbox keeps trading. An order placed now fills with nobody listening.
    if (!link) throw new Error('no relay');
    await link.cut();
    await vi.waitFor(() => expect(sessions.connection().events).toBe('reconnecting'), WAIT);
    const during = marketBuy('2');
    await placeOrder(session.client, MARGIN, during);
    const history = () => session.client.call('ordersHistory', { account_id: MARGIN, page_size: 100 });
    expect((await history()).find((o) => o.client_order_id === during.client_order_id)?.status).toBe(
      'FILLED',
    );

    await link.restore();
    await vi.waitFor(() => expect(sessions.connection().events).toBe('live'), {
      ...WAIT,
      timeout: 15_000,
    });
    expect(links.slice(-3)).toEqual(['live', 'reconnecting', 'live']);

    // The re-read the renderer makes on that change: every order once, the position complete.
    const reread = await history();
    for (const o of [before, during])
      expect(reread.filter((r) => r.client_order_id === o.client_order_id).map((r) => r.status)).toEqual([
        'FILLED',
      ]);
    expect((await aapl()).eq(held.plus(3))).toBe(true);

    // The stream carries on: a new order's events arrive once each; nothing earlier comes again.
    const after = marketBuy('4');
    await placeOrder(session.client, MARGIN, after);
    await vi.waitFor(() => expect(statuses(after.client_order_id)).toContain('FILLED'), WAIT);
    await vi.waitFor(
      () =>
        expect(
          events.some((e) => e.kind === 'position' && new Decimal(e.payload.quantity).eq(held.plus(7))),
        ).toBe(true),
      WAIT,
    );
    expect(statuses(before.client_order_id)).toEqual(['SUBMITTED', 'FILLED']);
    expect(statuses(during.client_order_id)).toEqual([]);
    expect(statuses(after.client_order_id)).toEqual(['SUBMITTED', 'FILLED']);
  });
});
