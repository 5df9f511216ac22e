import { marketTimeAt } from '../../shared/market/market-clock';
import { join } from 'node:path';
import type { StreamDelivery } from '../../shared/ipc/channels';
import type {
  OpName,
  OpOutput,
  OpParsedInput,
  RateBudget,
  Settings,
  ThemeInfo,
  LinkMessage,
  AppCommand,
  TokenStatusInfo,
} from '../../shared/ipc/contract';
import { RENDERER_API_OPERATION_IDS } from '../../shared/ipc/contract';
import { ErrorCodes } from '../../shared/errors';
import { environmentHosts, unknownHosts } from '../../shared/environments';
import type { OperationId, OpParams } from '../../shared/openapi/operations';
import { ApiError } from '../openapi/api-error';
import type { Budget } from '../openapi/rate-limiter';
import { Listeners } from '../common/listeners';
import { createEnvironmentStore, SANDBOX_ID } from './environment-store';
import { createIpcDispatcher, type IpcDispatcher, type OpHandler, type OpHandlers } from './ipc-dispatch';
import { createRotatingLogger, type Logger } from './logger';
import type { EngineParts } from './ports';
import { callOrderOperation, isOrderOperation } from './order-calls';
import { createQuoteRouter } from './quote-router';
import { createRedactor, type Redactor } from '../common/redact';
import { isSafeExternalUrl } from './sender-check';
import { createSessionManager, type SessionManager } from './session-manager';
import { createSettingsStore } from './settings-file';
import { createStreamHub, type StreamHub } from './stream-hub';
import { createWorkspaceStore, WorkspaceRefusal } from './workspace-file';
import { createInstrumentIndex } from './instrument-index';
import { createFirstScreen } from './first-screen-source';
import { OP_KINDS } from '../../shared/openapi/op-kinds';
import { createCredentialVault, type SecretCipher } from './vault';
import { createAlertService } from './alerts/alert-service';
import { createAlertStore } from './alerts/alert-store';
import type { StoreWarning } from '../common/atomic-file';
import { createConnectionCheck, reportsDirOf } from './doctor/connection-check';
import { askNobody, type Ask } from './trust/ask';
import { chooseGuardSettings } from './trust/guard-settings';
import { orderLookups } from './trust/order-lookups';
import { createTrustGate } from './trust/trust-gate';

/**
 * The composition root of everything main does that is not Electron: logger, vault, settings,
 * environments, the active session, the IPC dispatcher and the stream hub. `electron/main` builds
 * one of these with `safeStorage` as the cipher and window callbacks; tests build it in plain Node.
 */
export interface AppEngineOptions {
  userDataDir: string;
  cipher: SecretCipher;
  /** The engine parts, built once the logger and settings exist. */
  parts: (deps: { logger: Logger; flushMs: () => number }) => EngineParts;
  /** Deliver one stream batch to a window's web contents. */
  send: (senderId: number, batch: StreamDelivery[]) => void;
  openPanel: (
    panel: OpParsedInput<'window.openPanel'>,
    senderId: number,
  ) => Promise<{ windowId: number }> | { windowId: number };
  openExternal: (url: string) => Promise<void>;
  /** Show an OS notification; false when the platform cannot (main: Electron `Notification`). */
  notify?: (n: { title: string; body: string }) => boolean;
  echoLog?: boolean;
  /** The app's version, written into self-check reports. */
  version?: string;
  /** Called at start and after every change (main applies the theme source to nativeTheme). */
  onSettingsChanged?: (settings: Settings) => void;
  sandboxOptions?: {
    tokenCheckEnabled?: boolean;
    quoteUpdatesPerSecond?: number;
    credentials?: { appKey: string; appSecret: string };
  };
  /**
   * Ask the user a question in main (main: a native `dialog.showMessageBox`): every real-world
   * effect the trust boundary confirms (electron/services/trust/). The renderer cannot answer it,
   * so a compromised renderer alone cannot place an order, redirect signed requests, trust a
   * certificate or erase the user's setup (docs/security.md). Absent: every question answers no.
   */
  ask?: Ask;
  /** The trust gate's clock for its rate limits (tests move it past their windows). */
  trustNow?: () => number;
}

export interface AppEngine {
  dispatcher: IpcDispatcher;
  hub: StreamHub;
  logger: Logger;
  redactor: Redactor;
  sessions: SessionManager;
  settings(): Settings;
  setTheme(theme: ThemeInfo): void;
  /** A menu command for one window (its web contents id), or for every window when none is given. */
  sendCommand(command: AppCommand['command'], windowId?: number): void;
  /** Main's own order-guard settings (native dialogs), for the menu and `settings.openOrderGuards`. */
  openOrderGuards(): Promise<Settings>;
  /**
   * Open an https link in the system browser: at once for allow-listed hosts, after the user's yes
   * in main's dialog for any other (IPC `shell.openExternal`, and links a window tried to follow).
   */
  openLink(url: string): Promise<boolean>;
  close(): Promise<void>;
}

export const toRateBudget = (b: Budget): RateBudget => ({
  limit: b.limit,
  remaining: b.remaining,
  windowMs: 60_000,
  queued: b.queued,
  resetInMs: b.resetInMs,
  ...(b.pausedUntil === undefined ? {} : { pausedUntil: b.pausedUntil }),
});
const IDLE_BUDGET: RateBudget = { limit: 300, remaining: 300, windowMs: 60_000, queued: 0, resetInMs: 0 };

export function createAppEngine(opts: AppEngineOptions): AppEngine {
  const redactor = createRedactor();
  const logger = createRotatingLogger({ dir: join(opts.userDataDir, 'logs'), redactor, echo: opts.echoLog });
  // A saved file that could not be read was moved aside (never overwritten); the log alone would
  // leave the user wondering where their settings went, so they are told at once.
  const storeWarning: StoreWarning = (message, kind) => {
    logger.warn(message);
    if (kind === 'moved-aside')
      opts.notify?.({ title: 'Bullpen could not read a saved file', body: message });
  };
  const vault = createCredentialVault({
    file: join(opts.userDataDir, 'credentials.json'),
    cipher: opts.cipher,
    redactor,
    onWarning: storeWarning,
  });
  const settings = createSettingsStore(join(opts.userDataDir, 'settings.json'), storeWarning);
  const environments = createEnvironmentStore(join(opts.userDataDir, 'environments.json'), storeWarning);
  const workspaces = createWorkspaceStore({
    file: join(opts.userDataDir, 'workspace.json'),
    onWarning: storeWarning,
  });
  const parts = opts.parts({ logger, flushMs: () => settings.get().quoteFlushMs });
  const sessions = createSessionManager({
    dataDir: opts.userDataDir,
    environments,
    vault,
    parts,
    logger,
    sandboxOptions: opts.sandboxOptions,
  });
  const connectionCheck = createConnectionCheck({
    sessions,
    environments,
    vault,
    parts,
    reportsDir: reportsDirOf(opts.userDataDir),
    logger,
    version: opts.version,
  });
  const quoteRouter = createQuoteRouter(sessions, logger);
  const trust = createTrustGate({
    ask: opts.ask ?? askNobody,
    settings: () => settings.get(),
    logger,
    now: opts.trustNow,
  });
  // Search runs over an in-memory index of the active environment's instruments (both categories);
  // a session change (environment switch, credentials) forgets it so it is rebuilt from the new one.
  const instrumentIndex = createInstrumentIndex({
    fetchPage: async (params) =>
      (await sessions.ensure()).client.call('instruments', params, { priority: 'background' }),
    onWarning: (m) => logger.warn(m),
  });
  sessions.onSession(() => instrumentIndex.invalidate());
  // The first screen's watchlist calls go out as the session starts, before the window asks.
  const firstScreen = createFirstScreen({
    workspace: () => workspaces.get().state,
    onError: (message, error) => logger.warn(message, error),
  });
  sessions.onSession((s) => firstScreen.warm(s));
  // Price alerts are watched in main on their own quote subscriptions (docs/architecture.md "Alerts").
  const alerts = createAlertService({
    store: createAlertStore(join(opts.userDataDir, 'alerts.json'), storeWarning),
    sessions,
    activeEnvironmentId: () => environments.activeId(),
    // A symbol the environment does not list is refused at the form, never subscribed.
    isKnownSymbol: async (symbol) =>
      (await instrumentIndex.search({ query: symbol, limit: 5 })).some((hit) => hit.symbol === symbol),
    notify: (n) => {
      opts.notify?.(n);
    },
    logger,
    // Created and fired on the market clock, like every order and event time (docs/ui.md "Time").
    now: () => marketTimeAt(sessions.connection().marketClock, Date.now()),
  });
  const listenerError = (error: unknown) => logger.error('a listener threw', error);
  const themeListeners = new Listeners<ThemeInfo>(listenerError);
  const commandListeners = new Listeners<{ command: AppCommand['command']; windowId?: number }>(
    listenerError,
  );
  /** Link groups span windows: a group's instrument chosen in one is told to every other. */
  const linkListeners = new Listeners<{ message: LinkMessage; from: number }>(listenerError);
  let theme: ThemeInfo = { dark: true, source: 'system' };

  /** Subscribe to something on the current session, re-attaching after every session change. */
  const sessionBound =
    <T>(
      attach: (
        session: NonNullable<ReturnType<SessionManager['current']>>,
        emit: (v: T) => void,
      ) => () => void,
    ) =>
    (emit: (v: T) => void) => {
      let detach: (() => void) | undefined;
      const current = sessions.current();
      if (current) detach = attach(current, emit);
      const off = sessions.onSession((s) => {
        detach?.();
        detach = attach(s, emit);
      });
      return () => {
        off();
        detach?.();
      };
    };

  const hub = createStreamHub({
    send: opts.send,
    flushMs: settings.get().quoteFlushMs,
    onError: (m, e) => logger.warn(m, e),
    sources: {
      quotes: quoteRouter.source,
      connection: (_p, emit) => {
        emit(sessions.connection());
        return sessions.onConnection(emit);
      },
      budget: (_p, emit) =>
        sessionBound<RateBudget>((s, e) => {
          e(toRateBudget(s.client.budget()));
          return s.client.onBudget((b) => e(toRateBudget(b)));
        })(emit),
      tradeEvents: (_p, emit) => sessions.onTradeEvent(emit),
      tokenProgress: (_p, emit) => sessions.onTokenProgress(emit),
      theme: (_p, emit) => {
        emit(theme);
        return themeListeners.add(emit);
      },
      alerts: (_p, emit) => {
        emit(alerts.state());
        return alerts.onChange(emit);
      },
      links: (_p, emit, { senderId }) =>
        linkListeners.add(({ message, from }) => {
          if (from !== senderId) emit(message);
        }),
      appCommands: (_p, emit, { senderId }) =>
        commandListeners.add(({ command, windowId }) => {
          if (windowId === undefined || windowId === senderId) emit({ command });
        }),
    },
  });

  const restartIfActive = async (environmentId: string) => {
    if (environmentId === environments.activeId()) {
      await sessions.restart();
      void sessions
        .ensure()
        .catch((e: unknown) =>
          logger.warn('session start after change failed', e instanceof Error ? e.message : e),
        );
    }
  };

  const tokenStatus = (): TokenStatusInfo => {
    const environmentId = environments.activeId();
    const info = vault.tokenInfo(environmentId);
    const persisted = vault.status(environmentId).persisted;
    if (info)
      return {
        environmentId,
        state: info.status.toLowerCase() as TokenStatusInfo['state'],
        expiresAt: info.expires,
        persisted,
      };
    if (sessions.tokenProgressSeen()) return { environmentId, state: 'none', persisted };
    return {
      environmentId,
      state: sessions.connection().api === 'live' ? 'not-required' : 'unknown',
      persisted,
    };
  };

  /**
   * Reads the renderer repeats on a timer (the options ticket polls its contract's snapshot every
   * few seconds): they queue behind what a user asked for, so polling never delays a click.
   */
  const BACKGROUND_POLLS = new Set<OperationId>(['optionSnapshot']);

  const apiHandler =
    (op: OperationId): OpHandler<OpName> =>
    async (input, ctx) => {
      const session = await sessions.ensure();
      // A write may change what a warmed first screen holds (a watchlist's members).
      if (OP_KINDS[op].method === 'POST') firstScreen.invalidate();
      // Validated output of the catalogue schema is valid input to it again (arrays for lists, numbers for ints).
      if (isOrderOperation(op)) {
        // Main's own confirmation and guards, whatever the renderer showed (docs/security.md).
        await trust.order(
          op,
          input as OpParams<typeof op>,
          // Where the order would really go: the session's environment, not what the renderer says.
          session.environment,
          orderLookups(session.client),
        );
        return (await callOrderOperation(
          session.client,
          op,
          input as OpParams<typeof op>,
        )) as OpOutput<OpName>;
      }
      // Orders above always go as 'user'; a read may be a background refresh (the call's options).
      return (await session.client.call(op, input as OpParams<typeof op>, {
        priority: ctx.priority ?? (BACKGROUND_POLLS.has(op) ? 'background' : 'user'),
      })) as OpOutput<OpName>;
    };

  const applySettings = (patch: Partial<Settings>) => {
    const next = settings.set(patch);
    hub.setFlushMs(next.quoteFlushMs);
    opts.onSettingsChanged?.(next);
    return next;
  };
  /** Main's own UI for the guard settings: the only way they change (docs/security.md). */
  const openOrderGuards = async () => {
    const chosen = await chooseGuardSettings(settings.get(), (q) => trust.ask(q, 'order-guard settings'));
    if (!chosen) return settings.get();
    logger.info(
      `order guards changed in main's settings: confirm ${chosen.confirmOrders ? 'every order' : 'beyond limits'}, ${JSON.stringify(chosen.orderGuards)}`,
    );
    return applySettings(chosen);
  };

  const openLink = async (url: string) => {
    if (!isSafeExternalUrl(url) || !(await trust.externalLink(url))) return false;
    await opts.openExternal(url);
    return true;
  };

  const appHandlers: { [K in Exclude<OpName, `api.${string}`>]: OpHandler<K> } = {
    'settings.get': () => settings.get(),
    'settings.set': (patch) => applySettings(patch),
    'settings.openOrderGuards': () => openOrderGuards(),
    'environments.list': () => environments.state(),
    'environments.add': async (input) => {
      if (input.source !== 'region')
        await trust.environmentChange(
          undefined,
          { ...input.settings, id: '(new)', kind: 'custom' },
          unknownHosts(input.settings),
        );
      return environments.add(input);
    },
    'environments.update': async (input) => {
      const current = environments.get(input.id);
      if (current && current.kind !== 'sandbox') {
        // Hosts already confirmed (or presets) are not asked about again.
        const before = new Set(environmentHosts(current));
        const fresh = unknownHosts(input.patch).filter((h) => !before.has(h));
        await trust.environmentChange(current, { ...current, ...input.patch }, fresh);
      }
      const env = environments.update(input);
      await restartIfActive(env.id);
      return env;
    },
    'environments.remove': async ({ id }) => {
      const env = environments.get(id);
      if (env && env.kind !== 'sandbox') await trust.removeEnvironment(env);
      const wasActive = environments.activeId() === id;
      const state = environments.remove(id);
      vault.forget(id);
      if (wasActive) {
        await restartIfActive(state.activeId);
        alerts.environmentChanged();
      }
      return state;
    },
    'environments.select': async ({ id }) => {
      const changed = environments.activeId() !== id;
      const target = environments.get(id);
      if (changed && target) await trust.selectEnvironment(target);
      const state = environments.select(id);
      if (changed) {
        await restartIfActive(id);
        alerts.environmentChanged();
      }
      return state;
    },
    'credentials.status': ({ environmentId }) => vault.status(environmentId ?? environments.activeId()),
    'credentials.set': async ({ environmentId, appKey, appSecret }) => {
      const id = environmentId ?? environments.activeId();
      const env = environments.get(id);
      if (!env)
        throw new ApiError({
          code: ErrorCodes.NOT_FOUND,
          message: `environmentId: no environment ${JSON.stringify(id)}`,
          retryable: false,
        });
      // Saving the pair already in use changes nothing: restarting would end the session for no
      // reason (the embedded sandbox restarts its market clock, and DAY orders can expire with it).
      const before = vault.credentialsFor(id);
      if (before?.appKey === appKey && before.appSecret === appSecret) {
        logger.info(`credentials for ${id} unchanged: nothing restarted`);
        return { ...vault.status(id), restarted: false, unchanged: true };
      }
      await trust.replaceCredentials(env, vault.status(id).appKeyHint);
      const status = vault.set(id, { appKey, appSecret });
      logger.info(`credentials stored for ${id} (persisted: ${status.persisted})`);
      const restarted = id === environments.activeId();
      await restartIfActive(id);
      return { ...status, restarted };
    },
    'credentials.clear': async ({ environmentId }) => {
      const id = environmentId ?? environments.activeId();
      const env = environments.get(id);
      if (env) await trust.clearCredentials(env, vault.status(id).appKeyHint);
      const status = id === SANDBOX_ID ? vault.status(id) : vault.clear(id);
      await restartIfActive(id);
      return status;
    },
    'connection.check': ({ environmentId }) => connectionCheck.run(environmentId),
    'token.status': () => tokenStatus(),
    'budget.get': () => {
      const s = sessions.current();
      return s ? toRateBudget(s.client.budget()) : IDLE_BUDGET;
    },
    'connection.status': () => sessions.connection(),
    'window.openPanel': (input, ctx) => {
      trust.window();
      return opts.openPanel(input, ctx.senderId);
    },
    'links.publish': ({ group, symbol, category }, ctx) => {
      linkListeners.emit({ message: { group, instrument: { symbol, category } }, from: ctx.senderId });
      return { delivered: true };
    },
    'notify.show': (n) => {
      if (!trust.notification()) {
        logger.warn('notify.show: too many notifications in a short time; this one was not shown');
        return { shown: false };
      }
      return { shown: opts.notify?.(n) ?? false };
    },
    'shell.openExternal': async ({ url }) => ({ opened: await openLink(url) }),
    'workspace.get': () => workspaces.get(),
    'workspace.set': ({ state }) => {
      workspaces.set(state);
      return { saved: true as const };
    },
    'workspace.saveAs': ({ name }) => workspaces.saveAs(name),
    'workspace.switch': ({ name }) => workspaces.switchTo(name),
    'workspace.reset': () => workspaces.reset(),
    'workspace.rename': ({ from, to }) => refusalAsApiError(() => workspaces.rename(from, to)),
    'workspace.remove': ({ name }) => refusalAsApiError(() => workspaces.remove(name)),
    'watchlist.firstScreen': async () => firstScreen.get(await sessions.ensure()),
    'instruments.search': (input) => instrumentIndex.search(input),
    'alerts.list': () => alerts.state(),
    'alerts.create': (input) => alerts.create(input),
    'alerts.update': (input) => alerts.update(input),
    'alerts.remove': ({ id }) => alerts.remove(id),
    'alerts.rearm': ({ id }) => alerts.rearm(id),
  };

  const handlers = { ...appHandlers } as Record<string, OpHandler<OpName>>;
  for (const id of RENDERER_API_OPERATION_IDS) handlers[`api.${id}`] = apiHandler(id);
  const dispatcher = createIpcDispatcher(handlers as OpHandlers, { logger, redactor });

  logger.info(`engine started; user data in ${opts.userDataDir}`);
  opts.onSettingsChanged?.(settings.get());
  return {
    dispatcher,
    hub,
    logger,
    redactor,
    sessions,
    settings: () => settings.get(),
    setTheme(next) {
      theme = next;
      themeListeners.emit(next);
    },
    sendCommand(command, windowId) {
      commandListeners.emit({ command, windowId });
    },
    openOrderGuards,
    openLink,
    async close() {
      workspaces.flush();
      alerts.close();
      hub.close();
      await sessions.close();
      logger.info('engine closed');
    },
  };
}

/** A workspace rename or delete the store refused, as the error the renderer shows. */
function refusalAsApiError<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof WorkspaceRefusal)) throw e;
    throw new ApiError({
      code: e.reason === 'not-found' ? ErrorCodes.NOT_FOUND : ErrorCodes.INVALID_PARAMETER,
      message: e.message,
      retryable: false,
    });
  }
}
