import { marketTimeAt } from '../../shared/market/market-clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionAt } from '../../shared/market/calendar';
import { createOpenApiClient } from '../../electron/openapi/client';
import { testEnvironment } from '../../electron/openapi/testing/loopback-server';
import { parseSandboxArgs } from '../../sandbox/testing';
import { sandboxClockFromEnv } from '../../sandbox/index';
import { type SandboxHandle, startSandbox } from '../../sandbox/index';
import type { SandboxOptions } from '../../sandbox/index';

/** Wednesday 2026-11-18, 10:00 New York. */
const RTH = Date.parse('2026-11-18T15:00:00Z');
/** Saturday 2026-11-21, 12:00 New York: the market is shut, replay plays Friday's session. */
const SATURDAY = Date.parse('2026-11-21T17:00:00Z');
/** Wednesday 2026-11-18, 22:00 New York: a night, when no regular-hours test could pass on the wall clock. */
const NIGHT = Date.parse('2026-11-19T03:00:00Z');

const dirs: string[] = [];
let running: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(running.map((s) => s.stop()));
  running = [];
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const freshDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'bullpen-clock-test-'));
  dirs.push(d);
  return d;
};
async function start(opts: SandboxOptions) {
  const s = await startSandbox(opts, { httpOnly: true, log: () => undefined, matchIntervalMs: 60_000 });
  running.push(s);
  return s;
}

describe('a pinned market clock', () => {
  it('starts the market at the given instant and runs it with the wall clock, auth staying on the wall', async () => {
    const wall = { now: NIGHT };
    const s = await start({
      dataDir: freshDir(),
      clock: () => wall.now,
      marketStartAt: RTH,
      replayWhenClosed: true,
    });
    expect(s.market.now()).toBe(RTH);
    expect(sessionAt(s.market.now())).toBe('RTH');
    wall.now += 90_000;
    expect(s.market.now()).toBe(RTH + 90_000);
    expect(s.marketClock.mode).toBe('live');
    expect(s.marketClock.label).toContain('2026-11-18T15:00:00.000Z');
    // The reading main carries to every window names the mode and gives the market's time.
    expect(s.marketTime).toMatchObject({ mode: 'pinned', marketAt: RTH, wallAt: NIGHT });
    expect(marketTimeAt(s.marketTime, wall.now)).toBe(s.market.now());
  });

  it('is --clock on the command line and BULLPEN_SANDBOX_CLOCK for the app, refusing what is not an ISO time', () => {
    expect(parseSandboxArgs(['--clock', '2026-11-18T15:00:00Z']).marketStartAt).toBe(RTH);
    expect(parseSandboxArgs(['--clock', '2026-11-18T10:00:00-05:00']).marketStartAt).toBe(RTH);
    expect(() => parseSandboxArgs(['--clock', 'tomorrow'])).toThrow(/ISO time/);
    expect(() => parseSandboxArgs(['--clock', '2026-11-18T15:00:00'])).toThrow(/ISO time/);
    expect(sandboxClockFromEnv('2026-11-18T15:00:00Z')).toBe(RTH);
    expect(sandboxClockFromEnv(undefined)).toBeUndefined();
    expect(sandboxClockFromEnv('')).toBeUndefined();
    expect(() => sandboxClockFromEnv('18/11/2026')).toThrow(/BULLPEN_SANDBOX_CLOCK/);
  });
});

describe('a faster market clock', () => {
  it('runs only the market faster: the session passes in minutes while auth stays on the wall clock', async () => {
    const wall = { now: NIGHT };
    const s = await start({
      dataDir: freshDir(),
      clock: () => wall.now,
      marketStartAt: RTH,
      marketSpeed: 60,
    });
    expect(s.market.now()).toBe(RTH);
    wall.now += 60_000; // a wall minute is a market hour
    expect(s.market.now()).toBe(RTH + 3_600_000);
    expect(s.marketClock.label).toContain('×60');
    // The API still signs and answers on the wall clock: a request stamped with the wall's time passes.
    const client = createOpenApiClient({
      environment: testEnvironment(s.apiUrl, { algorithm: s.algorithm }),
      credentials: { appKey: s.appKey, appSecret: s.appSecret },
      now: () => wall.now,
    });
    await expect(client.call('accountList', {})).resolves.toBeDefined();
    expect(client.clockOffsetMs()).toBe(0);
  });

  it('pins the market at the wall clock’s time when given a speed alone, over replay', async () => {
    const wall = { now: SATURDAY };
    const s = await start({
      dataDir: freshDir(),
      clock: () => wall.now,
      replayWhenClosed: true,
      marketSpeed: 10,
    });
    expect(s.marketClock.mode).toBe('live');
    expect(s.market.now()).toBe(SATURDAY);
    wall.now += 1_000;
    expect(s.market.now()).toBe(SATURDAY + 10_000);
  });

  it('is --speed on the command line, refusing a bad factor or a second clock', async () => {
    expect(parseSandboxArgs(['--clock', '2026-11-18T15:00:00Z', '--speed', '40']).marketSpeed).toBe(40);
    expect(() => parseSandboxArgs(['--speed', '0'])).toThrow(/--speed/);
    await expect(start({ dataDir: freshDir(), marketClock: () => RTH, marketSpeed: 2 })).rejects.toThrow(
      /marketClock/,
    );
    await expect(start({ dataDir: freshDir(), marketSpeed: -1 })).rejects.toThrow(/marketSpeed/);
  });
});

describe('replay resumption', () => {
  it('a second start on the same data folder resumes where the first stopped', async () => {
    const dataDir = freshDir();
    const wall = { now: SATURDAY };
    const first = await start({ dataDir, clock: () => wall.now, replayWhenClosed: true });
    expect(first.marketClock.mode).toBe('replay');
    expect(first.marketTime?.mode).toBe('replay');
    const opened = first.market.now();
    // The reading follows the replay through its loop: at the session's end it is back at the open.
    const loop = first.marketTime?.loop;
    if (!loop) throw new Error('a replay reading carries its loop');
    for (const later of [0, 60_000, loop.lengthMs - (opened - loop.start) + 5_000]) {
      wall.now = SATURDAY + later;
      expect(marketTimeAt(first.marketTime, wall.now)).toBe(first.market.now());
    }
    wall.now = SATURDAY;
    wall.now += 10 * 60_000;
    expect(first.market.now()).toBe(opened + 10 * 60_000);
    await first.stop();

    wall.now += 60 * 60_000; // the app was closed for an hour
    const second = await start({ dataDir, clock: () => wall.now, replayWhenClosed: true });
    expect(second.market.now()).toBe(opened + 10 * 60_000);
  });

  it('a fresh data folder starts the replay at its usual offset', async () => {
    const wall = { now: SATURDAY };
    const a = await start({ dataDir: freshDir(), clock: () => wall.now, replayWhenClosed: true });
    const b = await start({ dataDir: freshDir(), clock: () => wall.now, replayWhenClosed: true });
    expect(a.market.now()).toBe(b.market.now());
  });
});
