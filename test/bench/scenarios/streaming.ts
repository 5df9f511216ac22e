import { randomBytes } from 'node:crypto';
import { connect as mqttConnect } from 'mqtt';
import type { QuoteSubType } from '../../../shared/proto/quotes';
import { formatPrice } from '../../../renderer/lib/format';
import { createOpenApiClient } from '../../../electron/openapi/client';
import { testEnvironment } from '../../../electron/openapi/testing/loopback-server';
import { startBenchSandbox, type BenchInstrument } from '../lib/bench-sandbox';
import { launchBenchApp, waitFor, watchlistLive } from '../lib/app';
import { epochNow, log, percentile, round, sleep } from '../lib/stats';
import { collectPaints, installPaintObserver, readAllPrices } from './streaming-page';

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

/** What the app's subscription asks for (renderer/features/quotes/use-quotes.ts, depth from main). */
const SUB_TYPES: QuoteSubType[] = ['SNAPSHOT', 'QUOTE'];

/**
 * The quote flood through the whole app (docs/benchmark.md "streaming"): the sandbox in this
 * process publishes every routed symbol round after round as fast as the socket drains; main
 * decodes and conflates; IPC carries the batches to the renderer, which paints the watchlist.
 */
export async function runStreaming(t: StreamingTimes) {
  // Publisher bookkeeping. Runs: when each (symbol, shown price) first went out to the app.
  const sent = new Map<string, number>();
  const lastShown = new Map<string, string>();
  const lastRaw = new Map<string, string>();
  const runs = new Map<string, Array<[string, number]>>();
  let recording = false;
  let baselineSession = '';
  const onPublished = (sessionId: string, subType: QuoteSubType, message: object) => {
    sent.set(sessionId, (sent.get(sessionId) ?? 0) + 1);
    if (subType !== 'SNAPSHOT' || sessionId === baselineSession) return;
    const m = message as { basic?: { symbol?: string }; price?: string };
    const symbol = m.basic?.symbol;
    if (!symbol || m.price === undefined || lastRaw.get(symbol) === m.price) return;
    lastRaw.set(symbol, m.price);
    const shown = formatPrice(m.price);
    if (lastShown.get(symbol) === shown) return;
    lastShown.set(symbol, shown);
    if (!recording) return;
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
    // The flood shares this process's event loop with the sandbox's HTTP API: paused while the
    // app starts, so its watchlist and snapshot calls are answered, resumed once it shows.
    broker.setPublishing(false);

    const app = await launchBenchApp({
      BULLPEN_BENCH_SANDBOX: JSON.stringify({
        apiUrl: sandbox.apiUrl,
        mqttUrl: sandbox.mqttUrl,
        eventsAddress: sandbox.eventsAddress,
        algorithm: sandbox.algorithm,
        appKey: sandbox.appKey,
        appSecret: sandbox.appSecret,
      }),
    });
    try {
      const { page } = app;
      log('streaming: app window up');
      await waitFor('the watchlist with live quotes', () => watchlistLive(page), 120_000).catch(
        async (e: Error) => {
          const state = await page
            .evaluate(() => ({
              quotes: document.querySelector('[data-testid="link-quotes"]')?.getAttribute('data-state'),
              rows: document.querySelectorAll('[role="row"][data-symbol]').length,
              cell: document.querySelector('[data-testid^="price-"]')?.textContent,
            }))
            .catch(() => undefined);
          throw new Error(`${e.message}: ${JSON.stringify(state)}`);
        },
      );
      // Runs are recorded from here on: a value painted in the window may have gone out before it
      // began (the screen trails the publisher under a flood), and is timed from its own publish.
      recording = true;
      broker.setPublishing(true);
      // A tall window (about 100 rows on screen): more painted changes to time per second.
      await page.setViewportSize({ width: 1440, height: 3_000 });
      const appSession = () => broker.sessions().find((id) => id !== baselineSession) ?? '';
      await waitFor(
        `${t.symbols} symbols routed to the app`,
        async () => Object.keys(broker.routesOf(appSession())).length >= t.symbols,
        120_000,
      );
      log('streaming: all symbols routed, warming up');
      await sleep(t.warmupSeconds * 1000);
      const baselineHeapMb = await app.heapMb();
      const warm = await app.probe();

      await installPaintObserver(page);
      const session = appSession();
      const sentBefore = sent.get(session) ?? 0;
      const start = performance.now();
      await sleep(t.windowSeconds * 1000);
      // Smoke: keep the window open (bounded) until at least 10 painted changes match a publish.
      while (t.maxWindowSeconds && performance.now() - start < t.maxWindowSeconds * 1000) {
        const soFar = await page.evaluate(
          () =>
            (window as unknown as { __bench: { paints: Array<[string, string, number]> } }).__bench.paints,
        );
        if (tickToPaint(soFar, runs).length >= 10) break;
        await sleep(1_000);
      }
      const windowProbe = await app.probe();
      const seconds = (performance.now() - start) / 1000;
      const ingested = (sent.get(session) ?? 0) - sentBefore;
      const { paints, longTasks } = await collectPaints(page);
      recording = false;

      await sleep(Math.max(0, t.memorySeconds * 1000 - (performance.now() - start)));
      const heapMb = await app.heapMb();
      const memoryProbe = await app.probe();

      log('streaming: memory taken, checking the final state');
      broker.setPublishing(false);
      // Main may still be working through what its socket holds: the final state is what the
      // screen shows once that has settled (checked every 2.5 s, at most 30 s).
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

      const latencies = tickToPaint(paints, runs);
      log(`streaming: ${latencies.length} painted changes matched of ${paints.length}`);
      return {
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
      };
    } finally {
      await app.close();
    }
  } finally {
    await bench.stop();
  }
}

/** Publish-to-frame delay of every painted change whose value the publisher sent in the window. */
function tickToPaint(
  paints: Array<[string, string, number]>,
  runs: Map<string, Array<[string, number]>>,
): number[] {
  const out: number[] = [];
  for (const [symbol, text, at] of paints) {
    const list = runs.get(symbol);
    if (!list) continue;
    // The newest run of this value that began before that frame: under a flood the screen can be
    // behind the newest publish, so a painted value is matched to its own run, however old.
    for (let i = list.length - 1; i >= 0; i--) {
      const run = list[i];
      if (!run || run[1] > at || run[0] !== text) continue;
      out.push(at - run[1]);
      break;
    }
  }
  return out;
}

/**
 * The baseline: a bare mqtt.js client (no decoding, no conflation) on the same broker and flood,
 * routed the same symbols and sub-types; messages per second over `seconds`, after one second in.
 */
async function bareSubscriber(
  sandbox: Awaited<ReturnType<typeof startBenchSandbox>>['sandbox'],
  instruments: BenchInstrument[],
  seconds: number,
  onSession: (id: string) => void,
): Promise<number> {
  const sessionId = randomBytes(16).toString('hex');
  onSession(sessionId);
  const client = mqttConnect(sandbox.mqttUrl, {
    clientId: sessionId,
    username: sandbox.appKey,
    password: randomBytes(16).toString('hex'),
    reconnectPeriod: 0,
    protocolVersion: 4,
    clean: true,
  });
  let messages = 0;
  client.on('message', () => messages++);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  const api = createOpenApiClient({
    environment: testEnvironment(sandbox.apiUrl, { algorithm: sandbox.algorithm }),
    credentials: { appKey: sandbox.appKey, appSecret: sandbox.appSecret },
  });
  try {
    const byCategory = new Map<string, string[]>();
    for (const i of instruments)
      byCategory.set(i.category, [...(byCategory.get(i.category) ?? []), i.symbol]);
    for (const [category, symbols] of byCategory)
      for (let i = 0; i < symbols.length; i += 100)
        await withRetry(() =>
          api.call('streamingSubscribe', {
            session_id: sessionId,
            symbols: symbols.slice(i, i + 100),
            category: category as 'US_STOCK',
            sub_types: SUB_TYPES,
            depth: 10,
          }),
        );
    await sleep(1_000);
    const before = messages;
    const start = performance.now();
    await sleep(seconds * 1000);
    return ((messages - before) * 1000) / (performance.now() - start);
  } finally {
    api.close();
    await client.endAsync(true);
  }
}

/**
 * The flood's first round computes every symbol's quote and holds the sandbox's loop for seconds;
 * a kept-alive socket the server timed out meanwhile resets. Routing again is harmless.
 */
async function withRetry<T>(call: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await call();
    } catch (error) {
      if (i >= tries) throw error;
      await sleep(500);
    }
  }
}
