import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startStandin } from './standin-process';

/**
 * Starts the REAL built app (out/main + out/preload + out/renderer) through the Electron stand-in
 * in a child process, as `npm start` does without the binary, and connects Playwright to its
 * Chromium over CDP. The child writes every IPC reply and webContents.send payload to
 * `recordFile` (BULLPEN_STANDIN_RECORD), which the secret test reads.
 */
/** Playwright runs from the repo root (playwright.config.ts lives there). */
const APP_ROOT = resolve(process.env.BULLPEN_APP_ROOT ?? process.cwd());

/**
 * The sandbox's market clock for every e2e run unless a spec sets its own: a regular session's
 * morning (Wednesday 18 Nov 2026, 10:30 New York), so quotes trade, bars form and options quote
 * whatever the hour CI runs (after the close the sandbox streams after-hours trades, which a
 * regular-hours chart rightly ignores). docs/sandbox.md "A pinned market clock".
 */
const E2E_SANDBOX_CLOCK = '2026-11-18T15:30:00Z';

/** How long the stand-in may take to print its CDP address (raise it on a heavily loaded machine). */
const START_TIMEOUT_MS = Number(process.env.BULLPEN_E2E_START_MS) || 30_000;

export interface RunningApp {
  proc: ChildProcess;
  browser: Browser;
  page: Page;
  userDataDir: string;
  recordFile: string;
  output: () => string;
  records(): Array<{ type: string; channel?: string; [k: string]: unknown }>;
  close(): Promise<number | null>;
}

export async function launchApp(
  opts: { userDataDir?: string; safeStorage?: 'on' | 'off'; env?: Record<string, string> } = {},
): Promise<RunningApp> {
  const userDataDir = opts.userDataDir ?? mkdtempSync(join(tmpdir(), 'bullpen-e2e-'));
  const recordFile = join(mkdtempSync(join(tmpdir(), 'bullpen-e2e-rec-')), 'ipc.jsonl');
  const { proc, browser, page, output } = await startStandin({
    appRoot: APP_ROOT,
    env: {
      BULLPEN_USER_DATA: userDataDir,
      BULLPEN_STANDIN_RECORD: recordFile,
      BULLPEN_STANDIN_SAFE_STORAGE: opts.safeStorage ?? 'on',
      BULLPEN_SANDBOX_CLOCK: E2E_SANDBOX_CLOCK,
      ...opts.env,
    },
    startTimeoutMs: START_TIMEOUT_MS,
  });
  return {
    proc,
    browser,
    page,
    userDataDir,
    recordFile,
    output,
    records: () => {
      const text = readFileSync(recordFile, 'utf8');
      // The stand-in appends one line a record while the app runs: a last line without its newline
      // is still being written (a long one can be read half-written), so only whole lines are read.
      return text
        .slice(0, text.lastIndexOf('\n') + 1)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string });
    },
    async close() {
      const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
      await browser.close().catch(() => undefined);
      proc.kill('SIGTERM');
      const timeout = new Promise<null>((r) => setTimeout(() => r(null), 10_000));
      const code = await Promise.race([exited, timeout]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      return code;
    },
  };
}
