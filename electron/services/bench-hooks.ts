import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { StreamDelivery } from '../../shared/ipc/channels';
import type { EmbeddedSandbox, EngineParts } from './ports';

/**
 * Hooks for `npm run bench` (docs/benchmark.md), switched on by development-only environment
 * variables (electron/services/dev-overrides.ts; a packaged build ignores them).
 */

/** An already running sandbox (the benchmark's own, with its quote flood) main uses instead of its worker. */
export interface ExternalSandbox {
  apiUrl: string;
  mqttUrl: string;
  eventsAddress: string;
  algorithm: EmbeddedSandbox['algorithm'];
  appKey: string;
  appSecret: string;
}

export function parseExternalSandbox(text: string): ExternalSandbox {
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
 * the event-loop delay since the previous signal (monitorEventLoopDelay, 10 ms resolution), RSS
 * and heap; then the histogram starts afresh. A signal, not a timer: the probe costs nothing
 * between the benchmark's phases.
 */
export interface BenchProbe {
  /** Counts the quote updates in one stream batch main sends a window (after conflation). */
  countDelivery(batch: readonly StreamDelivery[]): void;
}

export function startBenchProbe(file: string): BenchProbe {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let quoteUpdatesSent = 0;
  process.on('SIGUSR2', () => {
    const mem = process.memoryUsage();
    const line = {
      at: Date.now(),
      rssMb: mem.rss / 2 ** 20,
      heapUsedMb: mem.heapUsed / 2 ** 20,
      quoteUpdatesSent,
      eventLoop: {
        maxMs: delay.max / 1e6,
        p99Ms: delay.percentile(99) / 1e6,
        p50Ms: delay.percentile(50) / 1e6,
        samples: delay.count,
      },
    };
    delay.reset();
    appendFileSync(file, JSON.stringify(line) + '\n');
  });
  return {
    countDelivery(batch) {
      for (const delivery of batch) {
        const data: unknown = delivery.data;
        // Quote deliveries are arrays of per-symbol updates; other streams send objects.
        if (Array.isArray(data) && typeof (data[0] as { symbol?: unknown } | undefined)?.symbol === 'string')
          quoteUpdatesSent += data.length;
      }
    },
  };
}
