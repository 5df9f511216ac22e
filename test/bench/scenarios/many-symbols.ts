import { startBenchSandbox } from '../lib/bench-sandbox';
import { launchBenchApp, type ProbeLine } from '../lib/app';
import { benchSandboxEnv, waitForLiveWatchlist, waitForRouting } from '../lib/live-app';
import { log, round, sleep } from '../lib/stats';
import { bareSubscriber } from './streaming-bare';

export interface ManySymbolsTimes {
  symbols: number;
  baselineSeconds: number;
  warmupSeconds: number;
  /** The measured window; main's memory is read at its start, halfway and at its end. */
  windowSeconds: number;
}

export const FULL_MANY_SYMBOLS: ManySymbolsTimes = {
  symbols: 5_000,
  baselineSeconds: 10,
  warmupSeconds: 15,
  windowSeconds: 90,
};
export const SMOKE_MANY_SYMBOLS: ManySymbolsTimes = {
  symbols: 5_000,
  baselineSeconds: 2,
  warmupSeconds: 2,
  windowSeconds: 6,
};

/**
 * Main's memory is flat when, after a forced full collection at each point, its heap at the end of
 * the window is at most this much above the heap halfway through it, and its RSS at most
 * `FLAT_RSS_MB` above (RSS also holds the allocator's arenas and Playwright's driver, which an
 * Electron main does not, so it gets more room).
 */
export const FLAT_HEAP_MB = 5;
export const FLAT_RSS_MB = 20;

/**
 * 5,000 symbols through main (docs/benchmark.md "manySymbols"): the sandbox in this process with
 * synthetic stocks after the real universe, the watchlist "Default" holding all of them, so main
 * routes 5,000 symbols on its one MQTT connection (as the app does: one connection per
 * environment, docs/streaming.md) and the flood writes them to it as fast as its socket drains.
 * Ingest beside a bare mqtt.js subscriber routed the same symbols in the same run; main's heap and
 * RSS at the window's start, middle and end; and what main sends the window, which shows a few
 * dozen rows of the 5,000.
 */
export async function runManySymbols(t: ManySymbolsTimes) {
  const sent = new Map<string, number>();
  const bench = await startBenchSandbox({
    watchlistSize: t.symbols,
    // The real universe has 1,023 instruments: the rest are synthetic stocks.
    options: { quoteFlood: true, syntheticSymbols: t.symbols, marketDataLimitPerMinute: 10_000 },
    overrides: {
      onQuotePublished: (sessionId) => sent.set(sessionId, (sent.get(sessionId) ?? 0) + 1),
    },
  });
  const { sandbox, instruments } = bench;
  const broker = sandbox.quoteBroker;
  if (!broker) throw new Error('the sandbox has no quote broker');
  try {
    let baselineSession = '';
    const baselineUpdatesPerSec = await bareSubscriber(sandbox, instruments, t.baselineSeconds, (id) => {
      baselineSession = id;
    });
    log(
      `manySymbols: bare mqtt.js subscriber ${Math.round(baselineUpdatesPerSec)} msg/s (${t.symbols} symbols)`,
    );
    // Paused while the app starts (the flood shares this process with the sandbox's HTTP API).
    broker.setPublishing(false);
    const app = await launchBenchApp(benchSandboxEnv(sandbox));
    try {
      const { page } = app;
      await waitForLiveWatchlist(app, 180_000);
      const appSession = () => broker.sessions().find((id) => id !== baselineSession) ?? '';
      broker.setPublishing(true);
      await waitForRouting(broker, appSession, t.symbols, 180_000);
      const session = appSession();
      const connections = broker.sessions().filter((id) => id !== baselineSession).length;
      log(`manySymbols: ${t.symbols} symbols routed on ${connections} connection(s), warming up`);
      await sleep(t.warmupSeconds * 1000);

      // Each probe forces a full collection in main first, then reads its memory.
      const start = await app.probe();
      const sentAtStart = sent.get(session) ?? 0;
      const t0 = performance.now();
      await sleep((t.windowSeconds * 1000) / 2);
      const mid = await app.probe();
      await sleep(Math.max(0, t.windowSeconds * 1000 - (performance.now() - t0)));
      const end = await app.probe();
      const seconds = (performance.now() - t0) / 1000;
      const ingested = (sent.get(session) ?? 0) - sentAtStart;
      // What the window shows: the watchlist's rendered rows (on screen and its overscan).
      const rowsRendered = await page.evaluate(
        () => document.querySelectorAll('[role="row"][data-symbol]').length,
      );
      broker.setPublishing(false);

      const mb = (p: ProbeLine, key: 'heapUsedMb' | 'rssMb') => round(p[key]);
      const heapGrowth = end.heapUsedMb - mid.heapUsedMb;
      const rssGrowth = end.rssMb - mid.rssMb;
      log(
        `manySymbols: main heap ${mb(start, 'heapUsedMb')} → ${mb(mid, 'heapUsedMb')} → ${mb(end, 'heapUsedMb')} MB, RSS ${mb(start, 'rssMb')} → ${mb(mid, 'rssMb')} → ${mb(end, 'rssMb')} MB; ${end.quoteSymbolsSent} symbols sent to a window showing ${rowsRendered} rows`,
      );
      return {
        manySymbols: {
          symbols: t.symbols,
          connections,
          ingestedPerSec: round(ingested / seconds, 0),
          baselineUpdatesPerSec: round(baselineUpdatesPerSec, 0),
          appliedPerSec: round((end.quoteUpdatesSent - start.quoteUpdatesSent) / seconds, 0),
          // Distinct symbols main sent the window updates for in the window's second half.
          windowSymbolsSent: end.quoteSymbolsSent,
          rowsRendered,
          mainHeapStartMb: mb(start, 'heapUsedMb'),
          mainHeapMidMb: mb(mid, 'heapUsedMb'),
          mainHeapEndMb: mb(end, 'heapUsedMb'),
          mainRssStartMb: mb(start, 'rssMb'),
          mainRssMidMb: mb(mid, 'rssMb'),
          mainRssEndMb: mb(end, 'rssMb'),
          mainMemoryFlat: start.gc && heapGrowth <= FLAT_HEAP_MB && rssGrowth <= FLAT_RSS_MB,
        },
        diagnostics: {
          manySymbols: {
            windowSeconds: round(seconds, 1),
            mainGc: end.gc,
            eventLoop: end.eventLoop,
            mainExternalMb: [round(start.externalMb), round(mid.externalMb), round(end.externalMb)],
            mainHeapTotalMb: [round(start.heapTotalMb), round(mid.heapTotalMb), round(end.heapTotalMb)],
          },
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await bench.stop();
  }
}
