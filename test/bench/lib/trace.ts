import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

/** What DevTools' Performance panel records: tasks, style, layout, paint, script, collections. */
export const TIMELINE_CATEGORIES =
  'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing';

/** The timeline and the compositor's side of each frame: its commit, raster, activation and draw. */
export const COMPOSITOR_CATEGORIES = `${TIMELINE_CATEGORIES},cc,disabled-by-default-cc.debug.scheduler`;

/**
 * A Chromium trace of a page from now on, over `cdp`, until `stop` writes it to `file` as JSON
 * (chrome://tracing and DevTools read it). The session stays the caller's to detach.
 */
export async function startTrace(
  cdp: CDPSession,
  categories: string,
  file: string,
): Promise<{ stop(): Promise<void> }> {
  const traceEvents: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(file, JSON.stringify({ traceEvents }));
    },
  };
}
