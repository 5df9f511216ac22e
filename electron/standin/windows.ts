import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { DISPATCH_FUNCTION, IPC_BINDING, preloadInitScript, WINDOW_OPEN_CHANNEL } from './preload-shim';
import { toAppUrl, toLoadableUrl } from './protocol';
import { APP_WINDOW_URL, browserContext, record, standinConfig } from './runtime';

/**
 * BrowserWindow and webContents backed by a Chromium page. The constructor is synchronous, like
 * Electron's; the page is created in the background and every page operation waits for it.
 */
export type IpcHandler = (event: IpcEvent, ...args: unknown[]) => unknown;
export interface IpcEvent {
  sender: WebContents;
  senderFrame: { url: string; parent: object | null } | null;
  processId: number;
  frameId: number;
}

/** ipcMain's handlers, shared with electron-module.ts. */
export const ipcHandlers = new Map<string, IpcHandler>();
const allWindows = new Set<BrowserWindow>();
let nextId = 1;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
type WindowOpenHandler = (details: {
  url: string;
  frameName: string;
  features: string;
  disposition: string;
}) => { action: 'allow' | 'deny' };

class PreventableEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class WebContents extends EventEmitter {
  readonly id = nextId++;
  private openHandler: WindowOpenHandler = () => ({ action: 'allow' });
  page: Page | undefined;

  /** The current page; replaced after a crash (Electron starts a new renderer process). */
  constructor(public ready: Promise<Page>) {
    super();
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.openHandler = handler;
  }

  /** Runs main's window-open policy; true when the open is allowed. */
  decideWindowOpen(url: string): boolean {
    const decision = this.openHandler({ url, frameName: '', features: '', disposition: 'new-window' });
    if (decision.action === 'deny') record({ type: 'denied', what: 'window.open', url });
    return decision.action === 'allow';
  }

  /**
   * Electron's send is fire-and-forget: main goes on while the message crosses. Here a send is a
   * CDP round trip, so sends made while one is under way wait and then cross together, in order,
   * in one evaluate: a renderer that answers slower than main sends gets everything queued at
   * once instead of a round trip per message falling ever further behind. Arguments are copied
   * as JSON at the moment of the send (Electron copies them then too; the stand-in's invoke
   * already passes JSON), and each message is dispatched apart, so a listener that throws for
   * one does not lose the others.
   */
  send(channel: string, ...args: unknown[]): void {
    record({ type: 'send', channel, args });
    this.pendingSends.push(JSON.stringify([channel, args]));
    if (!this.sending) void this.flushSends();
  }

  private pendingSends: string[] = [];
  private sending = false;

  private async flushSends(): Promise<void> {
    this.sending = true;
    try {
      // Bounded: each turn takes everything queued; a turn's own sends are the next turn's.
      while (this.pendingSends.length > 0) {
        const page = await this.ready;
        const messages = `[${this.pendingSends.splice(0).join(',')}]`;
        if (page.isClosed()) continue;
        await page
          .evaluate(
            ([fn, json]) => {
              const dispatch = (globalThis as unknown as Record<string, (c: string, a: unknown[]) => void>)[
                fn
              ];
              for (const [c, a] of JSON.parse(json) as Array<[string, unknown[]]>) {
                try {
                  dispatch?.(c, a);
                } catch (error) {
                  // Uncaught in the page, as a throwing IPC listener is in Electron.
                  setTimeout(() => {
                    throw error;
                  });
                }
              }
            },
            [DISPATCH_FUNCTION, messages] as const,
          )
          .catch((error: unknown) => {
            // A send racing a navigation or close is dropped, as Electron drops it.
            if (!page.isClosed())
              process.stderr.write(
                `stand-in: webContents.send dropped: ${(error as Error).message.split('\n')[0] ?? ''}\n`,
              );
          });
      }
    } finally {
      this.sending = false;
    }
  }

  getURL(): string {
    return toAppUrl(this.page?.url() ?? '');
  }

  /** The URL main itself is loading: Electron emits no will-navigate for loadURL or reload. */
  pendingLoad: string | undefined;

  isDestroyed(): boolean {
    return this.page?.isClosed() ?? false;
  }

  reload(): void {
    void this.ready.then((p) => {
      this.pendingLoad = p.url();
      return p.reload();
    });
  }

  forcefullyCrashRenderer(): void {
    // Chromium cannot be made to crash a renderer from outside here; the reload that follows is what matters.
    record({ type: 'denied', what: 'forcefullyCrashRenderer (no-op in stand-in)', url: this.getURL() });
  }

  openDevTools(): void {
    /* no DevTools in the stand-in */
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return [...allWindows];
  }

  /** The stand-in has no OS focus to ask: the window created or focused last stands for it. */
  static getFocusedWindow(): BrowserWindow | null {
    return [...allWindows].at(-1) ?? null;
  }

  static fromWebContents(wc: WebContents): BrowserWindow | null {
    return [...allWindows].find((w) => w.webContents === wc) ?? null;
  }

  readonly id: number;
  readonly webContents: WebContents;
  private bounds: Rect;
  private maximized = false;
  private destroyed = false;
  private shownOnce = false;
  private readonly preloadPath: string | undefined;

  constructor(
    options: {
      x?: number;
      y?: number;
      width?: number;
      height?: number;
      webPreferences?: { preload?: string };
    } = {},
  ) {
    super();
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 1280,
      height: options.height ?? 800,
    };
    this.preloadPath = options.webPreferences?.preload;
    this.webContents = new WebContents(this.openPage());
    this.id = this.webContents.id;
    allWindows.add(this);
    standinApp.emit('web-contents-created', {}, this.webContents);
    if (standinConfig().recordFile) this.probeWebviewRule();
  }

  private crashed = false;

  /**
   * Chromium has no `<webview>`: for the recorder, ask main's listeners as Electron does before it
   * attaches one, and record whether they refused (main must refuse every one).
   */
  private probeWebviewRule(): void {
    let refused = false;
    const event = { preventDefault: () => void (refused = true) };
    this.webContents.emit('will-attach-webview', event, {}, { src: 'https://example.com/' });
    record({ type: 'webview', refused });
  }

  private async openPage(): Promise<Page> {
    const ctx = await browserContext();
    const blank = ctx
      .pages()
      .find((p) => (p.url() === 'about:blank' || p.url() === APP_WINDOW_URL) && !claimed.has(p));
    const page = blank ?? (await ctx.newPage());
    return this.setupPage(page);
  }

  private async setupPage(page: Page): Promise<Page> {
    claimed.add(page);
    this.webContents.page = page;
    if (standinConfig().headless)
      await page.setViewportSize({ width: this.bounds.width, height: this.bounds.height });
    await page.exposeBinding(
      IPC_BINDING,
      async (source: { frame: Frame }, channel: string, args: unknown[]) =>
        this.handleIpc(source.frame, channel, args),
    );
    if (this.preloadPath)
      await page.addInitScript({ content: preloadInitScript(readFileSync(this.preloadPath, 'utf8')) });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.webContents.emit('did-navigate', {}, toAppUrl(frame.url()));
    });
    page.on('domcontentloaded', () => {
      if (!this.shownOnce) {
        this.shownOnce = true;
        this.emit('ready-to-show');
      }
    });
    page.on('crash', () => {
      this.crashed = true;
    });
    page.on('crash', () =>
      this.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 }),
    );
    page.on('close', () => {
      if (this.webContents.page === page) this.markClosed();
    });
    page.on('popup', (popup) => {
      // <a target=_blank> and friends: ask main's handler; a denied popup is closed at once.
      if (!this.webContents.decideWindowOpen(popup.url())) void popup.close();
    });
    // Renderer-initiated http(s) navigations go through main's will-navigate, like Electron.
    await page.route(/^https?:/, async (route) => {
      const request = route.request();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        if (this.webContents.pendingLoad === request.url()) {
          this.webContents.pendingLoad = undefined;
          await route.continue();
          return;
        }
        const event = new PreventableEvent();
        this.webContents.emit('will-navigate', event, toAppUrl(request.url()));
        if (event.defaultPrevented) {
          record({ type: 'denied', what: 'navigation', url: request.url() });
          // ERR_ABORTED commits no error page: the window stays where it was, as with Electron's preventDefault.
          await route.abort('aborted');
          return;
        }
      }
      await route.continue();
    });
    return page;
  }

  private async handleIpc(frame: Frame, channel: string, args: unknown[]): Promise<unknown> {
    if (channel === WINDOW_OPEN_CHANNEL) {
      const url = String(args[0] ?? '');
      if (this.webContents.decideWindowOpen(url))
        await (await browserContext()).newPage().then((p) => p.goto(url));
      return null;
    }
    record({ type: 'request', channel, args });
    const handler = ipcHandlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event: IpcEvent = {
      sender: this.webContents,
      senderFrame: { url: toAppUrl(frame.url()), parent: frame.parentFrame() ? {} : null },
      processId: 1,
      frameId: 1,
    };
    // Electron structured-clones replies; JSON is the stand-in's (stricter) equivalent.
    const value = JSON.parse(JSON.stringify((await handler(event, ...args)) ?? null)) as unknown;
    record({ type: 'reply', channel, value });
    return value;
  }

  private markClosed(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    allWindows.delete(this);
    this.emit('closed');
    if (allWindows.size === 0 && !standinApp.quitting) standinApp.emit('window-all-closed');
  }

  loadFile(file: string, options: { query?: Record<string, string>; hash?: string } = {}): Promise<void> {
    const url = pathToFileURL(file);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    if (options.hash) url.hash = options.hash;
    return this.loadURL(url.href);
  }

  async loadURL(url: string): Promise<void> {
    let page = await this.webContents.ready;
    if (this.crashed) {
      // A crashed Playwright page cannot navigate again; a fresh page plays the new renderer process.
      this.crashed = false;
      const old = page;
      const fresh = (await browserContext()).newPage().then((p) => this.setupPage(p));
      this.webContents.ready = fresh;
      page = await fresh;
      await old
        .close()
        .catch((error: unknown) =>
          process.stderr.write(`stand-in: closing the crashed page: ${String(error)}\n`),
        );
    }
    const target = await toLoadableUrl(url);
    this.webContents.pendingLoad = target;
    await page.goto(target, { waitUntil: 'domcontentloaded' });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
  show(): void {
    /* the page is visible once it exists */
  }
  focus(): void {
    void this.webContents.ready.then((p) => p.bringToFront());
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {
    /* not minimisable */
  }
  isFullScreen(): boolean {
    return false;
  }
  maximize(): void {
    this.maximized = true;
    this.emit('maximize');
  }
  unmaximize(): void {
    this.maximized = false;
    this.emit('unmaximize');
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  getBounds(): Rect {
    return { ...this.bounds };
  }
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }
  setBounds(bounds: Partial<Rect>): void {
    this.bounds = { ...this.bounds, ...bounds };
    if (standinConfig().headless)
      void this.webContents.ready.then((p) =>
        p.setViewportSize({ width: this.bounds.width, height: this.bounds.height }),
      );
    this.emit('resize');
    this.emit('move');
  }
  close(): void {
    if (this.destroyed) return;
    const event = new PreventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    void this.webContents.ready.then((p) => p.close()).then(() => this.markClosed());
  }
  setTitle(): void {
    /* the page title is the window title */
  }
}

const claimed = new WeakSet<Page>();

/** The app emitter lives here so windows can emit app events without a cycle. */
export const standinApp = Object.assign(new EventEmitter(), { quitting: false });
