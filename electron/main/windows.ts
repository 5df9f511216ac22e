import { BrowserWindow, screen } from 'electron';
import type { AppEngine } from '../services/app-engine';
import { isSafeExternalUrl } from '../services/sender-check';
import { fitToDisplays, loadWindowState, MIN_SIZE, type WindowStateKeeper } from '../services/window-state';

/**
 * Window creation and per-window hardening: isolation, sandbox, no Node, web security on;
 * navigation and window.open denied (https links go to the OS browser after a check); a crashed or
 * hung renderer is reloaded with a message instead of staying blank (docs/shell.md).
 */
export interface WindowManagerOptions {
  engine: AppEngine;
  preloadPath: string;
  /** The renderer page on the app protocol (app://bullpen/index.html). */
  appUrl: string;
  devServerUrl?: string;
  stateFile: string;
  stateKeeper: WindowStateKeeper;
  isDev: boolean;
}

export interface PanelRequest {
  panel: string;
  symbol?: string;
  category?: string;
  /** The link group the panel joins (validated by the contract before it gets here). */
  group?: string;
  recovered?: 'crashed' | 'unresponsive';
}

export class WindowManager {
  private readonly windows = new Map<number, BrowserWindow>();
  private mainWindow: BrowserWindow | undefined;

  constructor(private readonly opts: WindowManagerOptions) {}

  webContentsIds(): ReadonlySet<number> {
    return new Set(this.windows.keys());
  }

  send(webContentsId: number, channel: string, payload: unknown): void {
    const win = this.windows.get(webContentsId);
    if (win && !win.isDestroyed()) win.webContents.send(channel, payload);
  }

  focusMain(): void {
    const win = this.mainWindow;
    if (!win || win.isDestroyed()) {
      this.createMainWindow();
      return;
    }
    if (win.isMinimized()) win.restore();
    win.focus();
  }

  /** A link the page tried to follow: to the system browser, under main's link policy (allow-list, or the user's yes). */
  private openLink(url: string): void {
    this.opts.engine
      .openLink(url)
      .catch((error: unknown) => this.opts.engine.logger.warn(`link not opened: ${url}`, error));
  }

  createMainWindow(): BrowserWindow {
    const workAreas = screen.getAllDisplays().map((d) => d.workArea);
    const state = fitToDisplays(loadWindowState(this.opts.stateFile), workAreas);
    const win = this.create(state.bounds, { panel: 'workstation' });
    this.mainWindow = win;
    if (state.maximized) win.maximize();
    const remember = () => {
      if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
      const maximized = win.isMaximized();
      this.opts.stateKeeper.update({
        bounds: maximized ? win.getNormalBounds() : win.getBounds(),
        maximized,
      });
    };
    for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const)
      win.on(event as 'resize', remember);
    win.on('close', () => {
      remember();
      this.opts.stateKeeper.flush();
    });
    return win;
  }

  /** Another window on the same main process: it shares the quote feed and the session. */
  openPanel(request: PanelRequest, nextTo?: number): BrowserWindow {
    const anchor = nextTo === undefined ? undefined : this.windows.get(nextTo);
    const b = anchor && !anchor.isDestroyed() ? anchor.getBounds() : { x: 80, y: 80, width: 0, height: 0 };
    return this.create({ x: b.x + 40, y: b.y + 40, width: 960, height: 640 }, request);
  }

  private urlQuery(request: PanelRequest): Record<string, string> {
    const query: Record<string, string> = { panel: request.panel };
    if (request.symbol) query.symbol = request.symbol;
    if (request.category) query.category = request.category;
    if (request.group) query.group = request.group;
    if (request.recovered) query.recovered = request.recovered;
    return query;
  }

  load(win: BrowserWindow, request: PanelRequest): void {
    const query = this.urlQuery(request);
    const done = this.opts.devServerUrl
      ? win.loadURL(`${this.opts.devServerUrl}?${new URLSearchParams(query).toString()}`)
      : win.loadURL(`${this.opts.appUrl}?${new URLSearchParams(query).toString()}`);
    done.catch((error: unknown) => this.opts.engine.logger.error('renderer failed to load', error));
  }

  private create(
    bounds: { x: number; y: number; width: number; height: number },
    request: PanelRequest,
  ): BrowserWindow {
    const { engine } = this.opts;
    const win = new BrowserWindow({
      ...bounds,
      minWidth: MIN_SIZE.width,
      minHeight: MIN_SIZE.height,
      show: false,
      title: 'Bullpen',
      backgroundColor: '#0b0e11',
      webPreferences: {
        preload: this.opts.preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        // A middle click would otherwise open a link as a new window (Electronegativity AUXCLICK_JS_CHECK).
        disableBlinkFeatures: 'Auxclick',
        spellcheck: false,
        devTools: this.opts.isDev,
      },
    });
    const id = win.webContents.id;
    this.windows.set(id, win);
    let panel = request;
    win.once('ready-to-show', () => win.show());

    win.webContents.on('will-navigate', (event, url) => {
      event.preventDefault();
      engine.logger.warn(`navigation denied: ${url}`);
      if (isSafeExternalUrl(url)) this.openLink(url);
    });
    win.webContents.setWindowOpenHandler(({ url }) => {
      engine.logger.warn(`window.open denied: ${url}`);
      if (isSafeExternalUrl(url)) this.openLink(url);
      return { action: 'deny' };
    });
    // A reload or crash ends the page's subscriptions; the new page subscribes again.
    win.webContents.on('did-navigate', () => engine.hub.dropSender(id));
    win.webContents.on('render-process-gone', (_event, details) => {
      engine.logger.error(`renderer gone (${details.reason}, exit ${details.exitCode}); reloading`);
      engine.hub.dropSender(id);
      if (details.reason !== 'clean-exit' && !win.isDestroyed()) {
        panel = { ...panel, recovered: 'crashed' };
        this.load(win, panel);
      }
    });
    let hungTimer: NodeJS.Timeout | undefined;
    win.on('unresponsive', () => {
      engine.logger.warn('renderer unresponsive');
      // Give it a moment to recover by itself, then reload with a message.
      hungTimer = setTimeout(() => {
        if (win.isDestroyed()) return;
        panel = { ...panel, recovered: 'unresponsive' };
        win.webContents.forcefullyCrashRenderer();
        this.load(win, panel);
      }, 5_000);
    });
    win.on('responsive', () => {
      if (hungTimer) clearTimeout(hungTimer);
      hungTimer = undefined;
    });
    win.on('closed', () => {
      if (hungTimer) clearTimeout(hungTimer);
      engine.hub.dropSender(id);
      this.windows.delete(id);
      if (this.mainWindow === win) this.mainWindow = undefined;
    });
    this.load(win, request);
    return win;
  }
}
