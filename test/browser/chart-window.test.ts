import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBareChromium } from './bare-chromium';
import { MARGIN_BARS, WINDOW_BARS } from '../../renderer/features/chart/bar-window';
import { serveBuiltPage, type BuiltPage } from './built-page';

/**
 * The chart's window of bars (renderer/features/chart/bar-window.ts) on the real lightweight-charts
 * in Chromium: the unit tests fake the library, and what a slide does to the view (the library
 * applies ranges on its frames, and scrolls a drag from the state saved at its start) shows only
 * with the real one. The page is renderer/features/chart/window-probe, built with Vite.
 */
const PAGE = fileURLToPath(new URL('../../renderer/features/chart/window-probe/', import.meta.url));
type State = {
  bars: number;
  from: number;
  to: number;
  heldFrom: number;
  heldTo: number;
  held: number;
  nearStart: number;
};

describe('the chart’s window of bars in Chromium', () => {
  let served: BuiltPage | undefined;
  let browser: Browser;
  let page: Page;
  /** Errors thrown in the page (an event handler's included): none may occur. */
  const pageErrors: string[] = [];
  const call = (name: string, arg?: number | string) =>
    page.evaluate(
      ([n, a]) =>
        (window as unknown as { chartProbe: Record<string, (x?: unknown) => unknown> }).chartProbe[n]?.(a),
      [name, arg] as const,
    );
  const state = () => call('state') as Promise<State>;

  beforeAll(async () => {
    served = await serveBuiltPage(
      {
        configFile: false,
        root: PAGE,
        base: './',
        logLevel: 'warn',
        build: { emptyOutDir: true, reportCompressedSize: false, modulePreload: { polyfill: false } },
      },
      'bullpen-chart-window-',
    );
    browser = await launchBareChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(served.url);
    await page.waitForFunction(() => 'chartProbe' in window);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('holds a window around the newest bars, follows Home to the first bar and keeps the view on a page back', async () => {
    await call('setup', 100_000);
    let s = await state();
    expect(s.held).toBeLessThanOrEqual(WINDOW_BARS);
    expect(s.heldTo).toBe(s.bars - 1);
    expect(s.to).toBe(s.bars - 1);

    await call('key', 'Home');
    s = await state();
    expect(s.from).toBe(0);
    expect(s.heldFrom).toBe(0);
    expect(s.held).toBeLessThanOrEqual(WINDOW_BARS);
    expect(s.nearStart).toBe(1);

    await call('prepend', 5_000);
    const after = await state();
    expect(after.bars).toBe(105_000);
    // The same bars on screen: every model index moved by the page's 5,000.
    expect([after.from, after.to]).toEqual([s.from + 5_000, s.to + 5_000]);
    expect(after.heldFrom).toBe(0);
    expect(after.held).toBeLessThanOrEqual(WINDOW_BARS + MARGIN_BARS);
    expect(pageErrors).toEqual([]);
  });

  it('slides under mouse drags without moving the view the user is dragging', async () => {
    await call('key', 'End');
    // Zoomed out, so that each drag covers a couple of thousand bars.
    for (let i = 0; i < 12; i++) await call('key', '-');
    const start = await state();
    expect(start.to).toBe(start.bars - 1);
    const box = await page.locator('#chart').boundingBox();
    if (!box) throw new Error('no chart box');
    const y = box.y + box.height / 2;
    let s = start;
    for (let drag = 0; drag < 20 && s.heldTo >= start.heldTo; drag++) {
      await page.mouse.move(box.x + 100, y);
      await page.mouse.down();
      let previous = s.from;
      for (let step = 1; step <= 10; step++) {
        await page.mouse.move(box.x + 100 + step * 90, y);
        await call('settle');
        const now = await state();
        // Dragging right shows older bars, never newer: a slide mid-drag would jump.
        expect(now.from).toBeLessThanOrEqual(previous);
        previous = now.from;
      }
      const beforeRelease = await state();
      expect(beforeRelease.from).toBeLessThan(s.from);
      await page.mouse.up();
      await call('settle');
      s = await state();
      // What the release does (the deferred move of the window's right end) keeps the view.
      expect([s.from, s.to]).toEqual([beforeRelease.from, beforeRelease.to]);
      expect(s.heldFrom).toBeLessThanOrEqual(s.from);
      expect(s.heldTo).toBeGreaterThanOrEqual(s.to);
    }
    // The window left the newest bars behind, and holds a bounded slice around the view.
    expect(s.heldTo).toBeLessThan(start.heldTo);
    expect(s.held).toBeLessThanOrEqual(WINDOW_BARS + MARGIN_BARS);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('ignores view keys while a button is down on the chart, so the drag goes on from where it is', async () => {
    await call('key', 'End');
    const box = await page.locator('#chart').boundingBox();
    if (!box) throw new Error('no chart box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 100, y);
    await page.mouse.down();
    for (let step = 1; step <= 3; step++) await page.mouse.move(box.x + 100 + step * 90, y);
    await call('settle');
    const dragged = await state();
    // Before: Home mid-drag moved the view and the window to the first bars and asked for an
    // older page; the next move, scrolled from the state the library saved at the drag's start,
    // put the view back near where the drag had it.
    for (const key of ['Home', 'End', 'ArrowLeft', '-']) {
      await call('key', key);
      expect(await state()).toEqual(dragged);
    }
    await page.mouse.move(box.x + 100 + 4 * 90, y);
    await call('settle');
    const moved = await state();
    expect(moved.from).toBeLessThanOrEqual(dragged.from);
    expect(dragged.from - moved.from).toBeLessThan(dragged.to - dragged.from);
    await page.mouse.up();
    await call('settle');
    const released = await state();
    expect([released.from, released.to]).toEqual([moved.from, moved.to]);
    expect(released.heldFrom).toBeLessThanOrEqual(released.from);
    expect(released.heldTo).toBeGreaterThanOrEqual(released.to);
    // Released, the keys work again.
    await call('key', 'Home');
    expect((await state()).from).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
