import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TraceEntry } from '../../../electron/services/bench-hooks';
import { APP_PAGE_URL, connectStandin, spawnStandin } from '../../e2e/standin-process';
import { evaluateInPage } from './raw-cdp';
import { epochNow, sleep } from './stats';

/**
 * The real built app through the Electron stand-in (docs/testing.md), started as the e2e harness
 * starts it (test/e2e/standin-process.ts), but with no IPC recording (it would write every flooded
 * batch to disk) and with main's benchmark probe (electron/services/bench-hooks.ts): SIGUSR2 → one
 * JSON line.
 */
const APP_ROOT = resolve(process.cwd());

export interface ProbeLine {
  at: number;
  rssMb: number;
  heapUsedMb: number;
  /** Memory V8 tracks outside its heap (Buffers, ArrayBuffers). */
  externalMb: number;
  /** The V8 heap's committed size (used or not): part of RSS. */
  heapTotalMb: number;
  quoteUpdatesSent: number;
  /** The distinct symbols main sent a window updates for since the previous probe. */
  quoteSymbolsSent: number;
  eventLoop: { maxMs: number; p99Ms: number; p50Ms: number; samples: number };
  /** Main's active resources by kind (`process.getActiveResourcesInfo()`: Timeout, TCPWRAP, …). */
  resources: Record<string, number>;
  /** Whether main collected garbage before measuring memory. */
  gc: boolean;
  /** Main's price trace since the previous probe, when tracing (electron/services/bench-hooks.ts). */
  trace?: TraceEntry[];
}

export interface BenchApp {
  proc: ChildProcess;
  browser: Browser;
  page: Page;
  /** The app's user-data folder (its log is `logs/bullpen.log`), removed by `close()`. */
  userDataDir: string;
  /** When the stand-in was spawned: wall-clock Unix ms (`epochNow`), comparable with the page's clock. */
  spawnedAt: number;
  /** With `liveWithin`: the page's time of the frame that first showed a live price (`epochNow`'s clock). */
  liveAt?: number;
  /** Main's figures since the previous call (event-loop delay) and now (memory). */
  probe(): Promise<ProbeLine>;
  /** Renderer JS heap in MB after a forced garbage collection. */
  heapMb(): Promise<number>;
  /** Main's thread's nice value now (on Linux a priority is a thread's; main's is its process id's). */
  nice(): number;
  /** Main records a price trace from the next probe on, up to the probe after `setTrace(false)`. */
  setTrace(on: boolean): void;
  close(): Promise<void>;
}

/**
 * `liveWithin`: before Playwright attaches, wait up to that long for the watchlist to show a live
 * price, watched over a bare CDP connection (raw-cdp.ts), and give its time as `liveAt`: Playwright
 * attached while the app starts would put its own work in the page on the start's path.
 */
export async function launchBenchApp(
  env: Record<string, string>,
  opts: { liveWithin?: number } = {},
): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'bullpen-bench-app-'));
  const probeFile = join(dir, 'probe.jsonl');
  const userDataDir = join(dir, 'profile');
  const spawnedAt = epochNow();
  // Main runs at the benchmark's own priority (not under an extra `nice`): the flood's publisher
  // runs in this process and the startup baseline in one it spawns, and a lower-priority app would
  // be measured against its own load generator.
  const spawned = await spawnStandin({
    appRoot: APP_ROOT,
    // e.g. BENCH_MAIN_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile main (docs/benchmark.md).
    nodeArgs: (process.env.BENCH_MAIN_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: { BULLPEN_USER_DATA: userDataDir, BULLPEN_BENCH_PROBE: probeFile, ...env },
    startTimeoutMs: 60_000,
    outputLimit: 20_000,
  });
  let liveAt: number | undefined;
  try {
    if (opts.liveWithin !== undefined)
      liveAt = await evaluateInPage({
        browserUrl: spawned.cdpUrl,
        pageUrl: APP_PAGE_URL,
        expression: WATCHLIST_LIVE_EXPRESSION,
        timeoutMs: opts.liveWithin,
      });
  } catch (error) {
    spawned.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const { proc, browser, page } = await connectStandin(spawned);
  await definePageHelpers(page);
  const cdp = await page.context().newCDPSession(page);
  let linesRead = 0;
  const pid = proc.pid;
  return {
    proc,
    browser,
    page,
    userDataDir,
    spawnedAt,
    liveAt,
    async probe() {
      if (pid === undefined) throw new Error('no main pid');
      process.kill(pid, 'SIGUSR2');
      // Main answers on its event loop, which a flood can hold for seconds: wait up to a minute.
      for (let i = 0; i < 2_400; i++) {
        const lines = existsSync(probeFile)
          ? readFileSync(probeFile, 'utf8').split('\n').filter(Boolean)
          : [];
        if (lines.length > linesRead) {
          linesRead = lines.length;
          return JSON.parse(lines[lines.length - 1] ?? '{}') as ProbeLine;
        }
        await sleep(25);
      }
      throw new Error('main did not answer the benchmark probe (BULLPEN_BENCH_PROBE)');
    },
    setTrace(on) {
      if (on) writeFileSync(`${probeFile}.trace`, '');
      else rmSync(`${probeFile}.trace`, { force: true });
    },
    nice() {
      if (pid === undefined) throw new Error('no main pid');
      return getPriority(pid);
    },
    async heapMb() {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 2 ** 20;
    },
    async close() {
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      await browser.close().catch(() => undefined);
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls a page until `check` holds (bounded: throws after `timeoutMs`). */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The watchlist shows a live price (a price cell with a number and the quotes link live): then the
 * page's wall clock (performance.timeOrigin + now, as `epochNow` reads it here), else false.
 */
function watchlistLiveAt(): number | false {
  const live = document.querySelector('[data-testid="link-quotes"]')?.getAttribute('data-state') === 'live';
  const cell = document.querySelector('[data-testid^="price-"]');
  return (
    live && cell !== null && /\d/.test(cell.textContent ?? '') && performance.timeOrigin + performance.now()
  );
}

/**
 * `watchlistLiveAt` as an expression for `Runtime.evaluate`: a promise of the wall-clock time
 * (`epochNow`'s clock) of the first frame in which it holds, checked in the page on every animation
 * frame, so the time is the page's, not that of the answer's way back here. A check that first runs
 * after the price showed gives its own frame's time: never earlier than the truth. `__name` is
 * esbuild's keepNames helper, which the function's source may call (see `definePageHelpers`).
 */
const WATCHLIST_LIVE_EXPRESSION = `(() => {
  const __name = (fn) => fn;
  const check = ${watchlistLiveAt.toString()};
  return new Promise((resolve) => {
    const poll = () => {
      const at = check();
      if (at !== false) resolve(at);
      else requestAnimationFrame(poll);
    };
    poll();
  });
})()`;

export async function watchlistLive(page: Page): Promise<boolean> {
  return (await page.evaluate(watchlistLiveAt)) !== false;
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`;
 * functions handed to page.evaluate run in the page, where that helper must exist too.
 */
export async function definePageHelpers(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name ??= (fn) => fn');
}
