import type { SignatureAlgorithm } from '../openapi/signing';
import type { MarketView } from './market/market-view';

export interface SandboxOptions {
  /** Loopback only. */
  host?: '127.0.0.1';
  /** HTTP API port; MQTT and events take port+1 and port+2. 0 (default): free ports for all three. */
  port?: number;
  /** Where watchlists, orders and positions persist. Default: a fresh temp folder. */
  dataDir?: string;
  /** Seed of the deterministic market. Default 42. */
  seed?: number;
  algorithm?: SignatureAlgorithm;
  appKey?: string;
  appSecret?: string;
  /** `GET /openapi/config` → token_check_enabled. Default false. */
  tokenCheckEnabled?: boolean;
  /** How long a new access token stays PENDING before it is approved. Default 3000 ms. */
  tokenApprovalDelayMs?: number;
  /** Access-token lifetime. Default 24 h. */
  tokenTtlMs?: number;
  /** Market Data requests per rolling minute per app key. Default 300. */
  marketDataLimitPerMinute?: number;
  /** Accepted clock difference for x-timestamp. Default 5 minutes. */
  timestampToleranceMs?: number;
  /** Streaming updates per symbol per second. Default 2; at least 50 supported. */
  quoteUpdatesPerSecond?: number;
  /** Sandbox clock, Unix ms. Default Date.now. */
  clock?: () => number;
}

export interface RunningSandbox {
  apiUrl: string;
  mqttUrl: string;
  /** `127.0.0.1:PORT` of the gRPC events server. */
  eventsAddress: string;
  appKey: string;
  appSecret: string;
  algorithm: SignatureAlgorithm;
  market: MarketView;
  stop(): Promise<void>;
}
