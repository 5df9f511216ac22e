import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { connect as mqttConnect } from 'mqtt';
import type { QuoteSubType } from '../../../shared/proto/quotes';
import { createOpenApiClient } from '../../../electron/openapi/client';
import { testEnvironment } from '../../../electron/openapi/testing/loopback-server';
import type { BenchInstrument, BenchSandbox } from '../lib/bench-sandbox';
import { log, sleep } from '../lib/stats';
import type { RowLayout, ScrollRun } from './streaming-page';

/** What the app's subscription asks for (renderer/features/quotes/use-quotes.ts, depth from main). */
const SUB_TYPES: QuoteSubType[] = ['SNAPSHOT', 'QUOTE'];

type Sandbox = BenchSandbox['sandbox'];

/** Routes `instruments` to a session on the sandbox's quote broker, as main routes them (100 a call). */
async function routeSession(sandbox: Sandbox, instruments: BenchInstrument[], sessionId: string) {
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
  } finally {
    api.close();
  }
}

/**
 * Ingest's baseline: a bare mqtt.js client (no decoding, no conflation) on the same broker and
 * flood, routed the same symbols and sub-types; messages per second over `seconds`, after one second in.
 */
export async function bareSubscriber(
  sandbox: Sandbox,
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
  try {
    await routeSession(sandbox, instruments, sessionId);
    await sleep(1_000);
    const before = messages;
    const start = performance.now();
    await sleep(seconds * 1000);
    return ((messages - before) * 1000) / (performance.now() - start);
  } finally {
    await client.endAsync(true);
  }
}

export type Paint = [string, string, number, number];

export interface BareTransportResult {
  paints: Paint[];
  mounts: number;
  longTasks: number;
  longTaskMs: number[];
  /** The bare process's event-loop delay over the window (monitorEventLoopDelay, 10 ms resolution). */
  eventLoop: { maxMs: number; p99Ms: number };
  messagesPerSec: number;
  scroll: ScrollRun;
  /** The cells a row of the bare list draws. */
  cellsARow: number;
  /** The minimal list (the symbol and the price a row) scrolled the same way: a diagnostic. */
  minimalScroll: ScrollRun;
  /** The bare process's nice value once its browser ran (it takes main's priority, bare-transport.ts). */
  nice: number;
}

const CHILD = fileURLToPath(new URL('../lib/bare-transport.ts', import.meta.url));

/**
 * Tick-to-paint's, main's event loop's and the scroll's bare baseline (lib/bare-transport.ts): the
 * child process subscribed to every instrument, its page listing `rows`; the window is open for `windowSeconds`,
 * or, with `enough`, up to `maxWindowSeconds` until `enough(paints so far)` holds. The child is
 * killed on every way out of here.
 */
export async function runBareTransport(opts: {
  sandbox: Sandbox;
  instruments: BenchInstrument[];
  rows: Array<{ symbol: string; name: string }>;
  /** The app's list's size and row: the bare list gets the same. */
  scroller: { width: number; height: number };
  layout: RowLayout;
  warmupSeconds: number;
  windowSeconds: number;
  maxWindowSeconds?: number;
  enough?: (paints: Paint[]) => boolean;
  onSession: (id: string) => void;
}): Promise<BareTransportResult> {
  const sessionId = randomBytes(16).toString('hex');
  opts.onSession(sessionId);
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BARE_TRANSPORT: JSON.stringify({
        mqttUrl: opts.sandbox.mqttUrl,
        appKey: opts.sandbox.appKey,
        sessionId,
        rows: opts.rows,
        scroller: opts.scroller,
        layout: opts.layout,
        flushMs: 16,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const killed = () => child.kill('SIGKILL');
  process.once('exit', killed);
  const waiting = new Map<string, (m: Record<string, unknown>) => void>();
  let failure: Error | undefined;
  child.on('message', (m: Record<string, unknown>) => {
    if (m.type === 'error') failure = new Error(`bare transport: ${String(m.message)}`);
    const type = String(m.type);
    waiting.get(type)?.(m);
    waiting.delete(type);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = (type: string, timeoutMs = 120_000) =>
    Promise.race([
      new Promise<Record<string, unknown>>((resolve) => waiting.set(type, resolve)),
      exited.then(() => {
        throw failure ?? new Error(`the bare transport exited before '${type}'`);
      }),
      sleep(timeoutMs).then(() => {
        throw new Error(`the bare transport did not send '${type}' within ${timeoutMs} ms`);
      }),
    ]);
  try {
    const { nice } = (await next('ready')) as { nice?: unknown };
    await routeSession(opts.sandbox, opts.instruments, sessionId);
    await sleep(opts.warmupSeconds * 1000);
    child.send({ type: 'start' });
    await next('started');
    const start = performance.now();
    await sleep(opts.windowSeconds * 1000);
    while (opts.enough && opts.maxWindowSeconds && performance.now() - start < opts.maxWindowSeconds * 1000) {
      child.send({ type: 'paints' });
      const { paints } = (await next('paints')) as unknown as { paints: Paint[] };
      if (opts.enough(paints)) break;
      await sleep(1_000);
    }
    child.send({ type: 'stop' });
    const result = (await next('result')) as unknown as Omit<BareTransportResult, 'scroll'>;
    // Then the list scrolled top to bottom while the flood goes on, as the app's was.
    child.send({ type: 'scroll' });
    const scrolled = (await next('scrolled')) as unknown as {
      scroll: ScrollRun;
      cellsARow: number;
      minimal: ScrollRun;
    };
    child.send({ type: 'exit' });
    await Promise.race([exited, sleep(10_000)]);
    log(
      `streaming: bare transport ${Math.round(result.messagesPerSec)} msg/s, ${result.paints.length} paints`,
    );
    return {
      ...result,
      scroll: scrolled.scroll,
      cellsARow: scrolled.cellsARow,
      minimalScroll: scrolled.minimal,
      nice: Number(nice),
    };
  } finally {
    // SIGTERM first: Playwright in the child closes its Chromium on it.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) killed();
    }
    process.removeListener('exit', killed);
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
