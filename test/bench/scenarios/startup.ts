import { launchBareChromium } from '../../browser/bare-chromium';
import { BENCH_SANDBOX_CLOCK } from '../lib/bench-sandbox';
import { definePageHelpers, launchBenchApp, type ProbeLine } from '../lib/app';
import { epochNow, log, median, round } from '../lib/stats';

/**
 * Cold start (docs/benchmark.md "startup"): from spawning the stand-in to the default watchlist
 * showing a live price, on the embedded sandbox (its worker thread, as a user runs it), beside
 * the same Chromium started by Playwright opening an empty page. Median of `runs` each.
 *
 * The last app also serves main's event-loop figures while the embedded sandbox answers a cold
 * screener, a fundamentals call and a 1,200-bar M1 request (test/integration/sandbox-off-main-loop.test.ts).
 */
export async function runStartup(runs: number) {
  const ready: number[] = [];
  const baseline: number[] = [];
  let sandboxCalls: ProbeLine['eventLoop'] | undefined;
  for (let i = 0; i < runs; i++) {
    baseline.push(await emptyPage());
    // Watched over a bare CDP connection; Playwright attaches after (docs/benchmark.md "startup").
    const app = await launchBenchApp({ BULLPEN_SANDBOX_CLOCK: BENCH_SANDBOX_CLOCK }, { liveWithin: 120_000 });
    try {
      if (app.liveAt === undefined) throw new Error('the start was not watched');
      ready.push(app.liveAt - app.spawnedAt);
      if (i === runs - 1) sandboxCalls = await heavyCalls(app);
    } finally {
      await app.close();
    }
  }
  log(
    `startup: ready ${ready.map(Math.round).join(', ')} ms; empty page ${baseline.map(Math.round).join(', ')} ms`,
  );
  if (!sandboxCalls) throw new Error('no event-loop figures');
  return {
    startup: { readyMs: round(median(ready), 0), baselineReadyMs: round(median(baseline), 0) },
    eventLoopSandboxCalls: sandboxCalls,
  };
}

/**
 * The same Chromium, launched as the stand-in launches it, to the first frame of an empty page: the
 * page records that frame's time itself (`epochNow`'s clock), as the app's start is timed by the
 * first frame that shows its live price, with nothing of the harness run in the page before it.
 */
async function emptyPage(): Promise<number> {
  const t0 = epochNow();
  const browser = await launchBareChromium();
  try {
    const page = await browser.newPage();
    await page.goto(EMPTY_PAGE);
    await definePageHelpers(page);
    const shownAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const read = () => {
            const at = (window as unknown as { firstFrameAt?: number }).firstFrameAt;
            if (at === undefined) requestAnimationFrame(read);
            else resolve(at);
          };
          read();
        }),
    );
    return shownAt - t0;
  } finally {
    await browser.close();
  }
}

const EMPTY_PAGE =
  'data:text/html,<title>empty</title><p>empty</p><script>requestAnimationFrame(() => { window.firstFrameAt = performance.timeOrigin + performance.now(); })</script>';

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
