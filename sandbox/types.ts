import type { OptionRules } from '../shared/environments';
import type { GroupActivation, LinkedOrders } from '../shared/trading';
import type { MarketClock } from '../shared/market/market-clock';
import type { SignatureAlgorithm } from '../shared/signing';
import type { MarketView } from './market/market-view';
import type { Entitlements } from './http/entitlements';
import type { WireMode } from './http/wire';

export interface SandboxOptions {
  /**
   * Option rules to enforce (shared/environments.ts): default the interface text's; pass
   * REAL_OPTION_RULES to answer as the real service does today.
   */
  optionRules?: OptionRules;
  /**
   * Which linked-order kinds placement takes (shared/trading/groups.ts): default all; pass
   * TEST_ENVIRONMENT_LINKED_ORDERS to refuse OTO, OCO and OTOCO as Webull's test environment does.
   */
  linkedOrders?: LinkedOrders;
  /**
   * When a master's children start working (shared/trading/groups.ts `GroupActivation`): `full`
   * (default) once it has filled completely, `partial` from its first fill for the shares filled.
   */
  groupActivation?: GroupActivation;
  /** Loopback only. */
  host?: '127.0.0.1';
  /** HTTP API port; MQTT and events take port+1 and port+2. 0 (default): free ports for all three. */
  port?: number;
  /** Where watchlists, orders and positions persist. Default: a fresh temp folder, removed on stop. */
  dataDir?: string;
  /** Seed of the deterministic market. Default 42. */
  seed?: number;
  /**
   * Accept only this signature algorithm. Default: both HMAC-SHA1 and HMAC-SHA256, each request
   * verified strictly by the algorithm its `x-signature-algorithm` names.
   */
  algorithm?: SignatureAlgorithm;
  appKey?: string;
  appSecret?: string;
  /**
   * The app key was made for this start alone (the embedded sandbox's first start in a launch), so
   * no request signed for an earlier sandbox can verify. Otherwise the sandbox does not listen before
   * the first whole second at or after its start and refuses every x-timestamp before that second:
   * x-timestamp has one-second resolution and nonces live in memory, so a request captured from an
   * earlier sandbox in the second of the restart would otherwise pass. Default false.
   */
  freshCredentials?: boolean;
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
  /**
   * Benchmark only (`npm run bench`, docs/benchmark.md): ignore `quoteUpdatesPerSecond` and publish
   * every routed symbol round after round as fast as each client's socket drains. Default false.
   */
  quoteFlood?: boolean;
  /**
   * Benchmark only (`--synthetic-symbols N`, docs/sandbox.md "Synthetic instruments"): this many
   * deterministic synthetic stocks (`SYN00001`…) after the real universe, with quotes, snapshots,
   * bars and streaming like any other stock. Default 0: the market is the real universe alone.
   */
  syntheticSymbols?: number;
  /**
   * The WALL clock, Unix ms. Default Date.now. Authentication (x-timestamp window, nonces), the
   * rate limiter, access tokens, watchlist timestamps and the `Date` header read it: a client
   * learns its clock offset from that header, so it must never see the market's (replayed) time.
   */
  clock?: () => number;
  /**
   * The MARKET clock, Unix ms: what "now" is for the simulator, every market-data timestamp, the
   * trading engine (fills, order times, DAY expiry) and the quote broker. Default: `clock`.
   */
  marketClock?: () => number;
  /**
   * When started while the US market is shut (CLOSED, or overnight), loop through the most recent
   * regular session instead of freezing on its close (market/replay-clock.ts). Default false.
   * Not combinable with `marketClock`.
   */
  replayWhenClosed?: boolean;
  /**
   * Start the market clock at this instant (Unix ms) and let it run at real speed from there
   * (`--clock`, the app's `BULLPEN_SANDBOX_CLOCK`). Wins over `replayWhenClosed`; not combinable
   * with `marketClock`. Authentication, tokens and rate limits stay on the wall clock.
   */
  marketStartAt?: number;
  /**
   * How many times as fast as the wall clock the market clock runs (`--speed`, the app's
   * `BULLPEN_SANDBOX_SPEED`): 60 lives through an hour of the session in a minute. Default 1. It
   * runs a pinned market (from `marketStartAt`, else from the wall clock's time at the start,
   * which then wins over `replayWhenClosed` as a pin does); not combinable with `marketClock`.
   * Only the market runs faster: authentication, tokens, rate limits and the quote publisher's
   * rate stay on the wall clock.
   */
  marketSpeed?: number;
  /**
   * With `replayWhenClosed`: how far into the session the replay begins. Default 0 (the open). A
   * replay of the same session as the last run in this data folder resumes where that one stopped.
   */
  replayStartOffsetMs?: number;
  /**
   * Serve TLS, like the real service (PEM key and certificate chain, e.g. a test CA's certificate
   * for 127.0.0.1): HTTPS API, MQTT over TLS (`mqtts://`), gRPC events over TLS. Default: plaintext.
   */
  tls?: SandboxTls;
  /**
   * How replies and errors are written (docs/sandbox.md "Wire forms"): `real` (default), as the real
   * service was observed to answer; `documented`, as the interface text idealises it (`--wire`).
   */
  wire?: WireMode;
  /**
   * Real wire only: multiplies the windows of the per-endpoint limits (http/endpoint-limits.ts).
   * Default 1; tests pass a small scale so that no test waits a window out. 0 turns them off.
   */
  endpointLimitScale?: number;
  /**
   * What each app key is entitled to, by key (http/entitlements.ts, docs/sandbox.md "Entitlements"):
   * a quote product it lacks answers 403 `MARKET_DATA_NOT_SUBSCRIBED`, an account it may not act on
   * 403 `ACCOUNT_ACCESS_DENIED`. Default: every key entitled to everything.
   */
  entitlements?: Readonly<Record<string, Entitlements>>;
}

export interface SandboxTls {
  /** PEM private key. */
  key: string;
  /** PEM certificate (chain), leaf first. */
  cert: string;
}

export interface RunningSandbox {
  apiUrl: string;
  mqttUrl: string;
  /** `127.0.0.1:PORT` of the gRPC events server. */
  eventsAddress: string;
  /** Whether the events server speaks TLS (SandboxOptions.tls). Absent: false. */
  eventsTls?: boolean;
  appKey: string;
  appSecret: string;
  /** The algorithm clients of this sandbox are told to sign with (the restricted one, else HMAC-SHA1). */
  algorithm: SignatureAlgorithm;
  /** Every algorithm it accepts. */
  algorithms?: readonly SignatureAlgorithm[];
  market: MarketView;
  /** Whether the market follows the wall clock or replays a past session ("Replaying Fri 20 Nov 2026 regular session"). */
  marketClock: { mode: 'live' | 'replay'; label?: string };
  /**
   * The market clock as a reading main can carry on to every window (shared/market/market-clock.ts):
   * `pinned` for a pinned start or an explicit `marketClock`, the replayed session's loop for a replay.
   */
  marketTime?: MarketClock;
  stop(): Promise<void>;
}
