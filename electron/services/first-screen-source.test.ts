import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenApiClient, type OpenApiClient } from '../openapi/client';
import { testEnvironment } from '../openapi/testing/loopback-server';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { EMPTY_WORKSPACE, type WorkspaceState } from '../../shared/ui/workspace';
import { groupByCategory } from '../../shared/ui/first-watchlists';
import { createFirstScreen, type FirstScreenSession } from './first-screen-source';

/**
 * `watchlist.firstScreen` against the sandbox: the lists the workspace shows, their members and
 * one snapshot call per category, each the same value the renderer's own call for that cache entry
 * returns; a warmed answer serves the window's first ask once, and only while nothing changed.
 */
const CREDS = { appKey: 'f1a5'.repeat(8), appSecret: 'first-screen-secret' };

let sandbox: SandboxHandle;
let client: OpenApiClient;
let dataDir: string;
let second: string;
/** Every catalogue call the first screen made, by operation id. */
let calls: string[] = [];
const counted = (): FirstScreenSession => ({
  client: {
    call: ((op: string, params: unknown, opts: unknown) => {
      calls.push(op);
      return (client.call as (o: string, p: unknown, x: unknown) => Promise<unknown>)(op, params, opts);
    }) as OpenApiClient['call'],
  },
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-first-screen-'));
  sandbox = await startSandbox({ ...CREDS, dataDir }, { log: () => undefined });
  client = createOpenApiClient({ environment: testEnvironment(sandbox.apiUrl), credentials: CREDS });
  const made = await client.call('watchlistCreate', { name: 'Funds' });
  second = made.watchlist_id;
  await client.call('watchlistAdd', {
    watchlist_id: second,
    instruments: [
      { symbol: 'QQQ', category: 'US_ETF' },
      { symbol: 'MSFT', category: 'US_STOCK' },
    ],
  });
}, 60_000);
afterAll(async () => {
  client?.close();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  calls = [];
});

const withWatchlists = (...stored: Array<string | undefined>): WorkspaceState => ({
  layout: { grid: {} },
  panels: Object.fromEntries(
    stored.map((id, i) => [
      `watchlist${i}`,
      { panel: 'watchlist', settings: id ? { watchlistId: id } : {}, group: 'red' as const },
    ]),
  ),
  groups: {},
});

describe('the first screen in main', () => {
  it("on the default layout: the first list's members and its snapshots, the renderer's calls' values", async () => {
    const first = await createFirstScreen({ workspace: () => EMPTY_WORKSPACE }).get(counted());
    const lists = await client.call('watchlistList', {});
    expect(first.lists).toEqual(lists);
    const id = lists[0]?.watchlist_id ?? '';
    const members = await client.call('watchlistInstruments', { watchlist_id: id });
    expect(first.members).toEqual([{ watchlistId: id, instruments: members }]);
    const groups = groupByCategory(members);
    expect(groups.length).toBeGreaterThan(0);
    expect(first.snapshots.map((s) => [s.category, s.symbols])).toEqual(groups);
    for (const s of first.snapshots) {
      expect(s.snapshots.map((x) => x.symbol).sort()).toEqual(s.symbols);
      expect(s.snapshots.every((x) => typeof x.price === 'string' && x.price.length > 0)).toBe(true);
    }
    expect(calls.filter((op) => op === 'snapshot')).toHaveLength(groups.length);
  });

  it("follows each watchlist panel's stored list, asks once for a list two panels show, and falls back to the first", async () => {
    const lists = await client.call('watchlistList', {});
    const firstId = lists[0]?.watchlist_id;
    const answer = await createFirstScreen({
      workspace: () => withWatchlists(second, second, 'gone'),
    }).get(counted());
    expect(answer.members.map((m) => m.watchlistId)).toEqual([second, firstId]);
    expect(calls.filter((op) => op === 'watchlistInstruments')).toHaveLength(2);
    const funds = answer.snapshots.filter((s) => s.symbols.includes('QQQ') || s.symbols.includes('MSFT'));
    expect(funds.map((s) => [s.category, s.symbols])).toContainEqual(['US_ETF', ['QQQ']]);
  });

  it('asks only for the lists when the workspace opens no watchlist', async () => {
    const state: WorkspaceState = {
      layout: { grid: {} },
      panels: { chart: { panel: 'chart', settings: {}, group: 'red' } },
      groups: {},
    };
    const answer = await createFirstScreen({ workspace: () => state }).get(counted());
    expect(answer.members).toEqual([]);
    expect(answer.snapshots).toEqual([]);
    expect(calls).toEqual(['watchlistList']);
  });

  it('a warmed answer serves the first ask of the same session once, with no new call', async () => {
    const source = createFirstScreen({ workspace: () => EMPTY_WORKSPACE });
    const session = counted();
    source.warm(session);
    const warmedCalls = () => calls.length;
    const warmed = await source.get(session);
    const after = warmedCalls();
    expect(after).toBeGreaterThan(0);
    expect(warmed.members).toHaveLength(1);
    // Consumed: the next ask (a reload) calls again.
    await source.get(session);
    expect(calls.length).toBe(after * 2);
  });

  it('a write, another session, another choice of lists or an old warm-up means fresh calls', async () => {
    let state: WorkspaceState = EMPTY_WORKSPACE;
    let clock = 0;
    const source = createFirstScreen({ workspace: () => state, keepMs: 1_000, now: () => clock });
    const fresh = async (prepare: (session: FirstScreenSession) => FirstScreenSession) => {
      const session = counted();
      source.warm(session);
      const asking = prepare(session);
      await new Promise((r) => setTimeout(r, 200));
      const before = calls.length;
      await source.get(asking);
      return calls.length > before;
    };
    expect(await fresh((s) => s)).toBe(false);
    expect(
      await fresh((s) => {
        source.invalidate();
        return s;
      }),
    ).toBe(true);
    expect(await fresh(() => counted())).toBe(true);
    expect(
      await fresh((s) => {
        state = withWatchlists(second);
        return s;
      }),
    ).toBe(true);
    state = EMPTY_WORKSPACE;
    expect(
      await fresh((s) => {
        clock += 1_001;
        return s;
      }),
    ).toBe(true);
  });

  it('a part that fails is left out, the rest is answered', async () => {
    const failing: FirstScreenSession = {
      client: {
        call: ((op: string, params: unknown) => {
          if (op === 'snapshot' && (params as { category: string }).category === 'US_ETF')
            return Promise.reject(new Error('snapshot refused'));
          return (client.call as (o: string, p: unknown) => Promise<unknown>)(op, params);
        }) as OpenApiClient['call'],
      },
    };
    const errors: string[] = [];
    const answer = await createFirstScreen({
      workspace: () => withWatchlists(second),
      onError: (m) => errors.push(m),
    }).get(failing);
    expect(answer.members.map((m) => m.watchlistId)).toEqual([second]);
    expect(answer.snapshots.map((s) => s.category)).toEqual(['US_STOCK']);
    expect(errors).toEqual(['first screen: US_ETF snapshots']);
  });
});
