import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { EnvironmentSettings } from '../../shared/environments';
import { ErrorCodes } from '../../shared/errors';
import type { ConnectionStatus, LinkState } from '../../shared/ipc/app-types';
import type { TokenProgress, TradeEventMessage } from '../../shared/ipc/streams';
import type { AccessTokenReport } from '../openapi/access-token';
import { ApiError } from '../openapi/api-error';
import type { OpenApiClient } from '../openapi/client';
import { Listeners } from '../common/listeners';
import { sandboxEnvironment, SANDBOX_ID, type EnvironmentStore } from './environment-store';
import type { Logger } from './logger';
import type { EmbeddedSandbox, EngineParts, QuoteFeed, TradeEventFeed } from './ports';
import type { CredentialVault } from './vault';
import { sandboxClockFromEnv, sandboxSpeedFromEnv } from '../../sandbox/index';

/**
 * The active environment's live parts: the embedded sandbox (Sandbox only), the signed API client,
 * the quote feed and the trade-event feed. Started lazily on first use, torn down and rebuilt when
 * the user switches environment or changes credentials, and closed on quit (docs/shell.md).
 */
export interface ActiveSession {
  environment: EnvironmentSettings;
  client: OpenApiClient;
  quotes?: QuoteFeed;
  events?: TradeEventFeed;
}

export interface SessionManager {
  ensure(): Promise<ActiveSession>;
  /** The running session if there is one (never starts it). */
  current(): ActiveSession | undefined;
  /** Close the session; the next `ensure()` starts a fresh one (after a switch or new credentials). */
  restart(): Promise<void>;
  connection(): ConnectionStatus;
  onConnection(listener: (s: ConnectionStatus) => void): () => void;
  onTokenProgress(listener: (p: TokenProgress) => void): () => void;
  onTradeEvent(listener: (e: TradeEventMessage) => void): () => void;
  /** Fires after every (re)start so long-lived subscriptions can re-attach. */
  onSession(listener: (s: ActiveSession) => void): () => void;
  tokenProgressSeen(): boolean;
  close(): Promise<void>;
}

export interface SessionManagerOptions {
  dataDir: string;
  environments: EnvironmentStore;
  vault: CredentialVault;
  parts: EngineParts;
  logger: Logger;
  sandboxOptions?: {
    tokenCheckEnabled?: boolean;
    quoteUpdatesPerSecond?: number;
    replayWhenClosed?: boolean;
    /** Fixed sandbox credentials instead of a random pair (the benchmark's external sandbox). */
    credentials?: { appKey: string; appSecret: string };
  };
  now?: () => number;
}

export function createSessionManager(opts: SessionManagerOptions): SessionManager {
  const { environments, vault, parts, logger } = opts;
  const now = opts.now ?? Date.now;
  // A subscriber that throws is logged; it must not become an uncaught exception in main.
  const listenerError = (error: unknown) => logger.error('a session listener threw', error);
  const connectionListeners = new Listeners<ConnectionStatus>(listenerError);
  const tokenListeners = new Listeners<TokenProgress>(listenerError);
  const eventListeners = new Listeners<TradeEventMessage>(listenerError);
  const sessionListeners = new Listeners<ActiveSession>(listenerError);
  let starting: Promise<ActiveSession> | undefined;
  let active: (ActiveSession & { dispose: () => Promise<void> }) | undefined;
  let sandbox: { running: EmbeddedSandbox; appKey: string; appSecret: string } | undefined;
  let sawTokenProgress = false;
  let latestTokenProgress: TokenProgress | undefined;
  let link: ConnectionStatus = {
    environmentId: environments.activeId(),
    api: 'idle',
    quotes: 'idle',
    events: 'idle',
    staleSymbols: [],
  };

  const publish = (patch: Partial<ConnectionStatus>) => {
    link = { ...link, ...patch };
    connectionListeners.emit(link);
  };

  async function sandboxSession(): Promise<{
    environment: EnvironmentSettings;
    credentials: { appKey: string; appSecret: string };
  }> {
    let credentials = vault.credentialsFor(SANDBOX_ID) ?? opts.sandboxOptions?.credentials;
    // A key pair made just now was never used by an earlier sandbox, so it need not wait for the
    // next second before listening (sandbox/types.ts `freshCredentials`).
    const freshCredentials = !credentials;
    if (!credentials) {
      // The sandbox gets a random key pair for this run. It guards nothing worth keeping, so it never
      // touches the vault file: writing it there once erased real secrets on a launch without a keyring.
      credentials = {
        appKey: `sandbox-${randomBytes(6).toString('hex')}`,
        appSecret: randomBytes(24).toString('base64url'),
      };
      vault.setEphemeral(SANDBOX_ID, credentials);
    }
    if (sandbox && (sandbox.appKey !== credentials.appKey || sandbox.appSecret !== credentials.appSecret)) {
      await sandbox.running.stop();
      sandbox = undefined;
    }
    if (!sandbox) {
      const running = await parts
        .startSandbox({
          host: '127.0.0.1',
          port: 0,
          dataDir: join(opts.dataDir, 'sandbox'),
          appKey: credentials.appKey,
          appSecret: credentials.appSecret,
          freshCredentials,
          tokenCheckEnabled: opts.sandboxOptions?.tokenCheckEnabled ?? false,
          quoteUpdatesPerSecond: opts.sandboxOptions?.quoteUpdatesPerSecond,
          // A newcomer on a Saturday should see a moving market (docs/sandbox.md "Replay when closed").
          replayWhenClosed:
            opts.sandboxOptions?.replayWhenClosed ?? process.env.BULLPEN_SANDBOX_REPLAY !== '0',
          replayStartOffsetMs: 60 * 60_000,
          // A pinned market start for tests and demos (docs/sandbox.md "A pinned market clock").
          marketStartAt: sandboxClockFromEnv(process.env.BULLPEN_SANDBOX_CLOCK),
          // A faster market clock for soak tests and demos (docs/sandbox.md "A pinned market clock").
          marketSpeed: sandboxSpeedFromEnv(process.env.BULLPEN_SANDBOX_SPEED),
          // The real service's wire forms unless asked otherwise (docs/sandbox.md "Wire forms").
          wire: process.env.BULLPEN_SANDBOX_WIRE === 'documented' ? 'documented' : 'real',
        })
        .catch((error: unknown) => {
          logger.error('the embedded sandbox did not start', error);
          publish({ api: 'offline', message: 'The embedded sandbox did not start.' });
          throw new ApiError({
            code: 'SANDBOX_UNAVAILABLE',
            message: `The embedded sandbox did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
            retryable: true,
            cause: error,
          });
        });
      sandbox = { running, ...credentials };
      running.onDeath?.((reason) => void sandboxDied(running, reason));
      logger.info(
        `sandbox started: api ${running.apiUrl}, quotes ${running.mqttUrl}, events ${running.eventsAddress}`,
      );
    }
    const environment = sandboxEnvironment(sandbox.running);
    environments.setSandbox(environment);
    const { marketClock } = sandbox.running;
    publish({
      sandboxReplay: marketClock.mode === 'replay' ? (marketClock.label ?? 'Replaying') : undefined,
      marketClock: sandbox.running.marketTime,
    });
    return { environment, credentials };
  }

  /**
   * The sandbox's worker died under a running session: forget it and the session built on it, and
   * say so. Nothing is restarted here; the next call's `ensure()` starts a fresh worker (lazily, so
   * a sandbox that dies at once is not restarted in a loop).
   */
  async function sandboxDied(running: EmbeddedSandbox, reason: string): Promise<void> {
    if (sandbox?.running !== running) return;
    sandbox = undefined;
    logger.error(`the embedded sandbox stopped unexpectedly: ${reason.split('\n')[0]}`);
    const old = active?.environment.id === SANDBOX_ID ? active : undefined;
    if (old) active = undefined;
    if (environments.activeId() === SANDBOX_ID)
      publish({
        api: 'offline',
        quotes: 'offline',
        events: 'offline',
        staleSymbols: [],
        message: 'The embedded sandbox stopped unexpectedly. It restarts on the next request.',
      });
    await old?.dispose().catch((e: unknown) => logger.warn('closing the dead sandbox session failed', e));
  }

  const mapToken = (environmentId: string, p: AccessTokenReport): TokenProgress => {
    // The client's progress carries the token itself; only its state crosses to the renderer.
    if (p.status === 'PENDING')
      return {
        environmentId,
        state: 'pending',
        deadline: now() + p.secondsLeft * 1000,
        message: 'Approve this login in your broker app.',
      };
    if (p.status === 'NORMAL') return { environmentId, state: 'approved' };
    return {
      environmentId,
      state: 'failed',
      message: p.status === 'EXPIRED' ? 'The access token expired.' : 'The login was not approved.',
    };
  };

  async function start(): Promise<ActiveSession> {
    const environmentId = environments.activeId();
    publish({
      environmentId,
      api: 'connecting',
      quotes: 'idle',
      events: 'idle',
      staleSymbols: [],
      message: undefined,
      sandboxReplay: undefined,
      marketClock: undefined,
      refusedSymbols: undefined,
    });
    let environment: EnvironmentSettings;
    let credentials: { appKey: string; appSecret: string };
    if (environmentId === SANDBOX_ID) {
      ({ environment, credentials } = await sandboxSession());
    } else {
      const env = environments.get(environmentId);
      const creds = vault.credentialsFor(environmentId);
      if (!env || !creds) {
        publish({ api: 'offline', message: 'Enter the app key and secret for this environment.' });
        throw new ApiError({
          code: ErrorCodes.NOT_CONFIGURED,
          message: `No app key and secret stored for ${env?.name ?? environmentId}. Enter them in Settings.`,
          retryable: false,
        });
      }
      environment = env;
      credentials = creds;
    }
    const client = parts.createClient({
      environment,
      credentials,
      tokenStore: vault.tokenStore(environmentId),
      onTokenProgress: (p) => {
        sawTokenProgress = true;
        latestTokenProgress = mapToken(environmentId, p);
        tokenListeners.emit(latestTokenProgress);
      },
    });
    const cleanups: Array<() => void> = [];
    const session: ActiveSession = { environment, client };
    if (parts.createQuoteFeed) {
      const quotes = parts.createQuoteFeed({
        environment,
        credentials,
        client,
        marketClock: () => link.marketClock,
      });
      session.quotes = quotes;
      publish({ quotes: quotes.status() });
      cleanups.push(
        quotes.onStatus((s) =>
          publish({
            quotes: s,
            staleSymbols: quotes.staleSymbols(),
            refusedSymbols: quotes.refusedSymbols?.(),
          }),
        ),
      );
    }
    const dispose = async () => {
      for (const c of cleanups) c();
      session.events?.close();
      await session.quotes?.close();
      client.close();
    };
    active = { ...session, dispose };
    try {
      await client.ready();
      publish({ api: 'live' });
    } catch (error) {
      publish({ api: 'offline', message: error instanceof Error ? error.message : 'handshake failed' });
      active = undefined;
      await dispose();
      throw error;
    }
    void attachTradeEvents(session, environmentId, credentials, cleanups);
    sessionListeners.emit(session);
    return session;
  }

  async function attachTradeEvents(
    session: ActiveSession,
    environmentId: string,
    credentials: { appKey: string; appSecret: string },
    cleanups: Array<() => void>,
  ) {
    if (!parts.createTradeEventFeed) return;
    try {
      const accounts = (await session.client.call('accountList', {}, { priority: 'background' })).map(
        (a) => a.account_id,
      );
      if (active?.client !== session.client) return;
      const events = parts.createTradeEventFeed({
        environment: session.environment,
        credentials,
        accounts,
        client: session.client,
      });
      session.events = events;
      if (active) active.events = events;
      publish({ events: events.status() });
      cleanups.push(events.onStatus((s: LinkState) => publish({ events: s })));
      cleanups.push(events.onEvent((e) => eventListeners.emit({ ...e, environmentId })));
    } catch (error) {
      logger.warn('trade events not started', error);
      publish({ events: 'offline' });
    }
  }

  const manager: SessionManager = {
    ensure() {
      if (active && active.environment.id === environments.activeId() && !starting)
        return Promise.resolve(active);
      if (!starting) {
        starting = start().finally(() => {
          starting = undefined;
        });
      }
      return starting;
    },
    current: () => active,
    async restart() {
      await starting?.catch(() => undefined);
      const old = active;
      active = undefined;
      await old?.dispose();
      publish({
        environmentId: environments.activeId(),
        api: 'idle',
        quotes: 'idle',
        events: 'idle',
        staleSymbols: [],
      });
    },
    connection: () => link,
    onConnection: (l) => connectionListeners.add(l),
    onTokenProgress: (l) => {
      // A window that opens (or reloads) mid-approval must still see the step and its countdown.
      if (latestTokenProgress) l(latestTokenProgress);
      return tokenListeners.add(l);
    },
    onTradeEvent: (l) => eventListeners.add(l),
    onSession: (l) => sessionListeners.add(l),
    tokenProgressSeen: () => sawTokenProgress,
    async close() {
      await manager.restart();
      await sandbox?.running.stop();
      sandbox = undefined;
    },
  };
  return manager;
}
