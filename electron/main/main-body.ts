import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  nativeTheme,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';
import { IPC_CHANNELS } from '../../shared/ipc/channels';
import { createAppEngine, type AppEngine } from '../services/app-engine';
import { APP_INDEX_URL, APP_SCHEME, createAppProtocolHandler } from '../services/app-protocol';
import { installCrashPolicy } from '../services/crash-policy';
import { defaultEngineParts } from '../services/default-engine-parts';
import type { WarmSandboxWorker } from '../services/sandbox-worker-client';
import type { DevOverrides } from '../services/dev-overrides';
import { benchHooks, withExternalSandbox } from '../services/bench-hooks';
import { isSafeExternalUrl } from '../services/sender-check';
import { createWindowStateKeeper } from '../services/window-state';
import { preloadLinkPackages } from '../streaming/link-packages';
import { registerIpc } from './ipc';
import { buildAppMenu } from './menu';
import { hardenSession, hardenWebContents } from './security';
import { WindowManager } from './windows';

/**
 * Main's body: Electron glue only (docs/architecture.md "Layers"). Everything it wires (vault, sessions, IPC dispatch,
 * streams) lives in electron/services and runs in plain Node. The entry (index.ts) has already
 * taken the single-instance lock and started the sandbox's warm worker when it calls `startMain`.
 */
const HELP_URL = 'https://developer.webull.com/api-doc/';

/** What the entry has done before it loads this body. */
export interface MainStart {
  /** Development and test switches, read once by the entry; a packaged build ignores them all (docs/security.md). */
  overrides: DevOverrides;
  /** The sandbox worker's script, built next to this bundle (electron.vite.config.mts). */
  sandboxWorkerFile: string;
  /** The worker already loading the sandbox's code, when the app opens on the Sandbox environment. */
  warmSandbox: WarmSandboxWorker | undefined;
}

/** Runs once, synchronously from the entry, before the app is ready. */
export function startMain({ overrides, sandboxWorkerFile, warmSandbox }: MainStart): void {
  // `npm run bench` only (docs/benchmark.md): its own flooding sandbox and main's figures on SIGUSR2.
  // `__BULLPEN_BENCH_HOOKS__` is false in a packaged build (electron.vite.config.mts): every use of
  // the hooks below is behind it, so the bundler leaves their code out of that build.
  const bench = __BULLPEN_BENCH_HOOKS__ ? benchHooks(overrides) : undefined;
  const benchSandbox = __BULLPEN_BENCH_HOOKS__ ? bench?.sandbox : undefined;
  const benchProbe = __BULLPEN_BENCH_HOOKS__ ? bench?.probe : undefined;
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  // The renderer is served from app://bullpen/ (a standard, secure scheme, so 'self' and fetch work).
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);

  let engine: AppEngine | undefined;
  let windows: WindowManager | undefined;
  let stateKeeper: ReturnType<typeof createWindowStateKeeper> | undefined;
  let shutdown: 'running' | 'closing' | 'closed' = 'running';

  app.on('second-instance', () => windows?.focusMain());

  // A fault nobody caught is logged (redacted) and shown to the user; the app keeps running.
  installCrashPolicy(process, {
    logger: () => engine?.logger,
    redactor: () => engine?.redactor,
    notify: (title, message) => dialog.showErrorBox(title, message),
  });
  // Listener errors from code without a logger arrive as process warnings (electron/streaming/connection-status.ts).
  process.on('warning', (warning) => engine?.logger.warn(`${warning.name}: ${warning.message}`));

  // Defence in depth for any web contents (the checklist's "disable or limit navigation" and webview rules).
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

  app
    .whenReady()
    .then(() => {
      const userData = app.getPath('userData');
      const devServerUrl = overrides.devServerUrl;
      const rendererDir = join(__dirname, '../renderer');
      protocol.handle(
        APP_SCHEME,
        createAppProtocolHandler({ root: rendererDir, contentSecurityPolicy: CONTENT_SECURITY_POLICY }),
      );
      stateKeeper = createWindowStateKeeper(join(userData, 'window-state.json'));
      const appEngine = createAppEngine({
        userDataDir: userData,
        version: app.getVersion(),
        cipher: safeStorage,
        // The sandbox's and the reply reader's worker scripts are built next to this bundle
        // (electron.vite.config.mts).
        parts: (deps) => {
          const parts = defaultEngineParts({
            ...deps,
            // Given only when the benchmark is attached: otherwise no call per message.
            ...(__BULLPEN_BENCH_HOOKS__ && benchProbe ? { onQuoteDecoded: benchProbe.noteDecoded } : {}),
            sandboxWorker: { file: sandboxWorkerFile },
            replyReaderWorker: { file: join(__dirname, 'reply-reader-worker.js') },
            warmSandboxWorker: warmSandbox,
          });
          return __BULLPEN_BENCH_HOOKS__ && benchSandbox ? withExternalSandbox(parts, benchSandbox) : parts;
        },
        send: (senderId, batch) => {
          if (__BULLPEN_BENCH_HOOKS__) benchProbe?.countDelivery(batch);
          windows?.send(senderId, IPC_CHANNELS.stream, batch);
        },
        openPanel: (request, senderId) => {
          if (!windows) throw new Error('windows not ready');
          return { windowId: windows.openPanel(request, senderId).id };
        },
        openExternal: (url) => shell.openExternal(url),
        notify: ({ title, body }) => {
          if (!Notification.isSupported()) return false;
          new Notification({ title, body }).show();
          return true;
        },
        echoLog: overrides.echoLog,
        sandboxOptions: {
          tokenCheckEnabled: overrides.sandboxTokenCheck,
          ...(__BULLPEN_BENCH_HOOKS__ && benchSandbox
            ? { credentials: { appKey: benchSandbox.appKey, appSecret: benchSandbox.appSecret } }
            : {}),
        },
        // Main's own questions (electron/services/trust/): a native box over the focused window.
        ask: async (question) => {
          const parent = BrowserWindow.getFocusedWindow();
          const options = { type: 'warning' as const, noLink: true, ...question };
          const { response } = parent
            ? await dialog.showMessageBox(parent, options)
            : await dialog.showMessageBox(options);
          return response;
        },
        onSettingsChanged: (s) => {
          nativeTheme.themeSource = s.theme;
        },
      });
      engine = appEngine;
      const logger = appEngine.logger;
      hardenSession(session.defaultSession, { devServerUrl, logger });
      const wm = new WindowManager({
        engine: appEngine,
        preloadPath: join(__dirname, '../preload/index.js'),
        appUrl: APP_INDEX_URL,
        devServerUrl,
        stateFile: join(userData, 'window-state.json'),
        stateKeeper,
        isDev: !app.isPackaged,
      });
      windows = wm;
      registerIpc(appEngine, {
        origins: { appUrl: APP_INDEX_URL, devServerUrl },
        ourWebContentsIds: () => wm.webContentsIds(),
      });

      const publishTheme = () =>
        appEngine.setTheme({ dark: nativeTheme.shouldUseDarkColors, source: appEngine.settings().theme });
      nativeTheme.on('updated', publishTheme);
      publishTheme();

      Menu.setApplicationMenu(
        buildAppMenu({
          newWindow: () => wm.openPanel({ panel: 'workstation' }),
          openSettings: () =>
            appEngine.sendCommand('openSettings', BrowserWindow.getFocusedWindow()?.webContents.id),
          openOrderGuards: () => {
            appEngine
              .openOrderGuards()
              .catch((error: unknown) => logger.warn('order-guard settings failed', error));
          },
          openHelp: () => {
            if (isSafeExternalUrl(HELP_URL)) void shell.openExternal(HELP_URL);
          },
          isDev: !app.isPackaged,
        }),
      );
      wm.createMainWindow();
      // The links' packages load after the window is asked for, not as the body loads (link-packages.ts).
      setImmediate(preloadLinkPackages);
      // Start the sandbox and the session now, so the first screen has data without waiting.
      appEngine.sessions
        .ensure()
        .catch((error: unknown) =>
          logger.warn('initial session did not start', error instanceof Error ? error.message : error),
        );
      logger.info(
        `Bullpen ${app.getVersion()} ready (safeStorage ${safeStorage.isEncryptionAvailable() ? 'available' : 'unavailable'})`,
      );
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `Bullpen failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      app.exit(1);
    });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) windows?.createMainWindow();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Clean shutdown: flush the window state, close the streams, stop the sandbox, then really quit.
  app.on('before-quit', (event) => {
    if (shutdown === 'closed') return;
    event.preventDefault();
    if (shutdown === 'closing') return;
    shutdown = 'closing';
    stateKeeper?.flush();
    const closing = Promise.all([engine?.close(), warmSandbox?.dispose()]);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
    void Promise.race([closing, timeout])
      .catch((error: unknown) => engine?.logger.error('shutdown error', error))
      .finally(() => {
        shutdown = 'closed';
        app.quit();
      });
  });
}
