import type { EnvironmentSettings } from '../../shared/environments';
import type { LinkState } from '../../shared/ipc/app-types';
import type { QuoteSubType, QuoteUpdate, TradeEventMessage } from '../../shared/ipc/streams';
import type { OpenApiClient, OpenApiClientOptions } from '../openapi/client';
import type { RunningSandbox, SandboxOptions } from '../sandbox/types';

/**
 * The seams between the services and the engine parts other modules provide (OpenAPI client,
 * sandbox, streaming). The engine takes factories so tests and the composition root decide
 * what runs; the default wiring lives in ./default-engine-parts.ts.
 */
export interface QuoteFeed {
  /** Reference-counted in the streaming client: ten panels on AAPL = one upstream subscription. */
  subscribe(
    symbol: string,
    subTypes: readonly QuoteSubType[],
    listener: (update: QuoteUpdate) => void,
    category: 'US_STOCK' | 'US_ETF',
  ): () => void;
  status(): LinkState;
  onStatus(listener: (status: LinkState) => void): () => void;
  staleSymbols(): string[];
  close(): void | Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface TradeEventFeed {
  status(): LinkState;
  onStatus(listener: (status: LinkState) => void): () => void;
  onEvent(listener: (event: DistributiveOmit<TradeEventMessage, 'environmentId'>) => void): () => void;
  close(): void;
}

export interface EngineParts {
  startSandbox(opts: SandboxOptions): Promise<RunningSandbox>;
  createClient(opts: OpenApiClientOptions): OpenApiClient;
  createQuoteFeed?(opts: {
    environment: EnvironmentSettings;
    credentials: { appKey: string; appSecret: string };
    client: OpenApiClient;
  }): QuoteFeed;
  createTradeEventFeed?(opts: {
    environment: EnvironmentSettings;
    credentials: { appKey: string; appSecret: string };
    accounts: string[];
  }): TradeEventFeed;
}
