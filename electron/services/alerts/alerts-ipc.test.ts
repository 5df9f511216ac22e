import { afterEach, describe, expect, it } from 'vitest';
import type { OpenApiClient } from '../../openapi/client';
import type { RunningSandbox } from '../../../sandbox/index';
import { createTestCipher } from '../../standin/test-cipher';
import { createAppEngine, type AppEngine } from '../app-engine';
import { testTempDir } from '../../testing/temp-dir';

/** The alerts operations through main's dispatcher: every input validated, errors name the field. */
describe('alerts over IPC', () => {
  let engine: AppEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  function start(marketTime?: RunningSandbox['marketTime']) {
    engine = createAppEngine({
      userDataDir: testTempDir('bullpen-alerts-ipc-'),
      cipher: createTestCipher({ available: true }),
      parts: () => ({
        startSandbox: (opts) =>
          Promise.resolve({
            apiUrl: 'http://127.0.0.1:1',
            mqttUrl: 'mqtt://127.0.0.1:2',
            eventsAddress: '127.0.0.1:3',
            appKey: opts.appKey ?? '',
            appSecret: opts.appSecret ?? '',
            algorithm: 'HMAC-SHA1',
            market: {} as RunningSandbox['market'],
            marketClock: { mode: 'live' },
            marketTime,
            stop: () => Promise.resolve(),
          } satisfies RunningSandbox),
        createClient: () =>
          ({
            ready: () => Promise.resolve(),
            // The instrument list main checks an alert's symbol against; no other call is made.
            call: (op: string, params: { category?: string; last_instrument_id?: string }) =>
              op === 'instruments' && params.category === 'US_STOCK' && !params.last_instrument_id
                ? Promise.resolve([{ symbol: 'AAPL', instrument_id: '1', name: 'Apple Inc.' }])
                : op === 'instruments'
                  ? Promise.resolve([])
                  : Promise.reject(new Error('no calls here')),
            budget: () => ({ limit: 300, used: 0, remaining: 300, queued: 0, resetInMs: 0 }),
            onBudget: () => () => undefined,
            close: () => undefined,
          }) as unknown as OpenApiClient,
      }),
      send: () => undefined,
      openPanel: () => ({ windowId: 2 }),
      openExternal: () => Promise.resolve(),
      ask: (q) => Promise.resolve(q.cancelId),
    });
    const call = (op: string, input: unknown) => engine?.dispatcher.dispatch(op, input, { senderId: 1 });
    return { call };
  }

  it.each([
    [{ symbol: 'aapl', condition: { kind: 'above', price: '1' } }, 'symbol'],
    [{ symbol: 'AAPL', condition: { kind: 'above', price: '-1' } }, 'condition.price'],
    [{ symbol: 'AAPL', condition: { kind: 'above', price: 190 } }, 'condition.price'],
    [{ symbol: 'AAPL', condition: { kind: 'moveUp', percent: 'lots' } }, 'condition.percent'],
    [{ symbol: 'AAPL', condition: { kind: 'upish', price: '1' } }, 'condition.kind'],
    [{ symbol: 'AAPL', category: 'US_OPTION', condition: { kind: 'above', price: '1' } }, 'category'],
    [{ symbol: 'AAPL', condition: { kind: 'above', price: '1' }, extra: true }, '(input)'],
    [{ symbol: 'AAPL', condition: { kind: 'above', price: '1' }, note: 'n'.repeat(201) }, 'note'],
  ])('alerts.create refuses %j naming %s', async (input, field) => {
    const { call } = start();
    const reply = await call('alerts.create', input);
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (reply && !reply.ok) expect(reply.error.message).toContain(`${field}:`);
    expect(await call('alerts.list', {})).toMatchObject({ ok: true, value: { alerts: [] } });
  });

  it('alerts.create refuses a symbol the environment does not list, naming symbol', async () => {
    const { call } = start();
    const reply = await call('alerts.create', { symbol: 'ZZZZZ', condition: { kind: 'above', price: '1' } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'symbol' } });
    if (reply && !reply.ok) expect(reply.error.message).toContain('ZZZZZ');
    expect(await call('alerts.list', {})).toMatchObject({ ok: true, value: { alerts: [] } });
  });

  it('dates an alert on the market clock the sandbox reports, not the wall clock', async () => {
    // Pinned to Wednesday 18 Nov 2026, 10:30 New York, read just now.
    const marketAt = Date.parse('2026-11-18T15:30:00Z');
    const { call } = start({ mode: 'pinned', marketAt, wallAt: Date.now() });
    const created = await call('alerts.create', { symbol: 'AAPL', condition: { kind: 'above', price: '1' } });
    const createdAt = created?.ok ? (created.value as { createdAt: number }).createdAt : 0;
    expect(createdAt).toBeGreaterThanOrEqual(marketAt);
    expect(createdAt).toBeLessThan(marketAt + 60_000);
  });

  it('creates, lists, edits, re-arms and removes; unknown ids are NOT_FOUND on id', async () => {
    const { call } = start();
    const created = await call('alerts.create', {
      symbol: 'AAPL',
      condition: { kind: 'cross', price: '190.25' },
    });
    expect(created).toMatchObject({
      ok: true,
      value: { symbol: 'AAPL', category: 'US_STOCK', status: 'armed' },
    });
    const id = created?.ok ? (created.value as { id: string }).id : '';
    expect(await call('alerts.update', { id, condition: { kind: 'below', price: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'condition.price' },
    });
    expect(await call('alerts.update', { id, note: 'earnings' })).toMatchObject({
      ok: true,
      value: { note: 'earnings', condition: { kind: 'cross', price: '190.25' } },
    });
    expect(await call('alerts.rearm', { id })).toMatchObject({ ok: true, value: { status: 'armed' } });
    expect(await call('alerts.rearm', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
    expect(await call('alerts.remove', { id: '../../etc' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'id' },
    });
    expect(await call('alerts.remove', { id })).toEqual({ ok: true, value: { removed: true } });
    expect(await call('alerts.list', {})).toMatchObject({
      ok: true,
      value: { environmentId: 'sandbox', alerts: [] },
    });
  });
});
