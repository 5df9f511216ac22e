import { appendFileSync, existsSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { StreamDelivery } from '../../shared/ipc/channels';
import type { DevOverrides } from './dev-overrides';
import type { EmbeddedSandbox, EngineParts } from './ports';

/**
 * Hooks for `npm run bench` (docs/benchmark.md), switched on by development-only environment
 * variables (electron/services/dev-overrides.ts; a packaged build ignores them). main-body.ts
 * reaches them only behind `__BULLPEN_BENCH_HOOKS__`, false in a packaged build
 * (electron.vite.config.mts): none of this module is in that build's bundle.
 */

/** What main wires when the benchmark is attached. */
export interface BenchHooks {
  /** The benchmark's own sandbox (its quote flood), used instead of the embedded one. */
  sandbox?: ExternalSandbox;
  probe?: BenchProbe;
}

/** The hooks the benchmark's variables ask for; undefined when it is not attached. */
export function benchHooks(overrides: DevOverrides): BenchHooks | undefined {
  if (!overrides.benchSandbox && !overrides.benchProbe) return undefined;
  return {
    sandbox: overrides.benchSandbox ? parseExternalSandbox(overrides.benchSandbox) : undefined,
    probe: overrides.benchProbe ? startBenchProbe(overrides.benchProbe) : undefined,
  };
}

/** An already running sandbox (the benchmark's own, with its quote flood) main uses instead of its worker. */
export interface ExternalSandbox {
  apiUrl: string;
  mqttUrl: string;
  eventsAddress: string;
  algorithm: EmbeddedSandbox['algorithm'];
  appKey: string;
  appSecret: string;
}

function parseExternalSandbox(text: string): ExternalSandbox {
  const v = JSON.parse(text) as Partial<ExternalSandbox>;
  for (const key of ['apiUrl', 'mqttUrl', 'eventsAddress', 'algorithm', 'appKey', 'appSecret'] as const)
    if (typeof v[key] !== 'string' || v[key] === '')
      throw new Error(`BULLPEN_BENCH_SANDBOX: ${key} must be a non-empty string`);
  return v as ExternalSandbox;
}

/** The engine parts with `startSandbox` answering the external sandbox's addresses (stopping it is its owner's job). */
export function withExternalSandbox(parts: EngineParts, external: ExternalSandbox): EngineParts {
  return {
    ...parts,
    startSandbox: () =>
      Promise.resolve({
        apiUrl: external.apiUrl,
        mqttUrl: external.mqttUrl,
        eventsAddress: external.eventsAddress,
        eventsTls: false,
        algorithm: external.algorithm,
        marketClock: { mode: 'live' },
        stop: () => Promise.resolve(),
      }),
  };
}

/**
 * Main's own figures for the benchmark: on every SIGUSR2, one JSON line appended to `file` with
 * the event-loop delay since the previous signal (monitorEventLoopDelay, 10 ms resolution), and
 * RSS and heap after a forced full garbage collection (so two samples compare live memory, not
 * how much garbage the last collection left), and main's active resources (timers, sockets) by
 * kind, and the quote updates sent to windows (in all, and the distinct symbols since the previous
 * signal); then the histogram starts afresh, after the
 * collection's own pause. A signal, not a timer: the probe costs nothing between the benchmark's
 * phases.
 *
 * Tracing: while the file `<file>.trace` exists (looked at on each signal), main also records
 * when each symbol's price first decoded as a new value (`d`) and when a window was sent a new
 * price for it (`s`), as [kind, symbol, price, Unix ms]; the line carries them and they are
 * dropped. At most MAX_TRACE entries per line (the oldest kept), so a forgotten flag is bounded.
 */
export interface BenchProbe {
  /** Counts the quote updates in one stream batch main sends a window (after conflation). */
  countDelivery(batch: readonly StreamDelivery[]): void;
  /** Told of every decoded quote message (electron/streaming/quote-stream.ts `onDecoded`). */
  noteDecoded(update: DecodedQuote): void;
}

/** What the probe reads of a decoded message (electron/streaming/quote-state.ts QuoteRecord). */
type DecodedQuote = { kind: string; symbol: string; snapshot?: { price?: string } };

export type TraceEntry = ['d' | 's', string, string, number];

const MAX_TRACE = 50_000;

/** A full collection when the runtime allows one (development only: `--expose-gc` set at run time). */
function gcFunction(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export function startBenchProbe(file: string): BenchProbe {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const gc = gcFunction();
  let quoteUpdatesSent = 0;
  // Which symbols a window was sent an update for since the previous signal: under a flood of
  // thousands of symbols, whether main forwards only what the window shows (docs/benchmark.md).
  const symbolsSent = new Set<string>();
  let tracing = existsSync(`${file}.trace`);
  let trace: TraceEntry[] = [];
  const decodedPrice = new Map<string, string>();
  const sentPrice = new Map<string, string>();
  const note = (entry: TraceEntry) => {
    if (trace.length >= MAX_TRACE) trace.shift();
    trace.push(entry);
  };
  process.on('SIGUSR2', () => {
    const eventLoop = {
      maxMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
      p50Ms: delay.percentile(50) / 1e6,
      samples: delay.count,
    };
    // What keeps main's event loop alive (timers, sockets, …) by kind, read before this probe's
    // own timer below: the soak compares the start of its day with the end (docs/benchmark.md "soak").
    const resources: Record<string, number> = {};
    for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
    gc?.();
    const mem = process.memoryUsage();
    const line = {
      at: Date.now(),
      rssMb: mem.rss / 2 ** 20,
      heapUsedMb: mem.heapUsed / 2 ** 20,
      externalMb: mem.external / 2 ** 20,
      heapTotalMb: mem.heapTotal / 2 ** 20,
      gc: gc !== undefined,
      quoteUpdatesSent,
      quoteSymbolsSent: symbolsSent.size,
      eventLoop,
      resources,
      trace: tracing ? trace : undefined,
    };
    trace = [];
    symbolsSent.clear();
    tracing = existsSync(`${file}.trace`);
    // The histogram starts afresh once the collection's pause has been seen by its timer.
    setTimeout(() => {
      delay.reset();
      appendFileSync(file, JSON.stringify(line) + '\n');
    }, 25);
  });
  return {
    countDelivery(batch) {
      for (const delivery of batch) {
        const data: unknown = delivery.data;
        // Quote deliveries are arrays of per-symbol updates; other streams send objects.
        if (!Array.isArray(data) || typeof (data[0] as { symbol?: unknown } | undefined)?.symbol !== 'string')
          continue;
        quoteUpdatesSent += data.length;
        for (const u of data as Array<{ symbol: string }>) symbolsSent.add(u.symbol);
        if (!tracing) continue;
        const at = Date.now();
        for (const u of data as Array<{ symbol: string; price?: string }>) {
          if (u.price === undefined || sentPrice.get(u.symbol) === u.price) continue;
          sentPrice.set(u.symbol, u.price);
          note(['s', u.symbol, u.price, at]);
        }
      }
    },
    noteDecoded(update) {
      if (!tracing) return;
      const price = update.snapshot?.price;
      if (price === undefined || price === '' || decodedPrice.get(update.symbol) === price) return;
      decodedPrice.set(update.symbol, price);
      note(['d', update.symbol, price, Date.now()]);
    },
  };
}
