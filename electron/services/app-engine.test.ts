import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../shared/ipc/app-types';
import type { StreamDelivery } from '../../shared/ipc/channels';
import type { OpenApiClient, OpenApiClientOptions } from '../openapi/client';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/index';
import { createTestCipher } from '../standin/test-cipher';
import { createAppEngine, type AppEngine } from './app-engine';
import { toRateBudget } from './connection-ipc';
import type { EngineParts } from './ports';
import { testTempDir } from '../testing/temp-dir';
import { EPHEMERAL_NOTE } from './vault';
import type { Question } from './trust/ask';

/**
 * The engine with fake engine parts (the real ones are exercised end to end in test/e2e): checks
 * the wiring the shell adds — sandbox credentials, restarts, token progress filtering, errors.
 */
const SECRET = 'user-secret-8c1f2a9d';
const TOKEN = 'access-token-77aa';

function fakeParts(record: {
  sandboxStarts: SandboxOptions[];
  clients: OpenApiClientOptions[];
  stops: number;
  calls: Array<{ op: string; priority: unknown }>;
}): EngineParts {
  return {
    startSandbox(opts) {
      record.sandboxStarts.push(opts);
      const running: RunningSandbox = {
        apiUrl: 'http://127.0.0.1:1',
        mqttUrl: 'mqtt://127.0.0.1:2',
        eventsAddress: '127.0.0.1:3',
        appKey: opts.appKey ?? '',
        appSecret: opts.appSecret ?? '',
        algorithm: 'HMAC-SHA1',
        market: {} as RunningSandbox['market'],
        marketClock: opts.replayWhenClosed
          ? { mode: 'replay', label: 'Replaying Fri 20 Nov 2026 regular session' }
          : { mode: 'live' },
        stop: async () => {
          record.stops += 1;
        },
      };
      return Promise.resolve(running);
    },
    createClient(opts) {
      record.clients.push(opts);
      const client = {
        ready: async () => {
          opts.onTokenProgress?.({ status: 'PENDING', token: TOKEN, secondsLeft: 300 });
          await opts.tokenStore?.save({ token: TOKEN, expires: 9_999, status: 'NORMAL' });
          opts.onTokenProgress?.({ status: 'NORMAL', token: TOKEN, secondsLeft: 0 });
        },
        call: async (op: string, _params: unknown, callOpts?: { priority?: string }) => {
          record.calls.push({ op, priority: callOpts?.priority });
          if (op === 'watchlistList') return [{ watchlist_id: 'WL1', name: 'Default', sort: 0 }];
          throw Object.assign(new Error(`failed while signing with ${opts.credentials.appSecret}`), {
            code: 'INVALID_SIGNATURE',
            message: `bad signature (${opts.credentials.appSecret})`,
            retryable: false,
            status: 401,
          });
        },
        budget: () => ({ limit: 300, used: 1, remaining: 299, queued: 0, resetInMs: 100 }),
        onBudget: () => () => undefined,
        close: () => undefined,
      };
      return client as unknown as OpenApiClient;
    },
  };
}

describe('app engine (fake engine parts)', () => {
  let engine: AppEngine | undefined;
  // What main's confirmation dialog is asked and answers.
  const asked: Question[] = [];
  let answer = true;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
    asked.length = 0;
    answer = true;
  });

  /** `files`: what the user-data folder holds before the engine starts (name → text). */
  function start(files: Record<string, string> = {}) {
    const dir = testTempDir('bullpen-engine-');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const record = {
      sandboxStarts: [] as SandboxOptions[],
      clients: [] as OpenApiClientOptions[],
      stops: 0,
      calls: [] as Array<{ op: string; priority: unknown }>,
    };
    const sent: Array<{ senderId: number; batch: StreamDelivery[] }> = [];
    const notifications: Array<{ title: string; body: string }> = [];
    engine = createAppEngine({
      userDataDir: dir,
      cipher: createTestCipher({ available: true }),
      parts: () => fakeParts(record),
      send: (senderId, batch) => sent.push({ senderId, batch }),
      openPanel: () => ({ windowId: 2 }),
      openExternal: () => Promise.resolve(),
      notify: (n) => notifications.push(n) > 0,
      ask: (question) => {
        asked.push(question);
        return Promise.resolve(answer ? 1 : question.cancelId);
      },
    });
    return { dir, record, sent, engine, notifications };
  }

  it("tells every other window a link group's instrument, never the window it came from", async () => {
    const { sent, engine: e } = start();
    e.hub.subscribe(1, 'main-links', 'links', {});
    e.hub.subscribe(2, 'popout-links', 'links', {});
    const reply = await e.dispatcher.dispatch(
      'links.publish',
      { group: 'red', symbol: 'MSFT', category: 'US_STOCK' },
      { senderId: 1 },
    );
    expect(reply).toMatchObject({ ok: true });
    e.hub.flushNow();
    const to = (id: number) => sent.filter((s) => s.senderId === id).flatMap((s) => s.batch);
    expect(to(2)).toEqual([
      {
        subscriptionId: 'popout-links',
        data: { group: 'red', instrument: { symbol: 'MSFT', category: 'US_STOCK' } },
      },
    ]);
    expect(to(1)).toEqual([]);
    // "Unlinked" is no group: nothing to tell anyone.
    const none = await e.dispatcher.dispatch(
      'links.publish',
      { group: 'none', symbol: 'MSFT', category: 'US_STOCK' },
      { senderId: 1 },
    );
    expect(none).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('forwards a background call to the client at background priority, and user otherwise', async () => {
    const { record, engine: e } = start();
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 }, { priority: 'background' });
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 }, null);
    expect(record.calls.filter((c) => c.op === 'watchlistList').map((c) => c.priority)).toEqual([
      // The first screen's calls as the session starts (first-screen-source.ts): for a window about to ask.
      'user',
      'background',
      'user',
      'user',
    ]);
  });

  it("answers the window's first watchlist.firstScreen from the calls made as the session started", async () => {
    const { record, engine: e } = start();
    // Main starts the session before the window asks.
    await e.sessions.ensure();
    const reply = await e.dispatcher.dispatch('watchlist.firstScreen', {}, { senderId: 1 });
    expect(reply).toMatchObject({ ok: true, value: { lists: [{ watchlist_id: 'WL1' }] } });
    expect(record.calls.filter((c) => c.op === 'watchlistList')).toHaveLength(1);
    // Served once: the next ask (a reloaded window) asks again.
    await e.dispatcher.dispatch('watchlist.firstScreen', {}, { senderId: 1 });
    expect(record.calls.filter((c) => c.op === 'watchlistList')).toHaveLength(2);
  });

  it('refuses call options it does not know, before calling anything', async () => {
    const { record, engine: e } = start();
    const reply = await e.dispatcher.dispatch(
      'api.watchlistList',
      {},
      { senderId: 1 },
      { priority: 'urgent' },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(record.calls).toHaveLength(0);
  });

  it('starts the sandbox with generated credentials that never touch the vault file, and routes API calls', async () => {
    const { record, dir, engine: e } = start();
    const reply = await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    expect(reply).toEqual({ ok: true, value: [{ watchlist_id: 'WL1', name: 'Default', sort: 0 }] });
    expect(record.sandboxStarts).toHaveLength(1);
    const creds = await e.dispatcher.dispatch('credentials.status', {}, { senderId: 1 });
    expect(creds).toMatchObject({
      ok: true,
      value: {
        environmentId: 'sandbox',
        hasSecret: true,
        persisted: false,
        ephemeral: true,
        warning: EPHEMERAL_NOTE,
      },
    });
    expect(record.clients[0]?.credentials.appSecret).toBe(record.sandboxStarts[0]?.appSecret);
    // Neither the generated key pair nor its access token is written (the vault file is not even created).
    expect(existsSync(join(dir, 'credentials.json'))).toBe(false);
  });

  it('restarts the sandbox with credentials the user enters, and never echoes the secret', async () => {
    const { record, sent, dir, engine: e } = start();
    e.hub.subscribe(1, 'tp', 'tokenProgress', {});
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    const set = await e.dispatcher.dispatch(
      'credentials.set',
      { appKey: 'my-key-1234', appSecret: SECRET },
      { senderId: 1 },
    );
    expect(set).toMatchObject({ ok: true, value: { appKeyHint: '•••••••1234', hasSecret: true } });
    const failing = await e.dispatcher.dispatch('api.balance', { account_id: 'A1' }, { senderId: 1 });
    expect(record.sandboxStarts.at(-1)).toMatchObject({ appKey: 'my-key-1234', appSecret: SECRET });
    expect(record.stops).toBe(1);
    expect(failing).toMatchObject({ ok: false, error: { code: 'INVALID_SIGNATURE', status: 401 } });
    e.hub.flushNow();
    const outbound = JSON.stringify([set, failing, sent]);
    expect(outbound).not.toContain(SECRET);
    expect(outbound).not.toContain(TOKEN);
    expect(outbound).toContain('approved');
    const log = readFileSync(join(dir, 'logs', 'bullpen.log'), 'utf8');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(TOKEN);
  });

  it('saving the credentials already in use restarts nothing, and says whether it restarted', async () => {
    const { record, engine: e } = start();
    const input = { appKey: 'my-key-1234', appSecret: SECRET };
    const first = await e.dispatcher.dispatch('credentials.set', input, { senderId: 1 });
    expect(first).toMatchObject({ ok: true, value: { restarted: true } });
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    const starts = record.sandboxStarts.length;
    const clients = record.clients.length;
    const stops = record.stops;
    const again = await e.dispatcher.dispatch('credentials.set', input, { senderId: 1 });
    expect(again).toMatchObject({ ok: true, value: { restarted: false, appKeyHint: '•••••••1234' } });
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    expect([record.sandboxStarts.length, record.clients.length, record.stops]).toEqual([
      starts,
      clients,
      stops,
    ]);
  });

  it('logs a session subscriber that throws instead of crashing main', async () => {
    const { dir, engine: e } = start();
    const heard: string[] = [];
    e.sessions.onConnection(() => {
      throw new Error('broken connection subscriber');
    });
    e.sessions.onConnection((c) => heard.push(c.api));
    const reply = await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    expect(reply).toMatchObject({ ok: true });
    expect(heard).toContain('live');
    await e.close();
    const log = readFileSync(join(dir, 'logs', 'bullpen.log'), 'utf8');
    expect(log).toContain('a session listener threw');
    expect(log).toContain('broken connection subscriber');
  });

  it('reports the access-token state without the token', async () => {
    const { engine: e } = start();
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    const status = await e.dispatcher.dispatch('token.status', {}, { senderId: 1 });
    expect(status).toEqual({
      ok: true,
      value: { environmentId: 'sandbox', state: 'normal', expiresAt: 9_999, persisted: false },
    });
  });

  it('asks the user in main before saving hosts no region preset uses; a no saves nothing', async () => {
    const { engine: e } = start();
    const settings = {
      name: 'Elsewhere',
      kind: 'custom',
      apiBaseUrl: 'https://api.attacker.example',
      quotesUrl: 'mqtts://data-api.webull.com:1883',
      eventsAddress: 'events.attacker.example:443',
      eventsTls: true,
      algorithm: 'HMAC-SHA1',
      xVersion: 'v2',
      accountListPath: '/openapi/account/list',
    };
    answer = false;
    const declined = await e.dispatcher.dispatch(
      'environments.add',
      { source: 'custom', settings },
      { senderId: 1 },
    );
    expect(declined).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    // The hosts are named by main; the renderer-chosen name is not in the question.
    expect(asked.map((q) => q.message)).toEqual([
      'Send signed requests to api.attacker.example, events.attacker.example?',
    ]);
    const listed = await e.dispatcher.dispatch('environments.list', {}, { senderId: 1 });
    expect(listed).toMatchObject({ ok: true, value: { environments: [{ id: 'sandbox' }] } });
    expect((listed as { value: { environments: unknown[] } }).value.environments).toHaveLength(1);

    answer = true;
    const added = await e.dispatcher.dispatch(
      'environments.add',
      { source: 'custom', settings },
      { senderId: 1 },
    );
    expect(added).toMatchObject({ ok: true, value: { apiBaseUrl: 'https://api.attacker.example' } });
    const id = (added as { value: { id: string } }).value.id;

    // Editing: hosts already confirmed are not asked about again; a new one is, and a no keeps the old.
    asked.length = 0;
    await e.dispatcher.dispatch('environments.update', { id, patch: { name: 'Renamed' } }, { senderId: 1 });
    expect(asked).toEqual([]);
    answer = false;
    const moved = await e.dispatcher.dispatch(
      'environments.update',
      { id, patch: { apiBaseUrl: 'https://api.other.example' } },
      { senderId: 1 },
    );
    expect(moved).toMatchObject({ ok: false, error: { code: 'USER_DECLINED' } });
    expect(asked.map((q) => q.message)).toEqual(['Send signed requests to api.other.example?']);
    const after = await e.dispatcher.dispatch('environments.list', {}, { senderId: 1 });
    expect(JSON.stringify(after)).toContain('https://api.attacker.example');
    expect(JSON.stringify(after)).not.toContain('api.other.example');
  });

  it('does not ask about region presets', async () => {
    const { engine: e } = start();
    answer = false;
    const added = await e.dispatcher.dispatch(
      'environments.add',
      { source: 'region', region: 'us' },
      { senderId: 1 },
    );
    expect(added).toMatchObject({ ok: true });
    expect(asked).toEqual([]);
  });

  it('asks for credentials before using a custom environment, never starting the sandbox', async () => {
    const { engine: e, record } = start();
    // The sandbox starts lazily, on the first call that needs it: not with the engine.
    expect(record.sandboxStarts).toHaveLength(0);
    const added = await e.dispatcher.dispatch(
      'environments.add',
      { source: 'region', region: 'jp' },
      { senderId: 1 },
    );
    expect(added).toMatchObject({
      ok: true,
      value: { id: 'region-jp', apiBaseUrl: 'https://api.webull.co.jp' },
    });
    await e.dispatcher.dispatch('environments.select', { id: 'region-jp' }, { senderId: 1 });
    const reply = await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    expect(reply).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
    expect(record.sandboxStarts).toHaveLength(0);
    const sandboxEdit = await e.dispatcher.dispatch(
      'environments.remove',
      { id: 'sandbox' },
      { senderId: 1 },
    );
    expect(sandboxEdit).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('replays the last session when the market is shut, and says so on the connection status', async () => {
    const { record, engine: e } = start();
    await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
    expect(record.sandboxStarts[0]?.replayWhenClosed).toBe(true);
    expect(await e.dispatcher.dispatch('connection.status', {}, { senderId: 1 })).toMatchObject({
      ok: true,
      value: { api: 'live', sandboxReplay: 'Replaying Fri 20 Nov 2026 regular session' },
    });
  });

  it('BULLPEN_SANDBOX_REPLAY=0 keeps the sandbox on the wall clock', async () => {
    process.env.BULLPEN_SANDBOX_REPLAY = '0';
    try {
      const { record, engine: e } = start();
      await e.dispatcher.dispatch('api.watchlistList', {}, { senderId: 1 });
      expect(record.sandboxStarts[0]?.replayWhenClosed).toBe(false);
      const status = await e.dispatcher.dispatch('connection.status', {}, { senderId: 1 });
      const value = status.ok ? (status.value as ConnectionStatus) : undefined;
      expect(value?.api).toBe('live');
      expect(value?.sandboxReplay).toBeUndefined();
    } finally {
      delete process.env.BULLPEN_SANDBOX_REPLAY;
    }
  });

  it('tells the user (not only the log) of every saved file it had to move aside', () => {
    const { notifications, dir } = start({
      'settings.json': '{"theme": 7}',
      'workspace.json': 'not json',
      'environments.json': '{"version": 1, "activeId": "x", "custom": [',
      'credentials.json': '{"version": 1, "environments": {"e": {"secret": 42}}}',
      'alerts.json': '[',
    });
    const told = notifications.map((n) => n.body).join('\n');
    for (const name of [
      'settings.json',
      'workspace.json',
      'environments.json',
      'credentials.json',
      'alerts.json',
    ])
      expect(told, name).toMatch(
        new RegExp(`${name.replace('.', '\\.')} could not be read .*moved to ${dir}`),
      );
    expect(notifications.every((n) => n.title === 'Bullpen could not read a saved file')).toBe(true);
  });

  it('shows OS notifications through main, with validated text', async () => {
    const { engine: e, notifications } = start();
    expect(
      await e.dispatcher.dispatch('notify.show', { title: 'Order filled', body: 'Buy 1' }, { senderId: 1 }),
    ).toEqual({
      ok: true,
      value: { shown: true },
    });
    expect(notifications).toEqual([{ title: 'Order filled', body: 'Buy 1' }]);
    expect(await e.dispatcher.dispatch('notify.show', { title: '' }, { senderId: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('opens only https links externally', async () => {
    const { engine: e } = start();
    expect(
      await e.dispatcher.dispatch('shell.openExternal', { url: 'https://www.webull.com' }, { senderId: 1 }),
    ).toEqual({ ok: true, value: { opened: true } });
    expect(
      await e.dispatcher.dispatch('shell.openExternal', { url: 'http://www.webull.com' }, { senderId: 1 }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('delivers a menu command to the focused window only, or to every window when none is named', () => {
    const { engine: e, sent } = start();
    expect(e.hub.subscribe(1, 'cmd1', 'appCommands', {})).toMatchObject({ ok: true });
    expect(e.hub.subscribe(2, 'cmd2', 'appCommands', {})).toMatchObject({ ok: true });
    const commandsFor = (senderId: number) =>
      sent
        .filter((s) => s.senderId === senderId)
        .flatMap((s) => s.batch)
        .filter((d) => JSON.stringify(d).includes('openSettings'));

    e.sendCommand('openSettings', 2);
    e.hub.flushNow();
    expect(commandsFor(2)).toHaveLength(1);
    expect(commandsFor(1)).toHaveLength(0);

    e.sendCommand('openSettings');
    e.hub.flushNow();
    expect(commandsFor(1)).toHaveLength(1);
    expect(commandsFor(2)).toHaveLength(2);
  });
});

describe('the budget stream', () => {
  it("carries the server's 429 pause, so the top bar can say why calls wait and until when", () => {
    const budget = { limit: 300, used: 2, remaining: 298, queued: 4, resetInMs: 500 };
    expect(toRateBudget({ ...budget, pausedUntil: 1_763_478_665_000 })).toMatchObject({
      queued: 4,
      pausedUntil: 1_763_478_665_000,
    });
    expect(toRateBudget(budget)).not.toHaveProperty('pausedUntil');
  });
});
