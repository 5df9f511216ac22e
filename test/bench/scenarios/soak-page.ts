import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

/**
 * What the soak (./soak.ts) watches in the app: the top bar's link states as they change, the
 * page's errors and console errors, main's log, and the renderer's memory and listener counts.
 */
export type LinkName = 'api' | 'quotes' | 'events';

/** The top bar's state of one link (renderer/shell/top-bar/TopBar.tsx `data-state`). */
export async function linkState(page: Page, link: LinkName): Promise<string | null> {
  return page.getByTestId(`link-${link}`).getAttribute('data-state', { timeout: 5_000 });
}

/**
 * Records every change of the three links' states in the page (a MutationObserver: a state the
 * top bar showed for one frame is caught too); `linkChanges` reads them.
 */
export async function watchLinks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __soakLinks?: Array<[string, string]> };
    if (w.__soakLinks) return;
    const changes: Array<[string, string]> = [];
    w.__soakLinks = changes;
    const last = new Map<string, string>();
    const read = () => {
      for (const name of ['api', 'quotes', 'events']) {
        const state = document.querySelector(`[data-testid="link-${name}"]`)?.getAttribute('data-state');
        if (state && last.get(name) !== state) {
          last.set(name, state);
          changes.push([name, state]);
        }
      }
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

export async function linkChanges(page: Page): Promise<Array<[string, string]>> {
  return page.evaluate(() =>
    (window as unknown as { __soakLinks: Array<[string, string]> }).__soakLinks.slice(),
  );
}

/** How many times a link went from live to reconnecting (or offline) among the recorded changes. */
export function reconnectsOf(changes: Array<[string, string]>, link: LinkName): number {
  let count = 0;
  let previous = '';
  for (const [name, state] of changes) {
    if (name !== link) continue;
    if (previous === 'live' && state !== 'live') count++;
    previous = state;
  }
  return count;
}

/** The page's uncaught errors (unhandled rejections included) and console errors from now on. */
export function collectPageErrors(page: Page): { pageErrors: string[]; consoleErrors: string[] } {
  const found = { pageErrors: [] as string[], consoleErrors: [] as string[] };
  page.on('pageerror', (error) => found.pageErrors.push(error.message));
  page.on('console', (message) => {
    // The location names the resource when the error is a failed load ("… 404 (Not Found)").
    if (message.type() === 'error')
      found.consoleErrors.push(
        message.location().url ? `${message.text()} (${message.location().url})` : message.text(),
      );
  });
  return found;
}

/** ERROR lines of main's rotating log (electron/services/logger.ts), every file of it. */
export function mainLogErrors(userDataDir: string): string[] {
  const dir = join(userDataDir, 'logs');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((line) => / ERROR /.test(line));
}

/** The renderer's JS heap after a full collection, and its live listeners and DOM nodes. */
export async function rendererSample(
  cdp: CDPSession,
): Promise<{ heapMb: number; listeners: number; nodes: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return { heapMb: usedSize / 2 ** 20, listeners: metric('JSEventListeners'), nodes: metric('Nodes') };
}
