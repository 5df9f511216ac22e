import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args';
import { adoptBrowserPriority } from './priority';

/**
 * The stand-in's process-wide state: configuration (from environment variables, so the launcher,
 * `npm start` and the e2e suite configure it the same way), the one Chromium instance driven by
 * playwright-core, and the recorder the e2e suite reads (every IPC reply and every
 * webContents.send payload, as JSON lines).
 */
export interface StandinConfig {
  chromiumPath: string;
  headless: boolean;
  /** App userData (BULLPEN_USER_DATA or a temp folder). */
  userDataDir: string;
  /** Chromium's own profile: always fresh. */
  browserProfileDir: string;
  safeStorageAvailable: boolean;
  /** What `safeStorage.getSelectedStorageBackend()` answers (`basic_text`: no real encryption). */
  safeStorageBackend: string;
  darkTheme: boolean;
  recordFile?: string;
  /** Open a CDP port and print `BULLPEN_STANDIN_CDP=<ws url>` so a test can drive the pages. */
  exposeCdp: boolean;
  appRoot: string;
}

/** A fresh folder for this run only, removed when the process exits. */
function throwawayDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Made on first use: code that only asks about safeStorage must not leave folders behind. */
function lazyDir(prefix: string): () => string {
  let dir: string | undefined;
  return () => (dir ??= throwawayDir(prefix));
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StandinConfig {
  let userDataSet = env.BULLPEN_USER_DATA || undefined;
  const userData = lazyDir('bullpen-standin-userdata-');
  const profile = lazyDir('bullpen-standin-chromium-');
  return {
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: env.BULLPEN_HEADLESS === '1' || !env.DISPLAY,
    get userDataDir() {
      return userDataSet ?? userData();
    },
    set userDataDir(dir: string) {
      userDataSet = dir;
    },
    get browserProfileDir() {
      return profile();
    },
    safeStorageAvailable: env.BULLPEN_STANDIN_SAFE_STORAGE !== 'off',
    safeStorageBackend: env.BULLPEN_STANDIN_SAFE_STORAGE === 'basic_text' ? 'basic_text' : 'gnome_libsecret',
    darkTheme: env.BULLPEN_STANDIN_THEME !== 'light',
    recordFile: env.BULLPEN_STANDIN_RECORD || undefined,
    exposeCdp: env.BULLPEN_STANDIN_CDP === '1',
    appRoot: env.BULLPEN_APP_ROOT || process.cwd(),
  };
}

let config: StandinConfig | undefined;
export function standinConfig(): StandinConfig {
  config ??= readConfig();
  return config;
}

export type RecordEntry =
  | { type: 'request'; channel: string; args: unknown[] }
  | { type: 'reply'; channel: string; value: unknown }
  | { type: 'send'; channel: string; args: unknown[] }
  | { type: 'openExternal'; url: string }
  | { type: 'notification'; title: string; body: string }
  | { type: 'denied'; what: string; url: string }
  | { type: 'dialog'; kind: 'error' | 'question'; message: string }
  | { type: 'ready'; sandboxEnabled: boolean }
  | { type: 'webview'; refused: boolean };

export function record(entry: RecordEntry): void {
  const file = standinConfig().recordFile;
  if (file) appendFileSync(file, `${JSON.stringify({ time: Date.now(), ...entry })}\n`);
}

let context: Promise<BrowserContext> | undefined;
export function browserContext(): Promise<BrowserContext> {
  context ??= launch();
  return context;
}

/**
 * Resolves once Chromium's process has started (it writes into its fresh profile folder at once),
 * once the launch has ended, or after `timeoutMs`; at once when no launch was asked for. run-main.ts
 * waits on it before loading main, so the browser boots while main's modules load: a synchronous
 * load first would hold Playwright's launch until it ends. Bounded: polls every 20 ms.
 */
export async function browserSpawned(timeoutMs: number): Promise<void> {
  const launching = context;
  if (!launching) return;
  const dir = standinConfig().browserProfileDir;
  let launched = false;
  void launching.then(
    () => (launched = true),
    () => (launched = true),
  );
  for (let waited = 0; waited < timeoutMs && !launched; waited += 20) {
    if (readdirSync(dir).length > 0) return;
    await delay(20);
  }
}

/** The first page of the headed app-mode window, before main loads the renderer into it. */
export const APP_WINDOW_URL = 'data:text/html,<title>Bullpen</title>';

async function launch(): Promise<BrowserContext> {
  const cfg = standinConfig();
  const args = [...CHROMIUM_ARGS];
  if (cfg.exposeCdp) args.push('--remote-debugging-port=0');
  // Headed: an app-mode window (no tabs, no address bar), the nearest Chromium has to an Electron
  // window; --test-type hides the infobar that warns about --no-sandbox (needed when run as root).
  if (!cfg.headless) args.push('--window-size=1440,900', '--test-type', `--app=${APP_WINDOW_URL}`);
  const ctx = await chromium.launchPersistentContext(cfg.browserProfileDir, {
    executablePath: cfg.chromiumPath,
    headless: cfg.headless,
    args,
    // Headed: the OS window decides the size (as an Electron window would); headless: set per page.
    viewport: cfg.headless ? { width: 1440, height: 900 } : null,
    colorScheme: cfg.darkTheme ? 'dark' : 'light',
    // Shutdown is main's job (before-quit → streams closed, sandbox stopped), not Playwright's.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  if (!cfg.headless) {
    // Playwright's persistent context also opens an ordinary about:blank tab window; the app window
    // is the one to use, so the tab goes once the app window is there.
    const isAppWindow = (p: Page) => p.url() === APP_WINDOW_URL;
    if (!ctx.pages().some(isAppWindow))
      await ctx.waitForEvent('page', { predicate: isAppWindow, timeout: 5_000 }).catch(() => undefined);
    if (ctx.pages().some(isAppWindow))
      for (const p of ctx.pages()) if (p.url() === 'about:blank') await p.close();
  }
  if (cfg.exposeCdp) process.stdout.write(`BULLPEN_STANDIN_CDP=${await cdpUrl(cfg.browserProfileDir)}\n`);
  // Main's thread runs where Electron runs it: at the browser main thread's priority (priority.ts).
  adoptBrowserPriority();
  return ctx;
}

/** The browser's DevTools WebSocket address, for a Chromium started with `--remote-debugging-port`. */
export async function cdpUrl(profileDir: string): Promise<string> {
  // Chromium writes the chosen port and browser path to DevToolsActivePort in its profile.
  for (let i = 0; i < 100; i++) {
    try {
      const [port, path] = readFileSync(join(profileDir, 'DevToolsActivePort'), 'utf8').trim().split('\n');
      if (port && path) return `ws://127.0.0.1:${port}${path}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await delay(50);
  }
  throw new Error('Chromium did not report its DevTools port');
}

export async function closeBrowser(): Promise<void> {
  if (!context) return;
  const ctx = await context;
  context = undefined;
  await ctx.close();
}
