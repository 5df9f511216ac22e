import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { CDPSession, Frame, Page } from 'playwright-core';
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

/** One CDP session a page, for its sends and its navigation check (made on first use, gone with the page). */
const cdpSessions = new WeakMap<Page, Promise<CDPSession>>();
function cdpSessionOf(page: Page): Promise<CDPSession> {
  let session = cdpSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    cdpSessions.set(page, session);
  }
  return session;
}

/**
 * The page-side half of a send: each message dispatched apart; a listener that throws is uncaught
 * in the page (as a throwing IPC listener is in Electron) without losing the messages after it.
 */
export function dispatchExpression(messagesJson: string): string {
  // Parsed in the page, not written as a literal: JSON's "__proto__" key is a property, not a prototype.
  return `(() => {
  const dispatch = globalThis[${JSON.stringify(DISPATCH_FUNCTION)}];
  if (typeof dispatch !== 'function') return;
  for (const [c, a] of JSON.parse(${JSON.stringify(messagesJson)})) {
    try { dispatch(c, a); } catch (error) { setTimeout(() => { throw error; }); }
  }
})()`;
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
   * Electron's send is fire-and-forget: main goes on while the message crosses, and messages reach
   * the page in the order they were sent. Here the sends of one turn of main's event loop cross
   * together in one CDP `Runtime.evaluate`, sent without waiting for the page's answer to an
   * earlier one (CDP runs a session's commands in order, so the order holds): a batch never waits
   * behind the round trip of the one before it. Arguments are copied as JSON at the moment of the
   * send (Electron copies them then too), and each message is dispatched apart, so a listener that
   * throws for one does not lose the others.
   */
  send(channel: string, ...args: unknown[]): void {
    record({ type: 'send', channel, args });
    this.pendingSends.push(JSON.stringify([channel, args]));
    if (this.pendingSends.length === 1) queueMicrotask(() => this.deliverSends());
  }

  private pendingSends: string[] = [];
  /** Resolves when the previous turn's batch has been handed to CDP, so batches go out in order. */
  private delivering: Promise<void> = Promise.resolve();

  private deliverSends(): void {
    const messages = `[${this.pendingSends.splice(0).join(',')}]`;
    const expression = dispatchExpression(messages);
    this.delivering = this.delivering.then(async () => {
      const page = await this.ready;
      if (page.isClosed()) return;
      const session = await cdpSessionOf(page).catch(() => undefined);
      if (!session) return;
      // Not awaited: the page's answer is not waited for before the next batch goes out.
      session.send('Runtime.evaluate', { expression }).then(
        (reply) => {
          if (reply.exceptionDetails)
            process.stderr.write(
              `stand-in: webContents.send failed in the page: ${reply.exceptionDetails.text}\n`,
            );
        },
        (error: unknown) => {
          // A send racing a navigation or close is dropped, as Electron drops it.
          if (!page.isClosed())
            process.stderr.write(
              `stand-in: webContents.send dropped: ${(error as Error).message.split('\n')[0] ?? ''}\n`,
            );
        },
      );
    });
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
    // Each of these is a round trip to a browser that is still starting: sent together, not one
    // after another, they were a few hundred milliseconds of the window's start.
    await Promise.all([
      standinConfig().headless
        ? page.setViewportSize({ width: this.bounds.width, height: this.bounds.height })
        : undefined,
      page.exposeBinding(IPC_BINDING, async (source: { frame: Frame }, channel: string, args: unknown[]) =>
        this.handleIpc(source.frame, channel, args),
      ),
      this.preloadPath
        ? page.addInitScript({ content: preloadInitScript(readFileSync(this.preloadPath, 'utf8')) })
        : undefined,
      this.pauseDocumentRequests(page),
    ]);
    return page;
  }

  private async pauseDocumentRequests(page: Page): Promise<void> {
    // Renderer-initiated http(s) navigations go through main's will-navigate, like Electron. Only
    // documents are paused (CDP Fetch with a resource type): Playwright's `page.route` pauses every
    // request of the page, each a round trip through main's event loop, which made every script
    // and chunk of the renderer wait on main as the app started.
    const cdp = await cdpSessionOf(page);
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const mainFrameId = frameTree.frame.id;
    cdp.on('Fetch.requestPaused', (paused) => {
      void this.decideNavigation(paused, mainFrameId)
        .then((allow) =>
          allow
            ? cdp.send('Fetch.continueRequest', { requestId: paused.requestId })
            : cdp.send('Fetch.failRequest', { requestId: paused.requestId, errorReason: 'Aborted' }),
        )
        .catch(() => undefined); // the page or the browser went away meanwhile
    });
    await cdp.send('Fetch.enable', {
      patterns: [{ urlPattern: 'http*', resourceType: 'Document', requestStage: 'Request' }],
    });
  }

  /** A paused document request: true to let it go on, false to abort it (ERR_ABORTED). */
  private async decideNavigation(
    paused: { frameId: string; request: { url: string } },
    mainFrameId: string,
  ): Promise<boolean> {
    const url = paused.request.url;
    // Frames inside the page are not the window's navigations (Electron's will-frame-navigate).
    if (paused.frameId !== mainFrameId) return true;
    if (this.webContents.pendingLoad === url) {
      this.webContents.pendingLoad = undefined;
      return true;
    }
    const event = new PreventableEvent();
    this.webContents.emit('will-navigate', event, toAppUrl(url));
    if (!event.defaultPrevented) return true;
    record({ type: 'denied', what: 'navigation', url });
    // ERR_ABORTED commits no error page: the window stays where it was, as with Electron's preventDefault.
    return false;
  }

  private async handleIpc(frame: Frame, channel: string, args: unknown[]): Promise<unknown> {
    if (channel === WINDOW_OPEN_CHANNEL) {
      const url = String(args[0] ?? '');
      if (this.webContents.decideWindowOpen(url))
        await (await browserContext()).newPage().then((p) => p.goto(url));
      return 'null';
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
    // Electron structured-clones replies; JSON is the stand-in's (stricter) equivalent. The reply
    // crosses as that one string, parsed by the page (preload-shim.ts): handed over as an object,
    // Playwright's driver would walk every value of it on main's event loop (a 1,200-bar reply
    // held main for tens of milliseconds), which Electron's native IPC does not.
    const text = JSON.stringify((await handler(event, ...args)) ?? null);
    if (standinConfig().recordFile) record({ type: 'reply', channel, value: JSON.parse(text) as unknown });
    return text;
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
