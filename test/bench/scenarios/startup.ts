import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { standinCacheDir } from '../../../electron/standin/bundle.mjs';
import { CHROMIUM_ARGS } from '../../../electron/standin/chromium-args';
import { launchBareChromium } from '../../browser/bare-chromium';
import { BENCH_SANDBOX_CLOCK } from '../lib/bench-sandbox';
import { definePageHelpers, launchBenchApp, type ProbeLine } from '../lib/app';
import { epochNow, log, median, round } from '../lib/stats';

/**
 * Cold start (docs/benchmark.md "startup"): from spawning the stand-in to the default watchlist
 * showing a live price, on the embedded sandbox (its worker thread, as a user runs it), beside
 * an empty page started the way the stand-in starts its window (empty-page-process.mjs): a Node
 * process spawned, Playwright loaded, Chromium launched with a fresh profile. Median of `runs` each.
 * The empty page opened from this process, with Playwright already loaded, is kept beside them as
 * a diagnostic (`warmEmptyPageMs`).
 *
 * Each app also serves main's event-loop figures while its embedded sandbox answers a cold
 * screener, a fundamentals call and a 1,200-bar M1 request (test/integration/sandbox-off-main-loop.test.ts).
 * The calls' window holds about 45 of the histogram's 10 ms samples, so its p99 is its largest
 * sample: one stall decides it. The figure is the median of the starts' windows, as the start's own
 * time is (each start's in `sandboxCallsEach`).
 */
export async function runStartup(runs: number) {
  const ready: number[] = [];
  const baseline: number[] = [];
  const warm: number[] = [];
  const sandboxCalls: Array<ProbeLine['eventLoop']> = [];
  for (let i = 0; i < runs; i++) {
    warm.push(await emptyPage());
    baseline.push(await emptyPageProcess());
    // Watched over a bare CDP connection; Playwright attaches after (docs/benchmark.md "startup").
    const app = await launchBenchApp({ BULLPEN_SANDBOX_CLOCK: BENCH_SANDBOX_CLOCK }, { liveWithin: 120_000 });
    try {
      if (app.liveAt === undefined) throw new Error('the start was not watched');
      ready.push(app.liveAt - app.spawnedAt);
      sandboxCalls.push(await heavyCalls(app));
    } finally {
      await app.close();
    }
  }
  log(
    `startup: ready ${ready.map(Math.round).join(', ')} ms; empty page ${baseline.map(Math.round).join(', ')} ms; from this process ${warm.map(Math.round).join(', ')} ms`,
  );
  if (sandboxCalls.length === 0) throw new Error('no event-loop figures');
  log(
    `startup: main's loop during the cold calls, max / p99 ms ${sandboxCalls.map((e) => `${round(e.maxMs)} / ${round(e.p99Ms)}`).join('; ')}`,
  );
  return {
    startup: { readyMs: round(median(ready), 0), baselineReadyMs: round(median(baseline), 0) },
    eventLoopSandboxCalls: {
      maxMs: median(sandboxCalls.map((e) => e.maxMs)),
      p99Ms: median(sandboxCalls.map((e) => e.p99Ms)),
    },
    sandboxCallsEach: sandboxCalls.map((e) => ({ maxMs: round(e.maxMs), p99Ms: round(e.p99Ms) })),
    warmEmptyPageMs: round(median(warm), 0),
  };
}

/**
 * The baseline: empty-page-process.mjs spawned with this process's Node, timed from the spawn to
 * the empty page's first frame (as the app is timed from the stand-in's spawn). Bounded: killed
 * after 60 s.
 */
async function emptyPageProcess(): Promise<number> {
  const profileDir = mkdtempSync(join(tmpdir(), 'bullpen-bench-empty-'));
  const launch = {
    cacheDir: standinCacheDir(),
    chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The stand-in's switches, and the DevTools port the benchmark's app is started with.
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
    profileDir,
    url: EMPTY_PAGE,
    firstFrame: FIRST_FRAME,
  };
  const spawnedAt = epochNow();
  const child = spawn(process.execPath, [EMPTY_PAGE_PROCESS], {
    env: { ...process.env, EMPTY_PAGE_LAUNCH: JSON.stringify(launch) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const out = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4_000)));
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(stdout);
        else reject(new Error(`the empty page's process ended with ${code}: ${stderr}`));
      });
    });
    const { shownAt } = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { shownAt?: number };
    if (typeof shownAt !== 'number') throw new Error(`the empty page's process said ${out.slice(0, 200)}`);
    return shownAt - spawnedAt;
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}

const EMPTY_PAGE_PROCESS = fileURLToPath(new URL('../lib/empty-page-process.mjs', import.meta.url));

/**
 * The same Chromium, launched from this process (Playwright loaded, an incognito context), to the
 * first frame of an empty page: the page records that frame's time itself (`epochNow`'s clock), as the app's start is timed by the
 * first frame that shows its live price, with nothing of the harness run in the page before it.
 */
async function emptyPage(): Promise<number> {
  const t0 = epochNow();
  const browser = await launchBareChromium();
  try {
    const page = await browser.newPage();
    await page.goto(EMPTY_PAGE);
    await definePageHelpers(page);
    const shownAt = (await page.evaluate(FIRST_FRAME)) as number;
    return shownAt - t0;
  } finally {
    await browser.close();
  }
}

// The page records its first frame's time itself and offers it as a promise (`FIRST_FRAME`).
const EMPTY_PAGE =
  'data:text/html,<title>empty</title><p>empty</p><script>window.firstFrame = new Promise((resolve) => requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now())))</script>';
const FIRST_FRAME = 'window.firstFrame';

async function heavyCalls(app: Awaited<ReturnType<typeof launchBenchApp>>): Promise<ProbeLine['eventLoop']> {
  await app.probe();
  const replies = await app.page.evaluate(async () => {
    const bridge = (
      window as unknown as { bullpen: { invoke(op: string, input: unknown): Promise<{ ok: boolean }> } }
    ).bullpen;
    const r = await Promise.all([
      bridge.invoke('api.week52HighLow', { rank_type: 'HIGH', page_size: 5 }),
      bridge.invoke('api.companyProfile', { symbol: 'AAPL', category: 'US_STOCK' }),
      bridge.invoke('api.bars', { symbol: 'AAPL', category: 'US_STOCK', timespan: 'M1', count: 1200 }),
    ]);
    return r.map((x) => x.ok);
  });
  if (replies.some((ok) => !ok)) log(`eventLoop: a heavy call failed (${replies.join(', ')})`);
  return (await app.probe()).eventLoop;
}
