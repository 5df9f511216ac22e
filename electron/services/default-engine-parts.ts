import type { SandboxOptions } from '../../sandbox/index';
import type { WorkerEntry } from '../common/worker-entry';
import { createOpenApiClient } from '../openapi/client';
import { replyReaderWorkerEntry } from '../openapi/reply-reader-entry';
import { createQuoteStream, type QuoteStreamOptions } from '../streaming/quote-stream';
import { createTradeEventsClient } from '../streaming/trade-events';
import type { Logger } from './logger';
import type { EmbeddedSandbox, EngineParts, QuoteFeed, TradeEventFeed } from './ports';
import { createRecordCache } from './quote-state-mapping';
import { sandboxWorkerEntry, startSandboxWorker, type WarmSandboxWorker } from './sandbox-worker-client';
import { createClientFactory } from './shared-rate-limiters';

/** Book levels asked for a `depth` subscriber: what the quote panel's ladder can show. */
const DEPTH_LEVELS = 10;

/**
 * The real parts: the signed OpenAPI client, the MQTT quote stream and the gRPC trade-event client,
 * and the embedded sandbox, which runs in its own worker thread (started on first use) and is
 * reached only over its loopback HTTP, MQTT and gRPC listeners.
 */
export function defaultEngineParts(opts: {
  logger: Logger;
  flushMs: () => number;
  /** The sandbox worker's script; default: the TypeScript source under tsx (tests). */
  sandboxWorker?: WorkerEntry;
  /** The reply reader thread's script (electron/openapi/reply-reader.ts); default: its TypeScript source under tsx (tests). */
  replyReaderWorker?: WorkerEntry;
  /** Benchmark only: told of every decoded quote message (electron/services/bench-hooks.ts). */
  onQuoteDecoded?: QuoteStreamOptions['onDecoded'];
  /** A worker main started early (before the app was ready); the first sandbox start takes it. */
  warmSandboxWorker?: WarmSandboxWorker;
}): EngineParts {
  return {
    startSandbox(sandboxOptions: SandboxOptions): Promise<EmbeddedSandbox> {
      return startSandboxWorker(sandboxOptions, {
        entry: opts.sandboxWorker ?? sandboxWorkerEntry(),
        warm: opts.warmSandboxWorker,
        // The sandbox's own diagnostics can embed long texts; keep the log readable.
        log: (line) => opts.logger.info(line.length > 400 ? `${line.slice(0, 400)}…` : line),
      });
    },
    // Each client reads its large replies in a thread of its own, stopped when the client closes.
    createClient: createClientFactory((clientOptions) =>
      createOpenApiClient({
        ...clientOptions,
        replyReader: {
          entry: opts.replyReaderWorker ?? replyReaderWorkerEntry(),
          log: (line) => opts.logger.warn(line),
        },
      }),
    ),
    createQuoteFeed({ environment, credentials, client, marketClock }): QuoteFeed {
      const stream = createQuoteStream({
        url: environment.quotesUrl,
        appKey: credentials.appKey,
        caCertificate: environment.caCertificate,
        // The pipeline's one batching stage, at the `quoteFlushMs` setting (read at every flush).
        flushIntervalMs: opts.flushMs,
        onDecoded: opts.onQuoteDecoded,
        // Staleness by the market's session (shared/market/quote-staleness.ts), on the session's clock.
        marketClock,
        routeSubscriptions: {
          subscribe: (p) => client.call('streamingSubscribe', p, { priority: 'background' }),
          unsubscribe: (p) => client.call('streamingUnsubscribe', p, { priority: 'background' }),
        },
      });
      stream.onError((e) => opts.logger.warn(`quotes ${e.code}: ${e.message}`));
      // Each merge makes a new state object, so one mapping per state serves every subscriber of it.
      const mapped = createRecordCache();
      const stale = () =>
        stream
          .staleness()
          .filter((s) => s.stale)
          .map((s) => s.symbol);
      return {
        // Rows need only the best bid/ask (one level); the quote panel's ladder shows ten
        // (quote-state-mapping.ts cuts to it). Upstream asks the deepest level some subscriber wants.
        subscribe: (symbol, subTypes, listener, category, level = 'top') =>
          // Held: nobody to map a record for (thousands of symbols under a flood).
          stream.subscribe(
            symbol,
            subTypes,
            level === 'hold' ? () => undefined : (state) => listener(mapped(state)),
            {
              category,
              depth: level === 'depth' ? DEPTH_LEVELS : 1,
            },
          ),
        status: () => stream.status(),
        onStatus(listener) {
          const a = stream.onStatus(listener);
          const b = stream.onStaleness(() => listener(stream.status()));
          // A refused symbol changes what the status reports (refusedSymbols).
          const c = stream.onError((e) => {
            if (e.code === 'REFUSED') listener(stream.status());
          });
          return () => {
            a();
            b();
            c();
          };
        },
        staleSymbols: stale,
        refusedSymbols: () => stream.refusedSymbols(),
        close: () => stream.close(),
      };
    },
    createTradeEventFeed({ environment, credentials, accounts, client }): TradeEventFeed {
      const events = createTradeEventsClient({
        address: environment.eventsAddress,
        tls: environment.eventsTls,
        caCertificate: environment.caCertificate,
        credentials,
        algorithm: environment.algorithm,
        accounts,
        xVersion: environment.xVersion,
        signHostWithPort: environment.signHostWithPort,
        // The HTTP client learns the server's clock from every reply's Date header; the events
        // call's x-timestamp must sit in the same window, so it reads the same corrected clock.
        now: () => Date.now() + client.clockOffsetMs(),
      });
      events.onError((e) => opts.logger.warn(`trade events ${e.code}: ${e.message}`));
      return {
        status: () => events.status(),
        onStatus: (l) => events.onStatus(l),
        onEvent: (l) =>
          events.onEvent((e) =>
            l(
              e.kind === 'order'
                ? { kind: 'order', accountId: e.accountId, time: e.time, payload: e.order }
                : { kind: 'position', accountId: e.accountId, time: e.time, payload: e.position },
            ),
          ),
        close: () => events.close(),
      };
    },
  };
}
