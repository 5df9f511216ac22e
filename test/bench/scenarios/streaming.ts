import { writeFileSync } from 'node:fs';
import type { QuoteSubType } from '../../../shared/proto/quotes';
import { formatPrice } from '../../../renderer/lib/format';
import { startBenchSandbox } from '../lib/bench-sandbox';
import { launchBenchApp } from '../lib/app';
import { benchSandboxEnv, waitForLiveWatchlist, waitForRouting } from '../lib/live-app';
import { displayPeriodMs, epochNow, inFrames, log, percentile, round, sleep } from '../lib/stats';
import { startTrace, TIMELINE_CATEGORIES } from '../lib/trace';
import {
  collectPaints,
  installPaintObserver,
  readAllPrices,
  rowLayout,
  scrollFrames,
} from './streaming-page';
import { latencySplit, tickToPaint } from './streaming-latency';
import { bareSubscriber, runBareTransport } from './streaming-bare';

export interface StreamingTimes {
  symbols: number;
  baselineSeconds: number;
  warmupSeconds: number;
  windowSeconds: number;
  /** Keep the window open up to this long until at least 10 changes were painted (smoke runs). */
  maxWindowSeconds?: number;
  /** Streaming time, counted from the window's start, after which the memory figures are taken. */
  memorySeconds: number;
}

export const FULL_STREAMING: StreamingTimes = {
  symbols: 1_000,
  baselineSeconds: 10,
  warmupSeconds: 10,
  windowSeconds: 30,
  memorySeconds: 180,
};
export const SMOKE_STREAMING: StreamingTimes = {
  symbols: 1_000,
  baselineSeconds: 2,
  warmupSeconds: 2,
  windowSeconds: 5,
  maxWindowSeconds: 40,
  memorySeconds: 6,
};

/** How long the window waits after the memory samples' forced collections. */
const PROBE_SETTLE_MS = 1_000;

/**
 * The quote flood through the whole app (docs/benchmark.md "streaming"): the sandbox in this
 * process publishes every routed symbol round after round as fast as the socket drains; main
 * decodes and conflates; IPC carries the batches to the renderer, which paints the watchlist.
 */
export async function runStreaming(t: StreamingTimes) {
  // Publisher bookkeeping, per session (the app's, the bare transport's). Runs: when each
  // (symbol, shown price) first went out to that session.
  const sent = new Map<string, number>();
  const books = new Map<string, Book>();
  const bookOf = (sessionId: string) => {
    let book = books.get(sessionId);
    if (!book) books.set(sessionId, (book = { lastShown: new Map(), lastRaw: new Map(), runs: new Map() }));
    return book;
  };
  const recording = new Set<string>();
  let baselineSession = '';
  const onPublished = (sessionId: string, subType: QuoteSubType, message: object) => {
    sent.set(sessionId, (sent.get(sessionId) ?? 0) + 1);
    if (subType !== 'SNAPSHOT' || sessionId === baselineSession) return;
    const { lastRaw, lastShown, runs } = bookOf(sessionId);
    const m = message as { basic?: { symbol?: string }; price?: string };
    const symbol = m.basic?.symbol;
    if (!symbol || m.price === undefined || lastRaw.get(symbol) === m.price) return;
    lastRaw.set(symbol, m.price);
    const shown = formatPrice(m.price);
    if (lastShown.get(symbol) === shown) return;
    lastShown.set(symbol, shown);
    if (!recording.has(sessionId)) return;
    let list = runs.get(symbol);
    if (!list) runs.set(symbol, (list = []));
    list.push([shown, epochNow()]);
  };
  const bench = await startBenchSandbox({
    watchlistSize: t.symbols,
    options: { quoteFlood: true },
    overrides: { onQuotePublished: onPublished },
  });
  const { sandbox, instruments } = bench;
  const broker = sandbox.quoteBroker;
  if (!broker) throw new Error('the sandbox has no quote broker');
  try {
    const baselineUpdatesPerSec = await bareSubscriber(sandbox, instruments, t.baselineSeconds, (id) => {
      baselineSession = id;
    });
    log(`streaming: bare mqtt.js subscriber ${Math.round(baselineUpdatesPerSec)} msg/s`);
    let bareSession = '';
    // The flood shares this process's event loop with the sandbox's HTTP API: paused while the
    // app starts, so its watchlist and snapshot calls are answered, resumed once it shows.
    broker.setPublishing(false);

    const appRun = await (async () => {
      const app = await launchBenchApp(benchSandboxEnv(sandbox));
      try {
        const { page } = app;
        log('streaming: app window up');
        await waitForLiveWatchlist(app, 120_000);
        // Runs are recorded from here on: a value painted in the window may have gone out before it
        // began (the screen trails the publisher under a flood), and is timed from its own publish.
        const appSession = () =>
          broker.sessions().find((id) => id !== baselineSession && id !== bareSession) ?? '';
        recording.add(appSession());
        broker.setPublishing(true);
        // A tall window (about 100 rows on screen): more painted changes to time per second.
        await page.setViewportSize({ width: 1440, height: 3_000 });
        await waitForRouting(broker, appSession, t.symbols, 120_000);
        log('streaming: all symbols routed, warming up');
        await sleep(t.warmupSeconds * 1000);
        const baselineHeapMb = await app.heapMb();
        // Main traces prices from this probe to the window's end (the latency split).
        app.setTrace(true);
        const warm = await app.probe();
        // Both samples above force a full collection (the page's, then main's): the window opens
        // once the backlog those pauses leave is through, so it times the app, not the benchmark's
        // own pauses (docs/benchmark.md "streaming").
        await sleep(PROBE_SETTLE_MS);

        await installPaintObserver(page);
        // BENCH_RENDERER_PROFILE=file.cpuprofile: the renderer's CPU profile of the window (docs/benchmark.md).
        const profiler = process.env.BENCH_RENDERER_PROFILE
          ? await page.context().newCDPSession(page)
          : undefined;
        if (profiler) {
          await profiler.send('Profiler.enable');
          await profiler.send('Profiler.start');
        }
        // BENCH_RENDERER_TRACE=file.json: a Chromium timeline trace of the window (chrome://tracing, DevTools).
        const traceFile = process.env.BENCH_RENDERER_TRACE;
        const tracer = traceFile ? await page.context().newCDPSession(page) : undefined;
        const trace =
          tracer && traceFile ? await startTrace(tracer, TIMELINE_CATEGORIES, traceFile) : undefined;
        const session = appSession();
        const sentBefore = sent.get(session) ?? 0;
        const start = performance.now();
        await sleep(t.windowSeconds * 1000);
        // Smoke: keep the window open (bounded) until at least 10 painted changes match a publish.
        while (t.maxWindowSeconds && performance.now() - start < t.maxWindowSeconds * 1000) {
          const soFar = await page.evaluate(
            () =>
              (window as unknown as { __bench: { paints: Array<[string, string, number, number]> } }).__bench
                .paints,
          );
          if (tickToPaint(soFar, bookOf(session).runs).length >= 10) break;
          await sleep(1_000);
        }
        // The page's observer stops before main's probe forces its collection, for the same reason.
        const { paints, mounts, longTasks, longTaskMs, longFrames } = await collectPaints(page);
        app.setTrace(false);
        const windowProbe = await app.probe();
        const seconds = (performance.now() - start) / 1000;
        const ingested = (sent.get(session) ?? 0) - sentBefore;
        if (longTaskMs.length > 0) log(`streaming: long tasks ${longTaskMs.join(', ')} ms`);
        for (const f of longFrames)
          log(
            `streaming: long frame ${f.ms} ms (rendering ${f.renderMs}, from style and layout on ${f.styleAndLayoutMs}): ${f.scripts.map((x) => `${x.what} ${x.ms} ms`).join('; ') || 'no script'}`,
          );
        // BENCH_RENDERER_ALLOC=file.heapprofile: what the renderer allocated during the scroll, by
        // function, garbage included (a sampling heap profile, DevTools' Memory panel reads it).
        const allocFile = process.env.BENCH_RENDERER_ALLOC;
        const allocations = allocFile ? await page.context().newCDPSession(page) : undefined;
        if (allocations) {
          await allocations.send('HeapProfiler.enable');
          await allocations.send('HeapProfiler.startSampling', {
            samplingInterval: 4096,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          });
        }
        // The whole watchlist scrolled top to bottom while the flood goes on (docs/benchmark.md "scale").
        const layout = await rowLayout(page);
        const scroll = await scrollFrames(page);
        if (allocations && allocFile) {
          const { profile } = await allocations.send('HeapProfiler.stopSampling');
          writeFileSync(allocFile, JSON.stringify(profile));
          await allocations.detach();
        }
        log(
          `streaming: scrolled ${scroll.frameMs.length} frames, ${scroll.rowsNotLive} of ${scroll.rowsChecked} rows on screen without a price; frames over 20 ms (index: ms) ${slowFrames(scroll.frameMs)}`,
        );
        await trace?.stop();
        await tracer?.detach();
        if (profiler && process.env.BENCH_RENDERER_PROFILE) {
          const { profile } = await profiler.send('Profiler.stop');
          writeFileSync(process.env.BENCH_RENDERER_PROFILE, JSON.stringify(profile));
          await profiler.detach();
        }
        recording.delete(session);

        // Halfway to the memory figure, main's memory once more: growth that goes on between the
        // two later samples is a leak, growth that stops is warm-up.
        const midAt = (performance.now() - start + t.memorySeconds * 1000) / 2;
        await sleep(Math.max(0, midAt - (performance.now() - start)));
        const midProbe = await app.probe();
        await sleep(Math.max(0, t.memorySeconds * 1000 - (performance.now() - start)));
        const heapMb = await app.heapMb();
        const memoryProbe = await app.probe();

        log('streaming: memory taken, checking the final state');
        broker.setPublishing(false);
        // Main may still be working through what its socket holds: the final state is what the
        // screen shows once that has settled (checked every 2.5 s, at most 30 s).
        const { lastShown, runs } = bookOf(session);
        let painted: Record<string, string> = {};
        let finalStateExact = false;
        for (let i = 0; i < 12 && !finalStateExact; i++) {
          await sleep(2_500);
          painted = await readAllPrices(page);
          finalStateExact =
            instruments.length > 0 && instruments.every((x) => painted[x.symbol] === lastShown.get(x.symbol));
        }
        if (!finalStateExact) {
          const wrong = instruments.filter((i) => painted[i.symbol] !== lastShown.get(i.symbol)).slice(0, 5);
          log(
            `streaming: final state differs, e.g. ${wrong.map((i) => `${i.symbol} ${painted[i.symbol]} ≠ ${lastShown.get(i.symbol)}`).join(', ')}`,
          );
        }

        const matched = tickToPaint(paints, runs);
        const latencies = matched.map((m) => m.shown - m.published);
        log(`streaming: ${latencies.length} painted changes matched of ${paints.length}`);
        const split = latencySplit(matched, windowProbe.trace ?? [], warm.at);
        return {
          scroll,
          scrollerSize: scroll.scroller,
          layout,
          mainNice: app.nice(),
          result: {
            streaming: {
              ingestedPerSec: round(ingested / seconds, 0),
              appliedPerSec: round((windowProbe.quoteUpdatesSent - warm.quoteUpdatesSent) / seconds, 0),
              p50Ms: round(percentile(latencies, 50)),
              p99Ms: round(percentile(latencies, 99)),
              longTasks,
              finalStateExact,
              baselineUpdatesPerSec: round(baselineUpdatesPerSec, 0),
            },
            memory: {
              heapMb: round(heapMb),
              baselineHeapMb: round(baselineHeapMb),
              mainRssMb: round(memoryProbe.rssMb),
              baselineMainRssMb: round(warm.rssMb),
            },
            eventLoopStreaming: windowProbe.eventLoop,
            // Beside the fixed keys, never among them (docs/benchmark.md "Diagnostics").
            diagnostics: {
              latencySplit: split,
              // Price cells mounted in the window (rows entering the grid's rendered range): not timed.
              priceCellsMounted: mounts,
              // The window's frames over 50 ms, with the scripts that ran longest in each.
              longFrames,
              mainMemory: {
                // Main's V8 heap after the same collection: a leak of JS objects shows here, allocator
                // growth only in RSS.
                mainHeapMb: round(memoryProbe.heapUsedMb),
                baselineMainHeapMb: round(warm.heapUsedMb),
                mainGc: memoryProbe.gc,
                midMainRssMb: round(midProbe.rssMb),
                midMainHeapMb: round(midProbe.heapUsedMb),
                midSeconds: round(midAt / 1000, 0),
                // Buffers and other memory V8 tracks outside its heap (socket reads, IPC strings' backing stores).
                baselineMainExternalMb: round(warm.externalMb),
                mainExternalMb: round(memoryProbe.externalMb),
                baselineMainHeapTotalMb: round(warm.heapTotalMb),
                midMainHeapTotalMb: round(midProbe.heapTotalMb),
                mainHeapTotalMb: round(memoryProbe.heapTotalMb),
              },
            },
          },
        };
      } finally {
        await app.close();
      }
    })();
    // The same flood through a bare process into a bare table in the same Chromium (tick-to-paint's
    // and main's event loop's baseline), timed as the app is; recorded from its routing on.
    // The app is closed: the flood goes on for the bare process alone.
    broker.setPublishing(true);
    const bare = await runBareTransport({
      sandbox,
      instruments,
      rows: instruments.map((i) => ({ symbol: i.symbol, name: i.name })),
      scroller: appRun.scrollerSize,
      layout: appRun.layout,
      warmupSeconds: t.warmupSeconds,
      windowSeconds: t.windowSeconds,
      maxWindowSeconds: t.maxWindowSeconds,
      enough: (paints) => tickToPaint(paints, bookOf(bareSession).runs).length >= 10,
      onSession: (id) => {
        bareSession = id;
        recording.add(id);
      },
    });
    const bareLatencies = tickToPaint(bare.paints, bookOf(bareSession).runs).map(
      (m) => m.shown - m.published,
    );
    log(`streaming: bare transport ${bareLatencies.length} painted changes matched of ${bare.paints.length}`);
    log(
      `streaming: bare list (${bare.cellsARow} cells a row, the app's ${appRun.layout.cells}) frames over 20 ms ${slowFrames(bare.scroll.frameMs)}; the minimal list's ${slowFrames(bare.minimalScroll.frameMs)}`,
    );
    recording.delete(bareSession);
    const periodMs = displayPeriodMs([...appRun.scroll.frameMs, ...bare.scroll.frameMs]);
    const appFrames = inFrames(appRun.scroll.frameMs, periodMs);
    const bareFrames = inFrames(bare.scroll.frameMs, periodMs);
    return {
      ...appRun.result,
      streaming: {
        ...appRun.result.streaming,
        // The same flood through a bare process into a bare virtualised list (streaming-bare.ts).
        baselineP50Ms: round(percentile(bareLatencies, 50)),
        baselineP99Ms: round(percentile(bareLatencies, 99)),
        baselineLongTasks: bare.longTasks,
      },
      scale: {
        scrollFrameP50Ms: round(percentile(appRun.scroll.frameMs, 50)),
        scrollFrameP99Ms: round(percentile(appRun.scroll.frameMs, 99)),
        baselineScrollFrameP50Ms: round(percentile(bare.scroll.frameMs, 50)),
        baselineScrollFrameP99Ms: round(percentile(bare.scroll.frameMs, 99)),
        // The same, in the display's frames: what the targets judge (docs/benchmark.md "scale").
        scrollFrameP50Frames: percentile(appFrames, 50),
        scrollFrameP99Frames: percentile(appFrames, 99),
        baselineScrollFrameP50Frames: percentile(bareFrames, 50),
        baselineScrollFrameP99Frames: percentile(bareFrames, 99),
        rowsNotLive: appRun.scroll.rowsNotLive,
      },
      eventLoopBare: bare.eventLoop,
      diagnostics: {
        ...appRun.result.diagnostics,
        // What the scroll's baseline draws beside the app, and the list it replaced (two texts a
        // row), scrolled the same way after it (docs/benchmark.md "Bare baselines").
        scroll: {
          appCellsARow: appRun.layout.cells,
          bareCellsARow: bare.cellsARow,
          minimalListScrollFrameP50Ms: round(percentile(bare.minimalScroll.frameMs, 50)),
          minimalListScrollFrameP99Ms: round(percentile(bare.minimalScroll.frameMs, 99)),
          displayPeriodMs: round(periodMs, 2),
        },
        // Each transport's nice value, the app's main and the bare process: the same, or the two
        // pages did not get the CPU on the same terms (docs/benchmark.md "Bare baselines").
        transportNice: { main: appRun.mainNice, bare: bare.nice },
      },
    };
  } finally {
    await bench.stop();
  }
}

interface Book {
  lastShown: Map<string, string>;
  lastRaw: Map<string, string>;
  runs: Map<string, Array<[string, number]>>;
}

/** The scroll's slow frames as `index: ms`, for the log: which frames of the scroll cost the tail. */
function slowFrames(frameMs: number[]): string {
  const slow = frameMs.flatMap((ms, i) => (ms > 20 ? [`${i}: ${Math.round(ms)}`] : []));
  return slow.length ? slow.join(', ') : 'none';
}
