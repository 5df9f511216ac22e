import { randomBytes } from 'node:crypto';
import type { MarketClock, MarketClockMode } from '../shared/market/market-clock';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccountRoutes } from './accounts/account-routes';
import { startEventsServer } from './events/events-server';
import { createMarketDataRoutes } from './market/routes';
import { warmUpMarket } from './market/warm-up';
import { createReplayClock } from './market/replay-clock';
import {
  MAX_MARKET_SPEED,
  pinnedMarketClock,
  readReplayPosition,
  writeReplayPosition,
} from './market/market-start';
import { createMarketSimulator } from './market/simulator';
import { type QuoteBroker, type QuoteBrokerOptions, startQuoteBroker } from './mqtt/quote-broker';
import { seedTrading } from './accounts/seed-accounts';
import { createAccessTokens, tokenFileSchema } from './http/access-tokens';
import { acceptFromSecond, createRequestVerifier } from './http/auth';
import { type SlowHandler, createSandboxHttpHandler, listenLoopback } from './http/http-server';
import { createEndpointLimiter } from './http/endpoint-limits';
import { createRollingLimiter } from './http/rate-limit';
import type { RouteTable } from './http/route-types';
import type { MarketView } from './market/market-view';
import type { UniverseSeed } from './market/universe';
import { openJsonFile } from './store/atomic-json';
import { createOrderRoutes } from './trading/order-routes';
import { type TradeEventBus, createTradeEventBus } from './trading/trade-event-bus';
import { type TradingEngine, createTradingEngine } from './trading/trading-engine';
import { tradingFileSchema } from './trading/trading-state';
import type { RunningSandbox, SandboxOptions } from './types';
import type { SignatureAlgorithm } from '../shared/signing';
import { createWatchlistRoutes } from './watchlists/watchlist-routes';
import { seedWatchlists, watchlistFileSchema } from './watchlists/watchlist-store';

export { createSandboxHttpHandler } from './http/http-server';

/**
 * Composes the sandbox (docs/sandbox.md): market simulator, HTTP API, MQTT quotes broker and gRPC events
 * server, with the stores under one data directory. Port 0 gives free ports; port N gives N, N+1, N+2.
 *
 * Tests may inject their own market (and its routes) through `SandboxOverrides`, or skip the
 * streaming listeners for HTTP-only suites.
 */
export interface SandboxOverrides {
  /** A market to use instead of the simulator (tests). */
  market?: MarketView;
  /** Market-data routes to use with that market (default: none, or the simulator's). */
  marketRoutes?: RouteTable;
  /** Matching-loop period. Default 250 ms. */
  matchIntervalMs?: number;
  /** gRPC Ping period. Default 15 s. */
  pingIntervalMs?: number;
  /** Skip the MQTT broker and events server (HTTP-only tests). */
  httpOnly?: boolean;
  log?: (line: string) => void;
  /** Told of every route handler that held the event loop longer than 250 ms (tests). */
  onSlowHandler?: (slow: SlowHandler) => void;
  /** Benchmark only (docs/benchmark.md): told of every quote message the broker writes to a client. */
  onQuotePublished?: QuoteBrokerOptions['onPublished'];
}

export interface SandboxHandle extends RunningSandbox {
  dataDir: string;
  bus: TradeEventBus;
  engine: TradingEngine;
  /** Runs one pass of the matching loop at the market clock's now (tests). */
  matchNow(): void;
  /** The quotes broker (absent with `httpOnly`): the benchmark stops its flood through it. */
  quoteBroker?: QuoteBroker;
}

export async function startSandbox(
  opts: SandboxOptions = {},
  overrides: SandboxOverrides = {},
): Promise<SandboxHandle> {
  const log = overrides.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const appKey = opts.appKey ?? randomBytes(16).toString('hex');
  const appSecret = opts.appSecret ?? randomBytes(24).toString('base64url');
  // Both by default (the SDKs sign HMAC-SHA256, the API document's worked examples HMAC-SHA1); `algorithm` restricts.
  const algorithms: SignatureAlgorithm[] = opts.algorithm ? [opts.algorithm] : ['HMAC-SHA1', 'HMAC-SHA256'];
  const algorithm = opts.algorithm ?? 'HMAC-SHA1';
  const basePort = opts.port ?? 0;
  const portFor = (offset: number) => (basePort === 0 ? 0 : basePort + offset);
  // A folder the sandbox made itself holds nothing anyone asked to keep: it goes on stop.
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'bullpen-sandbox-'));
  const { clock, marketClock, marketClockInfo, saveReplayPosition, replayLoop, mode } = sandboxClocks(
    opts,
    dataDir,
  );

  let market = overrides.market;
  let marketRoutes = overrides.marketRoutes ?? {};
  if (!market) {
    const sim = createMarketSimulator({
      seed: opts.seed ?? 42,
      clock: marketClock,
      syntheticSymbols: opts.syntheticSymbols,
    });
    warmUpMarket(sim);
    market = sim;
    marketRoutes = createMarketDataRoutes(sim);
  }
  const view = market;

  const bus = createTradeEventBus();
  const [watchlistFile, tradingFile, tokenFile] = await Promise.all([
    openJsonFile({
      dataDir,
      name: 'watchlists.json',
      schema: watchlistFileSchema,
      initial: () => seedWatchlists(view, clock()),
      log,
    }),
    openJsonFile({
      dataDir,
      name: 'trading.json',
      schema: tradingFileSchema,
      // Lots are opened days before "now" at the market's prices then: market time.
      initial: () => seedTrading(view, marketClock()),
      log,
    }),
    openJsonFile({
      dataDir,
      name: 'tokens.json',
      schema: tokenFileSchema,
      initial: () => ({ tokens: [] }),
      log,
    }),
  ]);
  const engine = createTradingEngine({
    market: view,
    bus,
    file: tradingFile,
    log,
    linkedOrders: opts.linkedOrders,
    groupActivation: opts.groupActivation,
  });
  const tokens = createAccessTokens({
    enabled: opts.tokenCheckEnabled ?? false,
    approvalDelayMs: opts.tokenApprovalDelayMs ?? 3_000,
    ttlMs: opts.tokenTtlMs ?? 24 * 3_600_000,
    file: tokenFile,
    clock,
  });

  // No listener opens before the first second requests are accepted from (types.ts `freshCredentials`).
  const acceptFrom = acceptFromSecond(clock(), opts.freshCredentials === true);
  const untilAccepting = acceptFrom - clock();
  if (untilAccepting > 0) await new Promise((resolve) => setTimeout(resolve, untilAccepting));

  const closers: Array<() => Promise<void>> = [];
  let mqttUrl = '';
  let eventsAddress = '';
  let streamingRoutes: RouteTable = {};
  let quoteBroker: QuoteBroker | undefined;
  try {
    if (!overrides.httpOnly) {
      const broker = await startQuoteBroker({
        market: view,
        appKeys: [appKey],
        port: portFor(1),
        updatesPerSecond: opts.quoteUpdatesPerSecond ?? 2,
        tls: opts.tls,
        flood: opts.quoteFlood,
        onPublished: overrides.onQuotePublished,
      });
      closers.push(() => broker.close());
      quoteBroker = broker;
      mqttUrl = broker.url;
      streamingRoutes = broker.createStreamingRoutes();
      const server = await startEventsServer({
        bus,
        credentials: { appKey, appSecret },
        algorithms,
        port: portFor(2),
        pingIntervalMs: overrides.pingIntervalMs ?? 15_000,
        timestampToleranceMs: opts.timestampToleranceMs,
        // Signed-metadata window and Ping timestamps: wall. Trade events carry the engine's (market) times.
        now: clock,
        acceptFrom,
        tls: opts.tls,
      });
      closers.push(() => server.close());
      eventsAddress = server.address;
    }

    const handler = createSandboxHttpHandler({
      routes: {
        ...marketRoutes,
        ...streamingRoutes,
        ...tokens.routes,
        ...createWatchlistRoutes(view, watchlistFile, clock),
        ...createAccountRoutes(view, engine),
        ...createOrderRoutes(engine, { rules: opts.optionRules }),
      },
      verifier: createRequestVerifier({
        credentials: new Map([[appKey, appSecret]]),
        algorithms,
        toleranceMs: opts.timestampToleranceMs ?? 5 * 60_000,
        acceptFrom,
      }),
      tokens,
      marketDataLimiter: createRollingLimiter(opts.marketDataLimitPerMinute ?? 300),
      clock,
      marketClock,
      log,
      onSlowHandler: overrides.onSlowHandler,
      wire: opts.wire ?? 'real',
      ...(opts.entitlements ? { entitlements: new Map(Object.entries(opts.entitlements)) } : {}),
      endpointLimiter:
        opts.endpointLimitScale === 0 ? undefined : createEndpointLimiter(opts.endpointLimitScale ?? 1),
      seeds: (symbol) => {
        // The simulator knows shares and yields; a stand-in market (tests) may not.
        const seed = (view as Partial<{ seedOf(s: string): UniverseSeed | undefined }>).seedOf?.(symbol);
        return seed && { sharesOutstanding: seed.sharesOutstanding, dividendYieldPct: seed.dividendYieldPct };
      },
    });
    const http = await listenLoopback(handler, portFor(0), opts.tls);
    closers.push(() => http.close());

    const matchNow = () => {
      try {
        engine.matchAll(marketClock());
      } catch (error) {
        log(
          `sandbox: matching failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    };
    const loop = setInterval(matchNow, overrides.matchIntervalMs ?? 250);
    loop.unref();
    const saveReplay = () => {
      try {
        saveReplayPosition?.();
      } catch (error) {
        log(`sandbox: could not save the replay position: ${String(error)}`);
      }
    };
    // Also while running: an app that is killed still resumes close to where it was.
    const replaySaver = saveReplayPosition ? setInterval(saveReplay, 15_000) : undefined;
    replaySaver?.unref();

    let stopped: Promise<void> | undefined;
    return {
      apiUrl: http.url,
      mqttUrl,
      eventsAddress,
      eventsTls: opts.tls !== undefined && eventsAddress !== '',
      appKey,
      appSecret,
      algorithm,
      algorithms,
      market: view,
      marketClock: marketClockInfo,
      marketTime: marketTimeReading(mode, marketClockInfo.label, marketClock, clock, replayLoop),
      dataDir,
      bus,
      engine,
      matchNow,
      quoteBroker,
      stop() {
        stopped ??= (async () => {
          clearInterval(loop);
          clearInterval(replaySaver);
          saveReplay();
          await closeAll(closers, log);
          await Promise.all([watchlistFile.flush(), tradingFile.flush(), tokenFile.flush()]);
          if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (error) {
    await closeAll(closers, log);
    throw error;
  }
}

/**
 * The sandbox's two times (SandboxOptions): the wall clock for everything a client checks against
 * its own clock (signatures, tokens, rate limit, Date header), the market clock for what the market
 * shows and the engine does. The quote broker follows the market through `MarketView.now()`.
 */
function sandboxClocks(
  opts: SandboxOptions,
  dataDir: string,
): {
  clock: () => number;
  marketClock: () => number;
  marketClockInfo: RunningSandbox['marketClock'];
  saveReplayPosition?: () => void;
  /** Replay: the session the market loops through. */
  replayLoop?: MarketClock['loop'];
  mode: MarketClockMode;
} {
  const clock = opts.clock ?? Date.now;
  if (
    opts.marketClock &&
    (opts.replayWhenClosed || opts.marketStartAt !== undefined || opts.marketSpeed !== undefined)
  )
    throw new Error(
      'sandbox: give either marketClock or replayWhenClosed/marketStartAt/marketSpeed, not both',
    );
  const speed = opts.marketSpeed ?? 1;
  if (!(speed > 0 && speed <= MAX_MARKET_SPEED))
    throw new Error(`sandbox: marketSpeed must be above 0 and at most ${MAX_MARKET_SPEED}`);
  // A pinned start (or a speed, which pins the market where the wall clock is) wins over replay:
  // it is what a test (or a demo) asked for explicitly.
  if (opts.marketStartAt !== undefined || speed !== 1) {
    const startAt = opts.marketStartAt ?? clock();
    if (!Number.isFinite(startAt)) throw new Error('sandbox: marketStartAt must be a finite Unix ms time');
    return {
      clock,
      marketClock: pinnedMarketClock(startAt, clock, speed),
      marketClockInfo: {
        mode: 'live',
        label: `Market clock started at ${new Date(startAt).toISOString()}${speed === 1 ? '' : `, running ×${speed}`}`,
      },
      mode: 'pinned',
    };
  }
  if (opts.replayWhenClosed) {
    let replay = createReplayClock({ wall: clock, startOffsetMs: opts.replayStartOffsetMs });
    const saved = replay.mode === 'replay' ? readReplayPosition(dataDir) : undefined;
    // Resume the same session where the last run stopped; a different session starts afresh.
    if (saved && saved.sessionStart === replay.anchor?.sessionStart)
      replay = createReplayClock({ wall: clock, startOffsetMs: saved.offsetMs });
    const anchor = replay.anchor;
    return {
      clock,
      marketClock: replay.now,
      marketClockInfo: { mode: replay.mode, label: anchor?.label },
      mode: replay.mode,
      replayLoop: anchor
        ? { start: anchor.sessionStart, lengthMs: anchor.sessionEnd - anchor.sessionStart }
        : undefined,
      saveReplayPosition: anchor
        ? () =>
            writeReplayPosition(dataDir, {
              sessionStart: anchor.sessionStart,
              offsetMs: replay.now() - anchor.sessionStart,
            })
        : undefined,
    };
  }
  return {
    clock,
    marketClock: opts.marketClock ?? clock,
    marketClockInfo: { mode: 'live' },
    // A clock of the caller's own is not the wall clock: shown as pinned.
    mode: opts.marketClock ? 'pinned' : 'live',
  };
}

/** The market clock as a reading for main (RunningSandbox.marketTime). */
function marketTimeReading(
  mode: MarketClockMode,
  label: string | undefined,
  marketClock: () => number,
  wall: () => number,
  loop: MarketClock['loop'],
): MarketClock {
  const wallAt = wall();
  const reading: MarketClock = { mode, marketAt: mode === 'live' ? wallAt : marketClock(), wallAt };
  if (label) reading.label = label;
  if (mode === 'replay' && loop) reading.loop = loop;
  return reading;
}

async function closeAll(closers: Array<() => Promise<void>>, log: (line: string) => void): Promise<void> {
  const results = await Promise.allSettled([...closers].reverse().map((close) => close()));
  for (const r of results)
    if (r.status === 'rejected') log(`sandbox: a listener did not close cleanly: ${String(r.reason)}`);
}
