import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, Menu, nativeTheme, Notification, safeStorage, session, shell } from 'electron';
import { IPC_CHANNELS } from '../../shared/ipc/channels';
import { createAppEngine, type AppEngine } from '../services/app-engine';
import { defaultEngineParts } from '../services/default-engine-parts';
import { isSafeExternalUrl } from '../services/sender-check';
import { createWindowStateKeeper } from '../services/window-state';
import { registerIpc } from './ipc';
import { buildAppMenu } from './menu';
import { hardenSession } from './security';
import { WindowManager } from './windows';

/**
 * Bullpen's main entry: Electron glue only (STYLE.md). Everything it wires — vault, sessions,
 * IPC dispatch, streams — lives in electron/services and runs in plain Node.
 */
const HELP_URL = 'https://developer.webull.com/api-doc/';
const userDataOverride = process.env.BULLPEN_USER_DATA;
if (userDataOverride) app.setPath('userData', userDataOverride);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let engine: AppEngine | undefined;
  let windows: WindowManager | undefined;
  let stateKeeper: ReturnType<typeof createWindowStateKeeper> | undefined;
  let shutdown: 'running' | 'closing' | 'closed' = 'running';

  app.on('second-instance', () => windows?.focusMain());

  // A promise nobody awaited must not vanish silently: it goes to the (redacted) log file.
  process.on('unhandledRejection', (reason) => engine?.logger.error('unhandled promise rejection', reason));
  // Listener errors from code without a logger arrive as process warnings (electron/streaming/connection-status.ts).
  process.on('warning', (warning) => engine?.logger.warn(`${warning.name}: ${warning.message}`));

  // Defence in depth for any web contents (the checklist's "disable or limit navigation" and webview rules).
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  app
    .whenReady()
    .then(() => {
      const userData = app.getPath('userData');
      const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
      const rendererFile = join(__dirname, '../renderer/index.html');
      stateKeeper = createWindowStateKeeper(join(userData, 'window-state.json'));
      const appEngine = createAppEngine({
        userDataDir: userData,
        cipher: safeStorage,
        // The sandbox's worker script is built next to this bundle (electron.vite.config.mts).
        parts: (deps) =>
          defaultEngineParts({ ...deps, sandboxWorker: { file: join(__dirname, 'sandbox-worker.js') } }),
        send: (senderId, batch) => windows?.send(senderId, IPC_CHANNELS.stream, batch),
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
        echoLog: !app.isPackaged && process.env.BULLPEN_LOG_ECHO === '1',
        sandboxOptions: { tokenCheckEnabled: process.env.BULLPEN_SANDBOX_TOKEN_CHECK === '1' },
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
        rendererFile,
        devServerUrl,
        stateFile: join(userData, 'window-state.json'),
        stateKeeper,
        isDev: !app.isPackaged,
      });
      windows = wm;
      registerIpc(appEngine, {
        origins: { rendererFileUrl: pathToFileURL(rendererFile).href, devServerUrl },
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
          openHelp: () => {
            if (isSafeExternalUrl(HELP_URL)) void shell.openExternal(HELP_URL);
          },
          isDev: !app.isPackaged,
        }),
      );
      wm.createMainWindow();
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
    const closing = engine?.close() ?? Promise.resolve();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
    void Promise.race([closing, timeout])
      .catch((error: unknown) => engine?.logger.error('shutdown error', error))
      .finally(() => {
        shutdown = 'closed';
        app.quit();
      });
  });
}
