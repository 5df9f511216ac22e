import { join } from 'node:path';
import type { StreamDelivery } from '../../shared/ipc/channels';
import type { AppCommand, OpName, OpParsedInput, Settings, ThemeInfo } from '../../shared/ipc/contract';
import { marketTimeAt } from '../../shared/market/market-clock';
import type { StoreWarning } from '../common/atomic-file-node';
import { createRedactor, type Redactor } from '../common/redact';
import { alertsIpc } from './alerts/alerts-ipc';
import { createAlertService } from './alerts/alert-service';
import { createAlertStore } from './alerts/alert-store';
import { apiIpc } from './api-ipc';
import { createConnectionIpc } from './connection-ipc';
import { credentialsIpc } from './credentials-ipc';
import { createConnectionCheck, reportsDirOf } from './doctor/connection-check';
import { createEnvironmentStore } from './environment-store';
import { environmentsIpc, restartIfActiveOf } from './environments-ipc';
import { createFirstScreen } from './first-screen-source';
import { createInstrumentIndex } from './instrument-index';
import { createIpcDispatcher, type IpcDispatcher, type OpHandlers } from './ipc-dispatch';
import { createRotatingLogger, type Logger } from './logger';
import type { EngineParts } from './ports';
import { createQuoteRouter } from './quote-router';
import { createSessionManager, type SessionManager } from './session-manager';
import { createSettingsStore } from './settings-file';
import { createSettingsIpc } from './settings-ipc';
import { createStreamHub, type StreamHub } from './stream-hub';
import { askNobody, type Ask } from './trust/ask';
import { createTrustGate } from './trust/trust-gate';
import { createCredentialVault, type SecretCipher } from './vault';
import { createWindowIpc } from './window-ipc';
import { workspaceIpc } from './workspace-ipc';
import { createWorkspaceStore } from './workspace-file';

/**
 * The composition root of everything main does that is not Electron: logger, vault, settings,
 * environments, the active session, the IPC dispatcher and the stream hub. It only wires: each
 * group of IPC handlers lives beside its service (`settings-ipc.ts`, `alerts/alerts-ipc.ts`…). `electron/main` builds
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

  const windows = createWindowIpc({
    trust,
    logger,
    openPanel: opts.openPanel,
    openExternal: opts.openExternal,
    notify: opts.notify,
  });
  const connection = createConnectionIpc({ sessions, connectionCheck });
  const hub = createStreamHub({
    send: opts.send,
    flushMs: settings.get().quoteFlushMs,
    onError: (m, e) => logger.warn(m, e),
    sources: {
      quotes: quoteRouter.source,
      ...connection.sources,
      ...windows.sources,
      tradeEvents: (_p, emit) => sessions.onTradeEvent(emit),
      tokenProgress: (_p, emit) => sessions.onTokenProgress(emit),
      alerts: (_p, emit) => {
        emit(alerts.state());
        return alerts.onChange(emit);
      },
    },
  });
  const settingsIpc = createSettingsIpc({
    settings,
    trust,
    logger,
    onApplied: (next) => {
      hub.setFlushMs(next.quoteFlushMs);
      opts.onSettingsChanged?.(next);
    },
  });
  const restartIfActive = restartIfActiveOf({ environments, sessions, logger });

  const handlers = {
    ...settingsIpc.handlers,
    ...environmentsIpc({
      environments,
      vault,
      trust,
      restartIfActive,
      onActiveChanged: () => alerts.environmentChanged(),
    }),
    ...credentialsIpc({ vault, environments, sessions, trust, restartIfActive, logger }),
    ...connection.handlers,
    ...windows.handlers,
    ...workspaceIpc(workspaces),
    ...alertsIpc(alerts),
    ...apiIpc({ sessions, trust, firstScreen, instrumentIndex }),
  } satisfies Record<Exclude<OpName, `api.${string}`>, unknown>;
  const dispatcher = createIpcDispatcher(handlers as unknown as OpHandlers, { logger, redactor });

  logger.info(`engine started; user data in ${opts.userDataDir}`);
  opts.onSettingsChanged?.(settings.get());
  return {
    dispatcher,
    hub,
    logger,
    redactor,
    sessions,
    settings: () => settings.get(),
    setTheme: windows.setTheme,
    sendCommand: windows.sendCommand,
    openOrderGuards: settingsIpc.openOrderGuards,
    openLink: windows.openLink,
    async close() {
      workspaces.flush();
      alerts.close();
      hub.close();
      await sessions.close();
      logger.info('engine closed');
    },
  };
}
