import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBareChromium } from '../browser/bare-chromium';
import { collectPaints, installPaintObserver, scrollFrames } from './scenarios/streaming-page';

/**
 * The streaming benchmark's page observer (docs/benchmark.md "streaming"): a price cell whose text
 * changes is a paint; a cell that mounts shows a value published who knows when and is only
 * counted, or a row scrolled into view would be timed from its value's first publish.
 */
describe('the streaming benchmark’s paint observer', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBareChromium();
    page = await browser.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('times text changes of mounted cells and only counts cells that mount', async () => {
    await page.setContent(
      '<div id="grid"><div role="row"><span data-testid="price-AAPL">187.20</span></div></div>',
    );
    await installPaintObserver(page);
    await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
      const cell = document.querySelector('[data-testid="price-AAPL"]');
      if (!cell?.firstChild) throw new Error('no cell');
      // React's update of a lone text child: the text node's value.
      cell.firstChild.nodeValue = '187.21';
      await frame();
      // A re-render with the same text is no paint.
      cell.firstChild.nodeValue = '187.21';
      await frame();
      // The text node replaced.
      cell.textContent = '187.22';
      await frame();
      // A row scrolled into the rendered range: a mount, whatever its value.
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.innerHTML = '<span data-testid="price-MSFT">410.00</span>';
      document.getElementById('grid')?.append(row);
      await frame();
      // Its next change is a paint, compared with the text it mounted with.
      const msft = row.querySelector('span');
      if (msft?.firstChild) msft.firstChild.nodeValue = '410.01';
      await frame();
    });
    const { paints, mounts } = await collectPaints(page);
    expect(paints.map(([symbol, text]) => `${symbol} ${text}`)).toEqual([
      'AAPL 187.21',
      'AAPL 187.22',
      'MSFT 410.01',
    ]);
    expect(mounts).toBe(1);
    for (const [, , at, committed] of paints) {
      expect(typeof at).toBe('number');
      expect(typeof committed).toBe('number');
    }
  }, 60_000);

  it('names the script that ran longest in a frame over 50 ms', async () => {
    await page.setContent(
      `<button id="go">go</button><script>
        function spin() { const t = performance.now(); while (performance.now() - t < 80); }
        document.getElementById('go').addEventListener('click', spin);
      </script>`,
    );
    await installPaintObserver(page);
    await page.click('#go');
    // Chromium reports the frame once it is over: wait for the entry (bounded by the test's timeout).
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { __bench: { longFrames: unknown[] } }).__bench.longFrames.length,
        ),
      )
      .toBeGreaterThan(0);
    const { longFrames } = await collectPaints(page);
    const frame = longFrames.find((f) => f.scripts.some((x) => x.what.includes('spin')));
    expect(frame?.ms).toBeGreaterThanOrEqual(80);
    expect(frame?.scripts[0]?.ms).toBeGreaterThanOrEqual(80);
  }, 60_000);

  it('scrolls a list to its end, a frame a step, and counts rows on screen without a price', async () => {
    // 100 rows of 28 px under a 30 px header in a 300 px scroller; one row, far down, has no price.
    const rows = Array.from({ length: 100 }, (_, i) => {
      const price = i === 80 ? '—' : `${100 + i}.00`;
      return `<div role="row" data-symbol="S${i}" style="position:absolute;top:${i * 28}px;height:28px"><span data-testid="price-S${i}">${price}</span></div>`;
    }).join('');
    await page.setContent(
      `<div id="list" style="overflow:auto;height:300px;width:400px"><div style="height:30px">header</div><div style="position:relative;height:2800px">${rows}</div></div>`,
    );
    const run = await scrollFrames(page, 1);
    // 2,830 px of content in a 300 px view: ten 280 px steps reach the end (2,530), an eleventh
    // finds it. The row without a price is wholly on screen in one frame (scrolled to 2,240).
    expect(run.frameMs).toHaveLength(11);
    expect(run.rowsNotLive).toBe(1);
    expect(run.rowsChecked).toBeGreaterThan(80);
    expect(run.scroller).toEqual({ width: 400, height: 300 });
    // Three passes, each from the top: three times the frames, the row seen in each.
    const three = await scrollFrames(page, 3);
    expect(three.frameMs).toHaveLength(33);
    expect(three.rowsNotLive).toBe(3);
  }, 60_000);

  it('fails with an error, not a wait without end, when the page draws no frame', async () => {
    const rows = Array.from(
      { length: 100 },
      (_, i) =>
        `<div role="row" data-symbol="S${i}" style="position:absolute;top:${i * 28}px;height:28px"><span data-testid="price-S${i}">1.00</span></div>`,
    ).join('');
    // A page of its own: the stub would outlive `setContent` in the shared one.
    const stalled = await browser.newPage();
    await stalled.setContent(
      `<div style="overflow:auto;height:300px;width:400px"><div style="position:relative;height:2800px">${rows}</div></div>
      <script>window.requestAnimationFrame = () => 0;</script>`,
    );
    await expect(scrollFrames(stalled, 1)).rejects.toThrow('the page drew no frame in 10 s');
    await stalled.close();
  }, 60_000);

  it('counts a place on screen with no row drawn in it as a row without a price', async () => {
    // The same list with every price, and no element for row 50: a gap a late render would leave.
    const rows = Array.from({ length: 100 }, (_, i) =>
      i === 50
        ? ''
        : `<div role="row" data-symbol="S${i}" style="position:absolute;top:${i * 28}px;height:28px"><span data-testid="price-S${i}">${100 + i}.00</span></div>`,
    ).join('');
    await page.setContent(
      `<div id="list" style="overflow:auto;height:300px;width:400px"><div style="height:30px">header</div><div style="position:relative;height:2800px">${rows}</div></div>`,
    );
    const run = await scrollFrames(page, 1);
    // Row 50's place (1,400 px down) is wholly on screen in one frame: scrolled to 1,400.
    expect(run.rowsNotLive).toBe(1);
  }, 60_000);
});
