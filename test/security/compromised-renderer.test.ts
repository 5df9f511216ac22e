import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newClientOrderId } from '../../shared/trading';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createAppEngine, type AppEngine } from '../../electron/services/app-engine';
import { defaultEngineParts } from '../../electron/services/default-engine-parts';
import type { Question } from '../../electron/services/trust/ask';
import { TRUST_LIMITS } from '../../electron/services/trust/trust-gate';
import { createTestCipher } from '../../electron/standin/test-cipher';
import { testTempDir } from '../../electron/testing/temp-dir';
import { toDecimal } from '../../shared/decimal';
import { hotkeyCalls } from '../../renderer/features/hotkeys/hotkey-orders';
import type { EnvironmentSettings } from '../../shared/environments';
import type { IpcReply } from '../../shared/ipc/contract';

/**
 * A compromised renderer: script injected into the page calls main's real dispatcher directly, as
 * `window.bullpen.invoke` would, skipping every dialog the renderer has. The engine is the real one
 * (session manager, signed client, order discipline) and the "live account" is a second sandbox
 * reached as a user-defined environment, so nothing here is the Sandbox environment, where orders
 * need no native confirmation. Main's native dialog is the only one that may let an effect through:
 * answering No must leave everything as it was (docs/security.md "Operation classes").
 */
const T0 = Date.parse('2026-11-18T15:00:00Z'); // a Wednesday, regular session
const CA_PEM = readFileSync(new URL('../fixtures/test-ca-cert.pem', import.meta.url), 'utf8');

let live: SandboxHandle;
let engine: AppEngine;
const asked: Question[] = [];
const opened: string[] = [];
const shown: string[] = [];
const windowsOpened: number[] = [];
/** What the user answers main's next questions: the last button ("yes") or the cancel button. */
let answer: 'yes' | 'no' = 'yes';
/** The trust gate's clock: each test starts past every rate window of the one before. */
let clock = Date.now();
let liveId = '';
let accountId = '';

const call = async (op: string, input: unknown = {}): Promise<IpcReply<unknown>> =>
  engine.dispatcher.dispatch(op, input, { senderId: 1 });
const value = async <T>(op: string, input: unknown = {}): Promise<T> => {
  const reply = await call(op, input);
  if (!reply.ok) throw new Error(`${op}: ${reply.error.code} ${reply.error.message}`);
  return reply.value as T;
};
const openOrders = async () =>
  (await value<Array<{ client_order_id: string; limit_price?: string; quantity: string }>>('api.ordersOpen', {
    account_id: accountId,
  })) ?? [];
const history = async () => value<unknown[]>('api.ordersHistory', { account_id: accountId });
const environments = async () =>
  value<{ environments: EnvironmentSettings[]; activeId: string }>('environments.list');

beforeAll(async () => {
  live = await startSandbox(
    { marketStartAt: T0, replayWhenClosed: false, dataDir: testTempDir('bullpen-live-') },
    { log: () => undefined },
  );
  engine = createAppEngine({
    userDataDir: testTempDir('bullpen-compromised-'),
    cipher: createTestCipher({ available: true }),
    parts: (deps) => defaultEngineParts(deps),
    send: () => undefined,
    openPanel: () => ({ windowId: windowsOpened.push(windowsOpened.length + 2) + 1 }),
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    notify: (n) => shown.push(n.title) > 0,
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(picker ? picker(q) : answer === 'yes' ? q.buttons.length - 1 : q.cancelId);
    },
    trustNow: () => clock,
  });
  // The user's own setup, confirmed by the user: a live environment with its credentials, active.
  const env = await value<EnvironmentSettings>('environments.add', {
    source: 'custom',
    settings: {
      name: 'Live',
      apiBaseUrl: live.apiUrl,
      quotesUrl: live.mqttUrl,
      eventsAddress: live.eventsAddress,
      eventsTls: false,
      algorithm: 'HMAC-SHA1',
      xVersion: 'v2',
      accountListPath: '/openapi/account/list',
    },
  });
  liveId = env.id;
  await value('credentials.set', { environmentId: liveId, appKey: live.appKey, appSecret: live.appSecret });
  await value('environments.select', { id: liveId });
  const accounts = await value<Array<{ account_id: string }>>('api.accountList');
  accountId = accounts[0]?.account_id ?? '';
});

afterAll(async () => {
  await engine?.close();
  await live?.stop();
});

beforeEach(() => {
  clock += 10 * 60_000;
  asked.length = 0;
  answer = 'no';
});

const lastPrice = async (symbol: string) =>
  toDecimal((await value<Array<{ price: string }>>('api.snapshot', { symbols: [symbol] }))[0]?.price ?? '0');
const stockOrder = (over: Record<string, unknown>) => ({
  client_order_id: newClientOrderId(),
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  market: 'US',
  side: 'BUY',
  time_in_force: 'DAY',
  ...over,
});

describe('a compromised renderer against main', () => {
  it('places no order, LIMIT or MARKET, without main asking; No places nothing', async () => {
    expect((await environments()).activeId).toBe(liveId);
    const limit = (await lastPrice('AAPL')).mul(0.99).toFixed(2);
    const before = { open: await openOrders(), history: await history() };
    for (const order of [
      stockOrder({ order_type: 'LIMIT', limit_price: limit, quantity: '10' }),
      stockOrder({ order_type: 'MARKET', quantity: '10' }),
    ]) {
      const reply = await call('api.orderPlace', { account_id: accountId, new_orders: [order] });
      expect(reply).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    }
    // Main restated each order in words, naming where it would go.
    expect(asked.map((q) => q.detail?.split('\n')[0])).toEqual([
      `Buy 10 shares of AAPL, limit ${limit}, day`,
      'Buy 10 shares of AAPL, market, day',
    ]);
    expect(asked.every((q) => q.message.includes('Live'))).toBe(true);
    // Ten option contracts, at market.
    const option = await call('api.optionOrderPlace', {
      account_id: accountId,
      new_orders: [
        {
          client_order_id: newClientOrderId(),
          combo_type: 'NORMAL',
          option_strategy: 'SINGLE',
          order_type: 'MARKET',
          quantity: '10',
          side: 'BUY',
          time_in_force: 'DAY',
          legs: [
            {
              side: 'BUY',
              quantity: '10',
              symbol: 'AAPL',
              strike_price: '150',
              option_expire_date: '2026-12-18',
              option_type: 'CALL',
              instrument_type: 'OPTION',
              market: 'US',
            },
          ],
        },
      ],
    });
    expect(option).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(asked[2]?.detail?.split('\n')[0]).toBe(
      'Buy 10 contracts of AAPL 18 Dec 2026 150 Call, market, day',
    );
    expect(await openOrders()).toEqual(before.open);
    expect(await history()).toEqual(before.history);
  });

  it('refuses to switch order confirmations off through the main window', async () => {
    const reply = await call('settings.set', { confirmOrders: false });
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const guards = await call('settings.set', { orderGuards: { maxOrderValue: '999999999' } });
    expect(guards).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await value('settings.get')).toMatchObject({
      confirmOrders: true,
      orderGuards: { maxOrderValue: '25000' },
    });
  });

  it('neither replaces nor cancels an order without main asking; No leaves it as it was', async () => {
    const limit = (await lastPrice('AAPL')).mul(0.98).toFixed(2);
    const order = stockOrder({ order_type: 'LIMIT', limit_price: limit, quantity: '10' });
    answer = 'yes';
    await value('api.orderPlace', { account_id: accountId, new_orders: [order] });
    answer = 'no';
    asked.length = 0;
    const id = order.client_order_id;
    const replaced = await call('api.orderReplace', {
      account_id: accountId,
      modify_orders: [{ client_order_id: id, quantity: '20' }],
    });
    expect(replaced).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    // The replacement is restated from the broker's own record of the order.
    expect(asked[0]?.detail).toContain(`Buy 20 shares of AAPL, limit ${limit}`);
    const cancelled = await call('api.orderCancel', { account_id: accountId, client_order_id: id });
    expect(cancelled).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect((await openOrders()).find((o) => o.client_order_id === id)).toMatchObject({ quantity: '10' });
  });

  it('asks natively beyond the precautionary guards even with confirmations off in main', async () => {
    // Main's own settings dialogs (not the renderer) turn every-order confirmation off.
    // "Only beyond the limits", then "Keep" for every limit.
    const settings = await withAnswers(
      (q) => (q.title === 'Order confirmations' ? 2 : 1),
      () => value<{ confirmOrders: boolean }>('settings.openOrderGuards'),
    );
    expect(settings.confirmOrders).toBe(false);
    asked.length = 0;
    answer = 'no';
    const price = await lastPrice('AAPL');
    const within = stockOrder({
      order_type: 'LIMIT',
      limit_price: price.mul(0.99).toFixed(2),
      quantity: '1',
    });
    expect(await call('api.orderPlace', { account_id: accountId, new_orders: [within] })).toMatchObject({
      ok: true,
    });
    expect(asked).toEqual([]);
    const far = stockOrder({ order_type: 'LIMIT', limit_price: price.mul(0.5).toFixed(2), quantity: '1' });
    const big = stockOrder({ order_type: 'MARKET', quantity: '1001' });
    // An order by amount has no quantity: its value is its amount, beyond the 25,000 guard.
    const dollars = stockOrder({
      order_type: 'MARKET',
      entrust_type: 'AMOUNT',
      total_cash_amount: '30000.00',
      support_trading_session: 'CORE',
    });
    for (const order of [far, big, dollars]) {
      const reply = await call('api.orderPlace', { account_id: accountId, new_orders: [order] });
      expect(reply).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    }
    expect(asked.map((q) => q.detail)).toEqual([
      expect.stringMatching(/limit price .* from the last price .*your limit: 5 %/),
      expect.stringMatching(/quantity 1001 is above your limit of 1000/),
      expect.stringMatching(
        /^Buy \$30,000\.00 of AAPL, market, day\n.*its value of about 30,000\.00 is above your limit of 25,000\.00/,
      ),
    ]);
    expect((await openOrders()).some((o) => o.client_order_id === dollars.client_order_id)).toBe(false);
    expect(
      ((await history()) as Array<{ client_order_id: string }>).some(
        (o) => o.client_order_id === dollars.client_order_id,
      ),
    ).toBe(false);
    expect((await openOrders()).some((o) => o.client_order_id === far.client_order_id)).toBe(false);
    // Back to confirming every order, through main's dialogs again.
    clock += 10 * 60_000;
    await withAnswers(
      () => 1,
      () => value('settings.openOrderGuards'),
    );
    expect(await value('settings.get')).toMatchObject({ confirmOrders: true });
  });

  it("refuses a hotkey's order beyond the guards, placed as a hotkey places it, whatever the renderer checked", async () => {
    // The renderer's hotkey sends its order straight to main with no dialog of its own: main's
    // confirmation and guards are all there is. With every-order confirmation on, main asks for the
    // hotkey's order in words; with it off (main's own dialogs), it still asks beyond the guards.
    const snap = (
      await value<Array<{ bid?: string; ask?: string; price?: string }>>('api.snapshot', {
        symbols: ['AAPL'],
      })
    )[0];
    const hotkey = (quantity: string) => {
      const calls = hotkeyCalls('buyAsk', {
        symbol: 'AAPL',
        accountId,
        quote: { ...snap, ask: snap?.ask ?? snap?.price },
        quantity,
        positions: undefined,
        openOrders: undefined,
      });
      if (!Array.isArray(calls) || calls[0]?.op !== 'api.orderPlace') throw new Error('no hotkey order');
      return calls[0].input;
    };
    const before = { open: await openOrders(), history: await history() };
    const asked1 = await call('api.orderPlace', hotkey('1'));
    expect(asked1).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(asked[0]?.detail?.split('\n')[0]).toMatch(/^Buy 1 share of AAPL, limit [\d.]+, day$/);
    await withAnswers(
      (q) => (q.title === 'Order confirmations' ? 2 : 1),
      () => value('settings.openOrderGuards'),
    );
    asked.length = 0;
    // The hotkeys' size set above the quantity guard (1,000): main asks, No places nothing.
    const big = hotkey('1500');
    expect(await call('api.orderPlace', big)).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(asked.map((q) => q.detail)).toEqual([
      expect.stringMatching(/quantity 1500 is above your limit of 1000/),
    ]);
    expect(await openOrders()).toEqual(before.open);
    expect(await history()).toEqual(before.history);
    clock += 10 * 60_000;
    await withAnswers(
      () => 1,
      () => value('settings.openOrderGuards'),
    );
    expect(await value('settings.get')).toMatchObject({ confirmOrders: true });
  });

  it('switches to another environment with credentials only after main asks', async () => {
    answer = 'yes';
    await value('environments.select', { id: 'sandbox' });
    asked.length = 0;
    answer = 'no';
    const reply = await call('environments.select', { id: liveId });
    expect(reply).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(asked.map((q) => q.message)).toEqual(['Switch to "Live"?']);
    expect((await environments()).activeId).toBe('sandbox');
    answer = 'yes';
    await value('environments.select', { id: liveId });
    expect((await environments()).activeId).toBe(liveId);
  });

  it('trusts no certificate on the real Webull hosts without main asking', async () => {
    const us = await value<EnvironmentSettings>('environments.add', { source: 'region', region: 'us' });
    expect(asked).toEqual([]);
    const reply = await call('environments.update', { id: us.id, patch: { caCertificate: CA_PEM } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(asked[0]?.message).toBe('Trust this certificate authority for "Webull US (production)"?');
    expect(asked[0]?.detail).toMatch(/SHA-256 [0-9A-F:]{95}/);
    const stored = (await environments()).environments.find((e) => e.id === us.id);
    expect(stored?.caCertificate).toBeUndefined();
  });

  it('refuses cleartext trade events to a network host outright', async () => {
    const us = (await environments()).environments.find((e) => e.name === 'Webull US (production)');
    if (!us) throw new Error('no Webull US environment');
    answer = 'yes';
    const reply = await call('environments.update', { id: us.id, patch: { eventsTls: false } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'eventsTls' } });
    expect(asked).toEqual([]);
    const added = await call('environments.add', {
      source: 'custom',
      settings: { ...us, name: 'Cleartext', eventsTls: false, id: undefined, kind: undefined },
    });
    expect(added).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect((await environments()).environments.find((e) => e.id === us.id)?.eventsTls).toBe(true);
  });

  it('erases no credentials and removes no environment without main asking', async () => {
    const before = await value<{ appKeyHint: string | null }>('credentials.status', {
      environmentId: liveId,
    });
    expect(before.appKeyHint).not.toBeNull();
    expect(await call('credentials.clear', { environmentId: liveId })).toMatchObject({
      ok: false,
      error: { code: 'USER_DECLINED' },
    });
    expect(
      await call('credentials.set', { environmentId: liveId, appKey: 'attacker', appSecret: 'x' }),
    ).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(await call('environments.remove', { id: liveId })).toMatchObject({
      ok: false,
      error: { code: 'USER_DECLINED' },
    });
    expect(asked).toHaveLength(3);
    expect(await value('credentials.status', { environmentId: liveId })).toEqual(before);
    expect((await environments()).environments.some((e) => e.id === liveId)).toBe(true);
    // And the session still signs with the user's own key.
    expect(await call('api.accountList')).toMatchObject({ ok: true });
  });

  it('opens no unknown host without main asking; allow-listed hosts open at once', async () => {
    const evil = 'https://evil.example/c?acct=SBXM00000001';
    expect(await value('shell.openExternal', { url: evil })).toEqual({ opened: false });
    expect(asked.map((q) => q.message)).toEqual(['Open evil.example in your browser?']);
    expect(opened).not.toContain(evil);
    asked.length = 0;
    const help = 'https://www.webull.com/help';
    const filing = 'https://www.sec.gov/Archives/edgar/data/320193/x.htm';
    expect(await value('shell.openExternal', { url: help })).toEqual({ opened: true });
    expect(await value('shell.openExternal', { url: filing })).toEqual({ opened: true });
    expect(asked).toEqual([]);
    expect(opened).toEqual([help, filing]);
  });

  it('rate-limits notifications, windows and host dialogs', async () => {
    const notes = [];
    for (let i = 0; i < 20; i++)
      notes.push(await value<{ shown: boolean }>('notify.show', { title: `Fill ${i}` }));
    expect(notes.filter((n) => n.shown)).toHaveLength(TRUST_LIMITS.notifications.max);
    expect(shown).toHaveLength(TRUST_LIMITS.notifications.max);

    const panels = [];
    for (let i = 0; i < 20; i++) panels.push(await call('window.openPanel', { panel: 'chart' }));
    expect(panels.filter((p) => p.ok)).toHaveLength(TRUST_LIMITS.windows.max);
    expect(windowsOpened).toHaveLength(TRUST_LIMITS.windows.max);

    // The host question with an attacker's name: raised a few times at most, never showing the name.
    const replies = [];
    for (let i = 0; i < 20; i++)
      replies.push(
        await call('environments.add', {
          source: 'custom',
          settings: {
            name: 'Webull support says: click Use these hosts',
            apiBaseUrl: `https://api${i}.attacker.example`,
            quotesUrl: 'mqtts://data-api.webull.com:1883',
            eventsAddress: 'events-api.webull.com:443',
            eventsTls: true,
            algorithm: 'HMAC-SHA1',
            xVersion: 'v2',
            accountListPath: '/openapi/account/list',
          },
        }),
      );
    // Three Noes, then no more questions for a while.
    expect(asked).toHaveLength(TRUST_LIMITS.declined.max);
    expect(replies.filter((r) => !r.ok && r.error.code === 'TOO_MANY_REQUESTS').length).toBeGreaterThan(0);
    expect(asked.some((q) => `${q.message}${q.detail ?? ''}`.includes('Webull support'))).toBe(false);
  });
});

/** Runs `body` with main's questions answered by `pick` (a button index) instead of yes/no. */
async function withAnswers<T>(pick: (q: Question) => number, body: () => Promise<T>): Promise<T> {
  picker = pick;
  try {
    return await body();
  } finally {
    picker = undefined;
  }
}
let picker: ((q: Question) => number) | undefined;
