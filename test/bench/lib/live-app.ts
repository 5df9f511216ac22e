import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxHandle } from '../../../sandbox/index';
import { waitFor, watchlistLive, type BenchApp } from './app';

type QuoteBroker = NonNullable<SandboxHandle['quoteBroker']>;

/**
 * The environment that points the app at the sandbox of this process (`BULLPEN_BENCH_SANDBOX`);
 * `reach` puts something between them (the soak's cuttable links) for quotes and trade events.
 */
export function benchSandboxEnv(
  sandbox: SandboxHandle,
  reach: { mqttUrl?: string; eventsAddress?: string } = {},
): Record<string, string> {
  return {
    BULLPEN_BENCH_SANDBOX: JSON.stringify({
      apiUrl: sandbox.apiUrl,
      mqttUrl: reach.mqttUrl ?? sandbox.mqttUrl,
      eventsAddress: reach.eventsAddress ?? sandbox.eventsAddress,
      algorithm: sandbox.algorithm,
      appKey: sandbox.appKey,
      appSecret: sandbox.appSecret,
    }),
  };
}

/**
 * Waits for the app's watchlist to show live quotes; past `timeoutMs` the error says what the page
 * showed (the quotes link, rows, a price cell, an alert) and main's last warnings and errors.
 */
export async function waitForLiveWatchlist(app: BenchApp, timeoutMs: number): Promise<void> {
  const { page } = app;
  await waitFor('the watchlist with live quotes', () => watchlistLive(page), timeoutMs).catch(
    async (e: Error) => {
      const state = await page
        .evaluate(() => ({
          quotes: document.querySelector('[data-testid="link-quotes"]')?.getAttribute('data-state'),
          rows: document.querySelectorAll('[role="row"][data-symbol]').length,
          cell: document.querySelector('[data-testid^="price-"]')?.textContent,
          alert: document.querySelector('[role="alert"]')?.textContent,
        }))
        .catch(() => undefined);
      throw new Error(`${e.message}: ${JSON.stringify(state)} ${mainWarnings(app.userDataDir).join(' | ')}`);
    },
  );
}

/** Main's last five warnings and errors from its log folder (none when it has not written one). */
function mainWarnings(userDataDir: string): string[] {
  const dir = join(userDataDir, 'logs');
  try {
    return readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('')
      .split('\n')
      .filter((l) => /WARN|ERROR/.test(l))
      .slice(-5);
  } catch {
    return [];
  }
}

/** Waits until the broker routes at least `symbols` symbols to the app's MQTT session. */
export async function waitForRouting(
  broker: QuoteBroker,
  appSession: () => string,
  symbols: number,
  timeoutMs: number,
): Promise<void> {
  await waitFor(
    `${symbols} symbols routed to the app`,
    async () => Object.keys(broker.routesOf(appSession())).length >= symbols,
    timeoutMs,
  );
}
