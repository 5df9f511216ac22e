import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuoteRecord } from '../../../shared/ipc/streams';
import { testTempDir } from '../../testing/temp-dir';
import type { ActiveSession } from '../session-manager';
import type { QuoteFeed } from '../ports';
import { createAlertService } from './alert-service';
import { createAlertStore } from './alert-store';

/** A quote feed that records subscriptions and lets the test push prices. */
function fakeFeed() {
  const listeners = new Map<string, Set<(u: QuoteRecord) => void>>();
  const feed: QuoteFeed = {
    subscribe(symbol, _types, listener, category) {
      const key = `${category}:${symbol}`;
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    status: () => 'live',
    onStatus: () => () => undefined,
    staleSymbols: () => [],
    close: () => undefined,
  };
  const push = async (symbol: string, fields: Partial<QuoteRecord>, category = 'US_STOCK') => {
    for (const l of listeners.get(`${category}:${symbol}`) ?? []) l({ symbol, time: 1, ...fields });
    // The service evaluates on a microtask after each delivery.
    await Promise.resolve();
    await Promise.resolve();
  };
  return { feed, push, subscribed: () => [...listeners.keys()].sort() };
}

function setup(
  opts: { dir?: string; env?: () => string; noSession?: boolean; known?: readonly string[] } = {},
) {
  const dir = opts.dir ?? testTempDir('bullpen-alerts-');
  const file = join(dir, 'alerts.json');
  const feed = fakeFeed();
  const envId = opts.env ?? (() => 'sandbox');
  const sessionListeners = new Set<(s: ActiveSession) => void>();
  let session: ActiveSession | undefined = opts.noSession
    ? undefined
    : ({ environment: { id: envId() }, client: {}, quotes: feed.feed } as unknown as ActiveSession);
  let ensures = 0;
  const sessions = {
    current: () => session,
    ensure: () => {
      ensures += 1;
      return Promise.reject(new Error('not in this test'));
    },
    onSession: (l: (s: ActiveSession) => void) => {
      sessionListeners.add(l);
      return () => sessionListeners.delete(l);
    },
  };
  const startSession = (id: string) => {
    session = { environment: { id }, client: {}, quotes: feed.feed } as unknown as ActiveSession;
    for (const l of sessionListeners) l(session);
  };
  const notifications: Array<{ title: string; body: string }> = [];
  const warnings: string[] = [];
  let clock = 1_700_000_000_000;
  let seq = 0;
  const service = createAlertService({
    store: createAlertStore(file, (m) => warnings.push(m)),
    sessions,
    activeEnvironmentId: envId,
    notify: (n) => notifications.push(n),
    logger: { info: () => undefined, warn: (m) => warnings.push(m) },
    now: () => clock,
    newId: () => `al_${++seq}`,
    isKnownSymbol: opts.known ? async (symbol) => opts.known?.includes(symbol) === true : undefined,
  });
  return {
    dir,
    file,
    service,
    notifications,
    warnings,
    ...feed,
    startSession,
    ensures: () => ensures,
    tick: (ms: number) => (clock += ms),
  };
}

describe('alert service', () => {
  it('watches each armed symbol on its own subscription and fires once', async () => {
    const t = setup();
    const a = await t.service.create({
      symbol: 'AAPL',
      category: 'US_STOCK',
      condition: { kind: 'above', price: '190' },
    });
    expect(a).toMatchObject({ id: 'al_1', status: 'armed', environmentId: 'sandbox' });
    expect(t.subscribed()).toEqual(['US_STOCK:AAPL']);
    await t.push('AAPL', { price: '189.99' });
    expect(t.notifications).toHaveLength(0);
    t.tick(5_000);
    await t.push('AAPL', { price: '190.00' });
    expect(t.notifications).toEqual([
      { title: 'Price alert: AAPL', body: 'AAPL at or above 190 (last 190)' },
    ]);
    expect(t.service.state().alerts[0]).toMatchObject({
      status: 'triggered',
      triggeredAt: 1_700_000_005_000,
      triggerPrice: '190',
    });
    // Fired once: more prices beyond the level do not notify again, and the symbol is let go.
    await t.push('AAPL', { price: '191' });
    expect(t.notifications).toHaveLength(1);
    expect(t.subscribed()).toEqual([]);
  });

  it('re-arms only on request, then fires again', async () => {
    const t = setup();
    await t.service.create({
      symbol: 'MSFT',
      category: 'US_STOCK',
      condition: { kind: 'below', price: '300' },
    });
    await t.push('MSFT', { price: '299' });
    expect(t.notifications).toHaveLength(1);
    const re = t.service.rearm('al_1');
    expect(re.status).toBe('armed');
    expect(re.triggeredAt).toBeUndefined();
    await t.push('MSFT', { price: '298' });
    expect(t.notifications).toHaveLength(2);
  });

  it('a % move uses the previous close merged from earlier partial updates', async () => {
    const t = setup();
    await t.service.create({
      symbol: 'SPY',
      category: 'US_ETF',
      condition: { kind: 'moveDown', percent: '1' },
    });
    await t.push('SPY', { preClose: '500', price: '496' }, 'US_ETF');
    expect(t.notifications).toHaveLength(0);
    await t.push('SPY', { price: '495' }, 'US_ETF');
    expect(t.notifications[0]?.body).toBe('SPY down 1 % from previous close (last 495)');
  });

  it('cross fires from either side once a side is known', async () => {
    const t = setup();
    await t.service.create({
      symbol: 'TSLA',
      category: 'US_STOCK',
      condition: { kind: 'cross', price: '200' },
    });
    await t.push('TSLA', { price: '201' });
    await t.push('TSLA', { price: '199.5' });
    expect(t.notifications).toHaveLength(1);
    t.service.rearm('al_1');
    await t.push('TSLA', { price: '198' });
    expect(t.notifications).toHaveLength(1);
    await t.push('TSLA', { price: '200.5' });
    expect(t.notifications).toHaveLength(2);
  });

  it('persists alerts and their status across a restart', async () => {
    const t = setup();
    await t.service.create({
      symbol: 'AAPL',
      category: 'US_STOCK',
      condition: { kind: 'above', price: '1' },
      note: 'x',
    });
    await t.service.create({ symbol: 'IBM', category: 'US_STOCK', condition: { kind: 'below', price: '1' } });
    await t.push('AAPL', { price: '2' });
    t.service.close();
    const saved = JSON.parse(readFileSync(t.file, 'utf8')) as { version: number; alerts: unknown[] };
    expect(saved.version).toBe(1);
    const again = setup({ dir: t.dir });
    expect(again.service.state().alerts.map((a) => [a.symbol, a.status, a.note])).toEqual([
      ['AAPL', 'triggered', 'x'],
      ['IBM', 'armed', undefined],
    ]);
    // Only the armed one is watched after the restart: a triggered alert never fires twice.
    expect(again.subscribed()).toEqual(['US_STOCK:IBM']);
    await again.push('AAPL', { price: '3' });
    expect(again.notifications).toHaveLength(0);
  });

  it('moves a corrupt file aside, reports it and starts empty', () => {
    const dir = testTempDir('bullpen-alerts-');
    writeFileSync(join(dir, 'alerts.json'), '{"version": 1, "alerts": [{"id": 5}]}');
    const t = setup({ dir });
    expect(t.service.state().alerts).toEqual([]);
    expect(readdirSync(dir).filter((n) => n.startsWith('alerts.json.corrupt-'))).toHaveLength(1);
    expect(t.warnings.join('\n')).toMatch(/alerts\.json could not be read .*moved to/);
  });

  it('moves aside a file of a version it does not know', () => {
    const dir = testTempDir('bullpen-alerts-');
    writeFileSync(join(dir, 'alerts.json'), '{"version": 9, "alerts": []}');
    const t = setup({ dir });
    expect(t.warnings.join('\n')).toContain('version');
  });

  it('keeps alerts to their environment: another environment neither lists nor watches them', async () => {
    let env = 'sandbox';
    const t = setup({ env: () => env });
    await t.service.create({
      symbol: 'AAPL',
      category: 'US_STOCK',
      condition: { kind: 'above', price: '1' },
    });
    env = 'live-us';
    t.startSession('live-us');
    t.service.environmentChanged();
    expect(t.service.state()).toEqual({ environmentId: 'live-us', alerts: [] });
    expect(t.subscribed()).toEqual([]);
    expect(() => t.service.rearm('al_1')).toThrow(/no alert/);
    env = 'sandbox';
    t.startSession('sandbox');
    expect(t.service.state().alerts).toHaveLength(1);
    expect(t.subscribed()).toEqual(['US_STOCK:AAPL']);
  });

  it('starts a session when armed alerts exist and none runs (every window closed)', async () => {
    const t = setup({ noSession: true });
    await t.service.create({
      symbol: 'AAPL',
      category: 'US_STOCK',
      condition: { kind: 'above', price: '1' },
    });
    expect(t.ensures()).toBe(1);
    t.startSession('sandbox');
    expect(t.subscribed()).toEqual(['US_STOCK:AAPL']);
  });

  it('edits keep the status; a removed alert stops being watched; unknown ids are NOT_FOUND', async () => {
    const t = setup();
    await t.service.create({
      symbol: 'AAPL',
      category: 'US_STOCK',
      condition: { kind: 'above', price: '1' },
    });
    const edited = await t.service.update({
      id: 'al_1',
      symbol: 'NVDA',
      condition: { kind: 'below', price: '5' },
    });
    expect(edited).toMatchObject({
      symbol: 'NVDA',
      status: 'armed',
      condition: { kind: 'below', price: '5' },
    });
    expect(t.subscribed()).toEqual(['US_STOCK:NVDA']);
    t.service.remove('al_1');
    expect(t.subscribed()).toEqual([]);
    expect(() => t.service.remove('al_1')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', field: 'id' }),
    );
  });

  it('refuses an alert, or an edit, on a symbol the environment does not list, and watches nothing for it', async () => {
    const t = setup({ known: ['AAPL', 'MSFT'] });
    await expect(
      t.service.create({ symbol: 'ZZZZZ', category: 'US_STOCK', condition: { kind: 'above', price: '1' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'symbol',
      message: expect.stringMatching(/ZZZZZ/),
    });
    expect(t.service.state().alerts).toEqual([]);
    expect(t.subscribed()).toEqual([]);
    await t.service.create({
      symbol: 'AAPL',
      category: 'US_STOCK',
      condition: { kind: 'above', price: '1' },
    });
    await expect(t.service.update({ id: 'al_1', symbol: 'ZZZZZ' })).rejects.toMatchObject({
      field: 'symbol',
    });
    expect(t.service.state().alerts.map((a) => a.symbol)).toEqual(['AAPL']);
    expect(t.subscribed()).toEqual(['US_STOCK:AAPL']);
  });
});
