import type { EnvironmentSettings } from '../../shared/environments';
import type { LinkState } from '../../shared/ipc/app-types';
import type { MarketClock } from '../../shared/market/market-clock';
import type { QuoteLevel, QuoteRecord, TradeEventMessage } from '../../shared/ipc/streams';
import type { QuoteSubType } from '../../shared/proto/quotes';
import type { OpenApiClient, OpenApiClientOptions } from '../openapi/client';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/index';
import type { Category } from '../../shared/openapi/primitives';

/**
 * The seams between the services and the engine parts other modules provide (OpenAPI client,
 * sandbox, streaming). The engine takes factories so tests and the composition root decide
 * what runs; the default wiring lives in ./default-engine-parts.ts.
 */
export interface QuoteFeed {
  /**
   * Reference-counted in the streaming client: ten panels on AAPL = one upstream subscription.
   * `level` says how deep a book this subscriber needs; upstream asks the deepest wanted.
   * `hold`: routed and tracked at top of book, the listener never called and no record made for
   * it (a list's rows off screen, docs/streaming.md "Rows off screen").
   */
  subscribe(
    symbol: string,
    subTypes: readonly QuoteSubType[],
    listener: (update: QuoteRecord) => void,
    category: Category,
    level?: QuoteLevel | 'hold',
  ): () => void;
  status(): LinkState;
  onStatus(listener: (status: LinkState) => void): () => void;
  staleSymbols(): string[];
  /** Symbols the service refused (unknown to it): reported, never streamed (docs/streaming.md). */
  refusedSymbols?(): string[];
  close(): void | Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface TradeEventFeed {
  status(): LinkState;
  onStatus(listener: (status: LinkState) => void): () => void;
  onEvent(listener: (event: DistributiveOmit<TradeEventMessage, 'environmentId'>) => void): () => void;
  close(): void;
}

/**
 * What the app sees of the embedded sandbox: its loopback addresses and a way to stop it. It runs
 * in its own worker thread (./sandbox-worker-client.ts), so nothing else of it is reachable.
 */
export type EmbeddedSandbox = Pick<
  RunningSandbox,
  'apiUrl' | 'mqttUrl' | 'eventsAddress' | 'eventsTls' | 'algorithm' | 'marketClock' | 'marketTime' | 'stop'
> & {
  /**
   * Called once if the sandbox dies on its own (its worker thread threw or exited), never after
   * `stop()`. Absent where the sandbox cannot die apart from the app (in-process test doubles).
   */
  onDeath?(listener: (reason: string) => void): () => void;
};

export interface EngineParts {
  /** Called only when the Sandbox environment is used: the sandbox starts lazily. */
  startSandbox(opts: SandboxOptions): Promise<EmbeddedSandbox>;
  createClient(opts: OpenApiClientOptions): OpenApiClient;
  createQuoteFeed?(opts: {
    environment: EnvironmentSettings;
    credentials: { appKey: string; appSecret: string };
    client: OpenApiClient;
    /** The market clock of the session (its staleness rule reads the market's session from it). */
    marketClock?: () => MarketClock | undefined;
  }): QuoteFeed;
  createTradeEventFeed?(opts: {
    environment: EnvironmentSettings;
    credentials: { appKey: string; appSecret: string };
    accounts: string[];
    /** The session's HTTP client: its learned server clock offset signs the events call too. */
    client: OpenApiClient;
  }): TradeEventFeed;
}
