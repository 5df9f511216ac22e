import { randomBytes } from 'node:crypto';
import { startTcpLink, type TcpLink } from '../../faults/tcp-link';
import { startBenchSandbox } from '../lib/bench-sandbox';
import { launchBenchApp, waitFor, type ProbeLine } from '../lib/app';
import { benchSandboxEnv, waitForLiveWatchlist } from '../lib/live-app';
import { log, round, sleep } from '../lib/stats';
import {
  collectPageErrors,
  linkChanges,
  linkState,
  mainLogErrors,
  reconnectsOf,
  rendererSample,
  watchLinks,
  type LinkName,
} from './soak-page';

/**
 * A trading day survived (docs/benchmark.md "soak"): the real built app through the Electron
 * stand-in on the benchmark's sandbox, its market clock pinned to a session's open and run fast
 * (SandboxOptions.marketSpeed) so that the whole regular session passes in `daySeconds`: a
 * 500-symbol watchlist streaming, the default workspace's chart open, price alerts firing (and
 * re-armed, so they fire all day), market orders placed and filled, limit orders placed and
 * cancelled, and the MQTT broker's and the gRPC event stream's links each dropped twice (TCP relays
 * in front of the sandbox's listeners, cut and restored: the sandbox keeps running). Main's and
 * the renderer's memory, main's event loop, reconnects, errors and main's timers and handles are
 * taken at the start of the day and at its end.
 */
export interface SoakTimes {
  symbols: number;
  /** Wall-clock seconds the regular session (6.5 market hours) takes. */
  daySeconds: number;
  /** An order round (a market buy, a limit buy cancelled) and an alert re-arm this often. */
  roundSeconds: number;
  /** How long a dropped link stays down before it is restored. */
  downSeconds: number;
}

export const FULL_SOAK: SoakTimes = { symbols: 500, daySeconds: 600, roundSeconds: 10, downSeconds: 5 };
/** `npm test`'s run (test/bench/soak.test.ts): one app start, within two minutes on 2 cores. */
export const SHORT_SOAK: SoakTimes = { symbols: 500, daySeconds: 45, roundSeconds: 5, downSeconds: 1 };

/** Wednesday 18 Nov 2026, 09:30 New York: the open. */
const OPEN = Date.parse('2026-11-18T14:30:00Z');
const SESSION_MS = 390 * 60_000;
const ALERT_SYMBOLS = 6;
/** Wall time before the close after which no market order is placed (it could not fill). */
const LAST_MARKET_ORDER_MS = 5_000;

export interface SoakResult {
  soak: {
    symbols: number;
    daySeconds: number;
    marketSpeed: number;
    mainRssStartMb: number;
    mainRssGrowthMb: number;
    mainHeapGrowthMb: number;
    rendererHeapStartMb: number;
    rendererHeapGrowthMb: number;
    eventLoopP99Ms: number;
    eventLoopMaxMs: number;
    quoteDrops: number;
    quoteReconnects: number;
    eventDrops: number;
    eventReconnects: number;
    ordersFilled: number;
    ordersCancelled: number;
    alertsFired: number;
    alertsFiredAfterDrops: number;
    pageErrors: number;
    consoleErrors: number;
    mainLogErrors: number;
    unhandledRejections: number;
    mainTimersGrowth: number;
    mainHandlesGrowth: number;
    rendererListenersGrowth: number;
    linksLiveAtEnd: boolean;
  };
  /** What explains a figure: the errors' text, main's resources by kind at the start and the end. */
  diagnostics: {
    errors: string[];
    resourcesStart: Record<string, number>;
    resourcesEnd: Record<string, number>;
    linkChanges: Array<[string, string]>;
    ordersNotAsExpected: string[];
  };
}

type Bridge = {
  invoke(op: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: unknown }>;
};

export async function runSoak(t: SoakTimes): Promise<SoakResult> {
  const speed = round(SESSION_MS / (t.daySeconds * 1000), 2);
  const bench = await startBenchSandbox({
    watchlistSize: t.symbols,
    options: { marketStartAt: OPEN, marketSpeed: speed },
  });
  const { sandbox, instruments } = bench;
  const links: TcpLink[] = [];
  try {
    const quotesLink = await startTcpLink(sandbox.mqttUrl.replace(/^mqtt:\/\//, ''));
    links.push(quotesLink);
    const eventsLink = await startTcpLink(sandbox.eventsAddress);
    links.push(eventsLink);
    const app = await launchBenchApp(
      benchSandboxEnv(sandbox, {
        mqttUrl: `mqtt://${quotesLink.address}`,
        eventsAddress: eventsLink.address,
      }),
    );
    try {
      const { page } = app;
      const found = collectPageErrors(page);
      await waitForLiveWatchlist(app, 120_000);
      await watchLinks(page);
      const allLive = async () => {
        for (const link of ['api', 'quotes', 'events'] as const)
          if ((await linkState(page, link)) !== 'live') return false;
        return true;
      };
      await waitFor('every link live', allLive, 120_000);
      await page.getByRole('region', { name: /Chart/ }).first().waitFor({ timeout: 30_000 });
      const dayStart = performance.now();
      log(`soak: app live, ${t.symbols} symbols, market ×${speed}`);

      const invoke = (op: string, input: unknown) =>
        page.evaluate(([o, i]) => (window as unknown as { bullpen: Bridge }).bullpen.invoke(o as string, i), [
          op,
          input,
        ] as const);
      const must = async <T>(op: string, input: unknown): Promise<T> => {
        const r = await invoke(op, input);
        if (!r.ok) throw new Error(`${op} failed: ${JSON.stringify(r.error)}`);
        return r.value as T;
      };
      const accounts = await must<Array<{ account_id: string }>>('api.accountList', {});
      const account = accounts[0]?.account_id;
      if (!account) throw new Error('no account');
      // Alerts main evaluates on its own quote subscription: "at or above 0.01" holds on the next
      // quote, so each fires once it is armed; re-armed every round, they fire all day.
      for (const i of instruments.slice(0, ALERT_SYMBOLS))
        await must('alerts.create', {
          symbol: i.symbol,
          category: i.category,
          condition: { kind: 'above', price: '0.01' },
        });
      let alertsFired = 0;
      let firedAfterDrops = 0;
      let dropsDone = 0;
      const rearmFired = async () => {
        const state = await must<{ alerts: Array<{ id: string; status: string }> }>('alerts.list', {});
        for (const a of state.alerts.filter((x) => x.status === 'triggered')) {
          alertsFired++;
          if (dropsDone === 4) firedAfterDrops++;
          await must('alerts.rearm', { id: a.id });
        }
      };

      const filled: string[] = [];
      const cancelled: string[] = [];
      let rounds = 0;
      const order = (symbol: string, type: 'MARKET' | 'LIMIT') => ({
        client_order_id: randomBytes(16).toString('hex'),
        symbol,
        instrument_type: 'EQUITY',
        market: 'US',
        order_type: type,
        ...(type === 'LIMIT' ? { limit_price: '1.00' } : {}),
        quantity: '1',
        side: 'BUY',
        // The real service refuses a DAY order once the regular session is over and takes GTC
        // around the clock: the limit that is placed and cancelled each round may come after
        // the close of a fast day.
        time_in_force: type === 'LIMIT' ? 'GTC' : 'DAY',
        entrust_type: 'QTY',
      });
      const orderRound = async () => {
        const symbol = instruments[rounds++ % 50]?.symbol ?? 'AAPL';
        // A market order fills in the regular session only (and at the next pass of the sandbox's
        // matching loop): none in the session's last few wall seconds.
        if (sandbox.market.now() < OPEN + SESSION_MS - speed * LAST_MARKET_ORDER_MS) {
          const market = order(symbol, 'MARKET');
          await must('api.orderPlace', { account_id: account, new_orders: [market] });
          filled.push(market.client_order_id);
        }
        const limit = order(symbol, 'LIMIT');
        await must('api.orderPlace', { account_id: account, new_orders: [limit] });
        await must('api.orderCancel', { account_id: account, client_order_id: limit.client_order_id });
        cancelled.push(limit.client_order_id);
        await rearmFired();
      };

      // The start of the day: one round done, then main's and the renderer's figures.
      await orderRound();
      const rendererCdp = await page.context().newCDPSession(page);
      const startRenderer = await rendererSample(rendererCdp);
      const startMain = await app.probe();
      const startResources = await steadyResources(app, startMain);

      // The day: rounds at their pace; the four drops spread over it (at 1/6 … 4/6 of the day),
      // the market's close falling at its end.
      const dropAt = [1, 2, 3, 4].map((k) => (k * t.daySeconds * 1000) / 6);
      const dropOrder: LinkName[] = ['quotes', 'events', 'quotes', 'events'];
      const drop = async (which: LinkName) => {
        const link = which === 'quotes' ? quotesLink : eventsLink;
        await link.cut();
        await waitFor(`${which} reconnecting`, async () => (await linkState(page, which)) !== 'live', 60_000);
        await sleep(t.downSeconds * 1000);
        await link.restore();
        await waitFor(`${which} live again`, async () => (await linkState(page, which)) === 'live', 120_000);
        dropsDone++;
        log(`soak: ${which} dropped and back (${dropsDone} of 4)`);
      };
      let nextRound = performance.now() + t.roundSeconds * 1000;
      while (performance.now() - dayStart < t.daySeconds * 1000) {
        const dueDrop = dropAt[dropsDone];
        if (dueDrop !== undefined && performance.now() - dayStart >= dueDrop) {
          await drop(dropOrder[dropsDone] ?? 'quotes');
          continue;
        }
        if (performance.now() >= nextRound) {
          await orderRound();
          nextRound += t.roundSeconds * 1000;
          continue;
        }
        await sleep(250);
      }
      // A run slower than planned (a loaded machine) still drops each link twice.
      while (dropsDone < 4) await drop(dropOrder[dropsDone] ?? 'quotes');
      // The end: every link live, a last round (alerts still fire and orders still fill after
      // the drops), then the same figures as at the start.
      await waitFor('every link live at the end', allLive, 120_000);
      await waitFor(
        'an alert fired after the last drop',
        async () => {
          await rearmFired();
          if (firedAfterDrops > 0) return true;
          await sleep(500);
          return false;
        },
        60_000,
      );
      await orderRound();
      const endRenderer = await rendererSample(rendererCdp);
      const endMain = await app.probe();
      const endResources = await steadyResources(app, endMain);
      const linksLiveAtEnd = await allLive();
      const changes = await linkChanges(page);

      // The sandbox's own record of every order: each market order filled (the last one at the
      // matching loop's next pass), each limit cancelled.
      const statusOf = (id: string) => {
        try {
          return sandbox.engine.detail(account, id).status;
        } catch {
          return 'MISSING';
        }
      };
      const misplaced = () => [
        ...filled.filter((id) => statusOf(id) !== 'FILLED').map((id) => `${id} ${statusOf(id)}, not FILLED`),
        ...cancelled
          .filter((id) => statusOf(id) !== 'CANCELLED')
          .map((id) => `${id} ${statusOf(id)}, not CANCELLED`),
      ];
      await waitFor('every order filled or cancelled', async () => misplaced().length === 0, 30_000).catch(
        () => undefined,
      );
      const wrong = misplaced();
      const logErrors = mainLogErrors(app.userDataDir);
      const unhandled = logErrors.filter((l) => /unhandled promise rejection|uncaught exception/.test(l));
      const dayProbe: ProbeLine['eventLoop'] = endMain.eventLoop;
      const count = (r: Record<string, number>, kind: (k: string) => boolean) =>
        Object.entries(r).reduce((n, [k, v]) => (kind(k) ? n + v : n), 0);
      const timers = (k: string) => k === 'Timeout' || k === 'Immediate';
      return {
        soak: {
          symbols: t.symbols,
          daySeconds: round1((performance.now() - dayStart) / 1000),
          marketSpeed: speed,
          mainRssStartMb: round1(startMain.rssMb),
          mainRssGrowthMb: round1(endMain.rssMb - startMain.rssMb),
          mainHeapGrowthMb: round1(endMain.heapUsedMb - startMain.heapUsedMb),
          rendererHeapStartMb: round1(startRenderer.heapMb),
          rendererHeapGrowthMb: round1(endRenderer.heapMb - startRenderer.heapMb),
          eventLoopP99Ms: round1(dayProbe.p99Ms),
          eventLoopMaxMs: round1(dayProbe.maxMs),
          quoteDrops: 2,
          quoteReconnects: reconnectsOf(changes, 'quotes'),
          eventDrops: 2,
          eventReconnects: reconnectsOf(changes, 'events'),
          ordersFilled: filled.length - wrong.filter((w) => w.endsWith('not FILLED')).length,
          ordersCancelled: cancelled.length - wrong.filter((w) => w.endsWith('not CANCELLED')).length,
          alertsFired,
          alertsFiredAfterDrops: firedAfterDrops,
          pageErrors: found.pageErrors.length,
          consoleErrors: found.consoleErrors.length,
          mainLogErrors: logErrors.length,
          unhandledRejections: unhandled.length,
          mainTimersGrowth: count(endResources, timers) - count(startResources, timers),
          mainHandlesGrowth:
            count(endResources, (k) => !timers(k)) - count(startResources, (k) => !timers(k)),
          rendererListenersGrowth: endRenderer.listeners - startRenderer.listeners,
          linksLiveAtEnd,
        },
        diagnostics: {
          errors: [...found.pageErrors, ...found.consoleErrors, ...logErrors].slice(0, 20),
          resourcesStart: startResources,
          resourcesEnd: endResources,
          linkChanges: changes,
          ordersNotAsExpected: [
            ...wrong,
            ...(filled.length + cancelled.length === 0 ? ['no order was placed'] : []),
          ],
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    for (const link of links) await link.close();
    await bench.stop();
  }
}

const round1 = (n: number) => round(n, 1);

/**
 * Main's active resources by kind, the least of three probes a moment apart (`first` and two
 * more): a timer armed for a moment (a flush, a debounce) is in one probe and not the next, while
 * one left behind is in all three.
 */
async function steadyResources(
  app: Awaited<ReturnType<typeof launchBenchApp>>,
  first: ProbeLine,
): Promise<Record<string, number>> {
  const samples = [first.resources];
  for (let i = 0; i < 2; i++) {
    await sleep(200);
    samples.push((await app.probe()).resources);
  }
  const kinds = new Set(samples.flatMap((r) => Object.keys(r)));
  return Object.fromEntries([...kinds].map((k) => [k, Math.min(...samples.map((r) => r[k] ?? 0))]));
}
