import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * The built app's main through the Electron stand-in in a child process (docs/testing.md), with
 * Playwright connected to its Chromium over CDP and the app window's page found: what the e2e
 * harness (./harness.ts) and the benchmark (test/bench/lib/app.ts) both start from.
 */
export interface StandinProcess {
  proc: ChildProcess;
  browser: Browser;
  page: Page;
  /** What the child printed (stderr keeps its last `outputLimit` characters). */
  output(): string;
}

export interface StandinOptions {
  appRoot: string;
  env: Record<string, string>;
  /** Node flags for the stand-in's process (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** How long the stand-in may take to print its CDP address. */
  startTimeoutMs: number;
  outputLimit?: number;
}

/** The stand-in spawned, up to the moment it prints its Chromium's CDP address; nothing attached. */
export interface SpawnedStandin {
  proc: ChildProcess;
  /** The browser's DevTools WebSocket address. */
  cdpUrl: string;
  output(): string;
}

export async function startStandin(opts: StandinOptions): Promise<StandinProcess> {
  return connectStandin(await spawnStandin(opts));
}

export async function spawnStandin(opts: StandinOptions): Promise<SpawnedStandin> {
  const proc = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), join(opts.appRoot, 'electron/standin/launch.mjs')],
    {
      cwd: opts.appRoot,
      env: { ...process.env, BULLPEN_HEADLESS: '1', BULLPEN_STANDIN_CDP: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const limit = opts.outputLimit ?? Infinity;
  let out = '';
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.length > limit) out = out.slice(-limit);
  });
  const cdpUrl = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      // Not left running: a stand-in that starts after the deadline would hold its port and CPU
      // (SIGTERM: it closes its Chromium on the way out).
      proc.kill('SIGTERM');
      reject(new Error(`stand-in did not start:\n${out}`));
    }, opts.startTimeoutMs);
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /BULLPEN_STANDIN_CDP=(\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    });
    proc.once('exit', (code) => reject(new Error(`stand-in exited (${code}):\n${out}`)));
  });
  return { proc, cdpUrl, output: () => out };
}

/** Playwright connected to the stand-in's Chromium over CDP, and the app window's page found. */
export async function connectStandin(spawned: SpawnedStandin): Promise<StandinProcess> {
  const browser = await chromium.connectOverCDP(spawned.cdpUrl);
  const context = browser.contexts()[0];
  if (!context) throw new Error('no browser context');
  const page = await waitForAppPage(() => context.pages());
  return { proc: spawned.proc, browser, page, output: spawned.output };
}

/** The app window's page: the stand-in serves app://bullpen/ on a loopback origin (electron/standin/protocol.ts). */
export const APP_PAGE_URL = /^http:\/\/127\.0\.0\.1:\d+\/index\.html/;

async function waitForAppPage(pages: () => Page[]): Promise<Page> {
  for (let i = 0; i < 300; i++) {
    const page = pages().find((p) => APP_PAGE_URL.test(p.url()));
    if (page) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app window never loaded');
}
