import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBareChromium } from '../../browser/bare-chromium';
import { serveBuiltPage, type BuiltPage } from '../../browser/built-page';
import { definePageHelpers } from '../lib/app';
import { log, median, round } from '../lib/stats';

const PAGE_DIR = fileURLToPath(new URL('../chart-page/', import.meta.url));

interface BullpenRun {
  firstPaintMs: number;
  /** The API's bars in hand → the first setData call (conversion and windowing before it). */
  dataToSetDataMs: number;
  updateMedianMs: number;
  pageBackMs: number;
  /** The longest task (over 50 ms, else 0) from the page back's start to its second frame. */
  pageBackLongestTaskMs: number;
  bars: number;
}
interface BareRun {
  firstPaintMs: number;
  dataToSetDataMs: number;
  updateMedianMs: number;
}

/**
 * The chart (docs/benchmark.md "chart"): the page in chart-page/ built with Vite and served on
 * loopback; each run a fresh page in one headless Chromium (the stand-in's flags), Bullpen's
 * ChartController and a bare lightweight-charts chart alternately; medians over `runs`.
 */
export async function runChart(opts: { runs: number; bars: number; updates: number; older: number }) {
  let served: BuiltPage | undefined;
  let browser: Browser | undefined;
  try {
    served = await serveBuiltPage({ configFile: join(PAGE_DIR, 'vite.config.mts') }, 'bullpen-bench-chart-');
    const url = served.url;
    browser = await launchBareChromium();
    const ours: BullpenRun[] = [];
    const bare: BareRun[] = [];
    for (let i = 0; i < opts.runs; i++) {
      for (const kind of ['bare', 'bullpen'] as const) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
        await page.goto(url);
        await definePageHelpers(page);
        await page.waitForFunction(() => 'chartBench' in window);
        if (kind === 'bare')
          bare.push(
            await page.evaluate(
              ([n, u]) =>
                (
                  window as unknown as { chartBench: { bare(n: number, u: number): Promise<BareRun> } }
                ).chartBench.bare(n, u),
              [opts.bars, opts.updates] as const,
            ),
          );
        else
          ours.push(
            await page.evaluate(
              ([n, u, o]) =>
                (
                  window as unknown as {
                    chartBench: { bullpen(n: number, u: number, o: number): Promise<BullpenRun> };
                  }
                ).chartBench.bullpen(n, u, o),
              [opts.bars, opts.updates, opts.older] as const,
            ),
          );
        await page.close();
      }
    }
    const last = ours[ours.length - 1];
    if (last && last.bars !== opts.bars + opts.older)
      log(`chart: ${last.bars} bars after the page back, not ${opts.bars + opts.older}`);
    const m = <T>(list: T[], key: keyof T) => round(median(list.map((r) => Number(r[key]))), 2);
    const longest = Math.max(...ours.map((r) => r.pageBackLongestTaskMs));
    log(
      `chart: longest task while paging back ${ours.map((r) => Math.round(r.pageBackLongestTaskMs)).join(', ')} ms`,
    );
    return {
      figures: {
        firstPaintMs: m(ours, 'firstPaintMs'),
        baselineFirstPaintMs: m(bare, 'firstPaintMs'),
        dataToSetDataMs: m(ours, 'dataToSetDataMs'),
        baselineDataToSetDataMs: m(bare, 'dataToSetDataMs'),
        updateMedianMs: m(ours, 'updateMedianMs'),
        baselineUpdateMedianMs: m(bare, 'updateMedianMs'),
        pageBackMs: m(ours, 'pageBackMs'),
      },
      // Shown in the table and the log, not written to the JSON (its keys are fixed, docs/benchmark.md).
      pageBackLongestTaskMs: round(longest, 0),
    };
  } finally {
    await browser?.close();
    await served?.close();
  }
}
