import { EventEmitter } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeProtocolServers, protocol } from './protocol';
import { browserContext, browserSpawned, closeBrowser, record, standinConfig } from './runtime';
import { createTestCipher } from './test-cipher';
import { BrowserWindow, ipcHandlers, standinApp, WebContents, type IpcHandler } from './windows';

/**
 * The stand-in for the `electron` module (shared/design/electron-standin.md): the parts of the
 * Electron API Bullpen's main entry uses, backed by Debian Chromium through playwright-core.
 * `require('electron')` resolves here under electron/standin/run-main.ts and in Vitest (alias).
 * Nothing launches until `app.whenReady()` is called, so importing it in unit tests is free.
 */
export { BrowserWindow, protocol, WebContents };

class PreventableEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

let readyPromise: Promise<void> | undefined;
let quitInProgress = false;
let lockFile: string | undefined;

function releaseLock(): void {
  if (lockFile) rmSync(lockFile, { force: true });
  lockFile = undefined;
}

/**
 * Electron's browser process is up before main's code runs. run-main.ts calls this before it
 * loads main, so Chromium boots while main's modules load instead of after; `whenReady` then
 * waits on the same launch (a failed launch fails it, as before). Resolves once the browser
 * process is spawned (at most a few seconds).
 */
export function startBrowserEarly(): Promise<void> {
  browserContext().catch(() => undefined);
  return browserSpawned(5_000);
}

export const app = Object.assign(standinApp, {
  isPackaged: false,
  whenReady(): Promise<void> {
    readyPromise ??= browserContext().then(() => {
      // What main had asked for by then (Electron ignores enableSandbox after ready).
      record({ type: 'ready', sandboxEnabled: app.sandboxEnabled });
      standinApp.emit('ready', {}, {});
    });
    return readyPromise;
  },
  isReady: () => readyPromise !== undefined,
  /** Recorded: every stand-in page runs in Chromium's renderer sandbox already. */
  sandboxEnabled: false,
  enableSandbox(): void {
    if (readyPromise) throw new Error('app.enableSandbox() must be called before the app is ready');
    app.sandboxEnabled = true;
  },
  getPath(name: string): string {
    const cfg = standinConfig();
    if (name === 'userData' || name === 'sessionData') return cfg.userDataDir;
    if (name === 'logs') return join(cfg.userDataDir, 'logs');
    if (name === 'temp') return tmpdir();
    if (name === 'home') return homedir();
    return join(cfg.userDataDir, name);
  },
  setPath(name: string, value: string): void {
    if (name === 'userData') standinConfig().userDataDir = value;
  },
  getAppPath: () => standinConfig().appRoot,
  getName: () => 'Bullpen',
  getVersion(): string {
    const pkg = JSON.parse(readFileSync(join(standinConfig().appRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  },
  /** A real lock per userData folder (a pid file), so two stand-ins on one profile conflict like Electron's. */
  requestSingleInstanceLock(): boolean {
    const dir = standinConfig().userDataDir;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'bullpen-standin.lock');
    try {
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        return false;
      }
    } catch (error) {
      // ENOENT (no lock) or ESRCH (stale lock): take it.
      void error;
    }
    const fd = openSync(file, 'w');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    lockFile = file;
    process.once('exit', releaseLock);
    return true;
  },
  quit(): void {
    if (quitInProgress) return;
    const beforeQuit = new PreventableEvent();
    standinApp.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    quitInProgress = true;
    standinApp.quitting = true;
    for (const win of BrowserWindow.getAllWindows()) win.close();
    const willQuit = new PreventableEvent();
    standinApp.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      quitInProgress = false;
      return;
    }
    void closeBrowser()
      .catch((error: unknown) =>
        process.stderr.write(`stand-in: closing Chromium failed: ${String(error)}\n`),
      )
      .finally(() => {
        releaseLock();
        closeProtocolServers();
        standinApp.emit('quit', {}, 0);
        standinApp.emit('standin:exit', 0);
      });
  },
  exit(code = 0): void {
    void closeBrowser().finally(() => {
      releaseLock();
      standinApp.emit('standin:exit', code);
    });
  },
});

export const ipcMain = Object.assign(new EventEmitter(), {
  handle(channel: string, handler: IpcHandler): void {
    if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcHandlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    ipcHandlers.delete(channel);
  },
});

/** Only meaningful inside the page (see preload-shim.ts); in Node they say so. */
export const ipcRenderer = {
  invoke(): Promise<never> {
    return Promise.reject(new Error('ipcRenderer is only available in the stand-in page (preload-shim.ts)'));
  },
  on(): never {
    throw new Error('ipcRenderer is only available in the stand-in page (preload-shim.ts)');
  },
};
export const contextBridge = {
  exposeInMainWorld(): never {
    throw new Error('contextBridge is only available in the stand-in page (preload-shim.ts)');
  },
};

const cipher = () =>
  createTestCipher({
    available: standinConfig().safeStorageAvailable,
    passphrase: process.env.BULLPEN_STANDIN_KEY,
  });
export const safeStorage = {
  isEncryptionAvailable: () => cipher().isEncryptionAvailable(),
  encryptString: (plainText: string) => cipher().encryptString(plainText),
  decryptString: (encrypted: Buffer) => cipher().decryptString(encrypted),
  getSelectedStorageBackend: () => standinConfig().safeStorageBackend,
};

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (r: { responseHeaders?: Record<string, string[]> }) => void,
) => void;
type PermissionHandler = (wc: unknown, permission: string, callback: (granted: boolean) => void) => void;
/** Recorded, not enforced: file:// responses have no headers (the <meta> CSP applies) and Playwright grants no permissions by default. */
export const standinSession = {
  headersListener: undefined as HeadersListener | undefined,
  permissionRequestHandler: undefined as PermissionHandler | undefined,
  permissionCheckHandler: undefined as ((...args: unknown[]) => boolean) | undefined,
  webRequest: {
    onHeadersReceived(listener: HeadersListener): void {
      standinSession.headersListener = listener;
    },
  },
  setPermissionRequestHandler(handler: PermissionHandler): void {
    standinSession.permissionRequestHandler = handler;
  },
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
    standinSession.permissionCheckHandler = handler;
  },
};
export const session = { defaultSession: standinSession };

export const shell = {
  openExternal(url: string): Promise<void> {
    // Recorded, never opened: tests assert on it, and a build machine has no browser to open.
    record({ type: 'openExternal', url });
    process.stdout.write(`stand-in: would open ${url} in the system browser\n`);
    return Promise.resolve();
  },
};

/** Notifications are recorded, never shown: tests assert on them (like `shell.openExternal`). */
export class Notification {
  static isSupported(): boolean {
    return true;
  }
  constructor(private readonly options: { title: string; body?: string }) {}
  show(): void {
    record({ type: 'notification', title: this.options.title, body: this.options.body ?? '' });
  }
}

let applicationMenu: unknown = null;
export const Menu = {
  buildFromTemplate: (template: unknown[]) => ({ template }),
  setApplicationMenu(menu: unknown): void {
    applicationMenu = menu;
  },
  getApplicationMenu: () => applicationMenu,
};

export const nativeTheme = Object.assign(new EventEmitter(), {
  themeSource: 'system' as 'system' | 'light' | 'dark',
  get shouldUseDarkColors(): boolean {
    return this.themeSource === 'dark' || (this.themeSource === 'system' && standinConfig().darkTheme);
  },
});

export const screen = {
  getAllDisplays: () => [
    {
      id: 1,
      workArea: { x: 0, y: 0, width: 1920, height: 1080 },
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      scaleFactor: 1,
    },
  ],
  getPrimaryDisplay: () => screen.getAllDisplays()[0],
};

export const dialog = {
  showErrorBox(title: string, content: string): void {
    record({ type: 'dialog', kind: 'error', message: `${title}: ${content}` });
    process.stderr.write(`${title}: ${content}\n`);
  },
  /**
   * A question box, answered by BULLPEN_STANDIN_DIALOG: `cancel` picks `cancelId`, anything else
   * (the default) the first other button. Recorded so tests can assert what the user was asked.
   */
  showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = (args.length > 1 ? args[1] : args[0]) as {
      message: string;
      detail?: string;
      buttons?: string[];
      cancelId?: number;
    };
    const cancelId = options.cancelId ?? 0;
    const other = (options.buttons ?? ['OK']).findIndex((_b, i) => i !== cancelId);
    const cancel = process.env.BULLPEN_STANDIN_DIALOG === 'cancel';
    const response = cancel || other < 0 ? cancelId : other;
    record({
      type: 'dialog',
      kind: 'question',
      message: `${options.message}${options.detail ? `\n${options.detail}` : ''}`,
    });
    return Promise.resolve({ response, checkboxChecked: false });
  },
};

export const webContents = {
  fromId: (id: number) => BrowserWindow.getAllWindows().find((w) => w.webContents.id === id)?.webContents,
};

export default {
  app,
  BrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  safeStorage,
  session,
  shell,
  Notification,
  Menu,
  nativeTheme,
  screen,
  dialog,
  protocol,
  webContents,
};
