import { expect, test, type Page } from '@playwright/test';
import { launchApp, type RunningApp } from './harness';

/**
 * The chart panel through the real built app on the sandbox (docs/ui.md "Chart"): switching
 * timespans loads that timespan's bars, scrolling back loads older history with `end_time`, and
 * the newest bar moves with the quote stream (the sandbox replays a session when its market is
 * closed, so quotes always move). Saves the two documentation screenshots to test-results/.
 */
const legend = (page: Page) => page.getByRole('group', { name: 'Chart legend' });
const timespan = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'Timespan' }).getByRole('radio', { name, exact: true });

interface BarsRequest {
  timespan?: string;
  end_time?: number;
  trading_sessions?: string[];
}

function barsRequests(app: RunningApp): BarsRequest[] {
  return app
    .records()
    .filter((r) => r.type === 'request' && r.channel === 'bullpen:invoke')
    .map((r) => r.args as unknown[])
    .filter((args) => args[0] === 'api.bars')
    .map((args) => args[1] as BarsRequest);
}

test.describe.serial('Chart panel', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await launchApp();
    await expect(app.page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
  });

  test.afterAll(async () => {
    await app?.close();
  });

  test('switches timespans: the legend names the new one and its bars load', async () => {
    const { page } = app;
    await expect(legend(page)).toBeVisible();
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('Daily');
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    const dailyFirst = Number(await legend(page).getAttribute('data-first-time'));

    await timespan(page, '5 minutes').click();
    await expect(timespan(page, '5 minutes')).toHaveAttribute('aria-checked', 'true');
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('5 minutes');
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    // 400 five-minute bars span days, not the daily chart's years.
    expect(Number(await legend(page).getAttribute('data-first-time'))).toBeGreaterThan(dailyFirst);
    expect(barsRequests(app).some((r) => r.timespan === 'M5')).toBe(true);
    await expect(legend(page)).toContainText('ET');

    // Keyboard: arrows move through the radio group.
    await timespan(page, '5 minutes').press('ArrowRight');
    await expect(timespan(page, '15 minutes')).toHaveAttribute('aria-checked', 'true');
    await expect(timespan(page, '15 minutes')).toBeFocused();
    await timespan(page, '15 minutes').press('ArrowLeft');
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('5 minutes');

    await page.getByRole('button', { name: 'SMA 20' }).click();
    await expect(page.getByRole('button', { name: 'SMA 20' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    await page.getByRole('region', { name: /^Chart/ }).screenshot({ path: 'test-results/chart-m5-sma.png' });
  });

  test('going back in time loads the page before the first bar (end_time), by keyboard and by dragging', async () => {
    const { page } = app;
    const first = async () => Number(await legend(page).getAttribute('data-first-time'));
    const pagedRequests = () =>
      barsRequests(app).filter((r) => r.timespan === 'M5' && typeof r.end_time === 'number').length;
    const before = await first();
    const chart = page.getByRole('application', { name: /price chart/ });
    await chart.focus();
    await chart.press('Home');
    await expect.poll(first, { timeout: 15_000 }).toBeLessThan(before);
    expect(pagedRequests()).toBe(1);
    expect(Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(400);

    const afterKeys = await first();
    const box = await page.getByTestId('chart').boundingBox();
    if (!box) throw new Error('chart not laid out');
    const y = box.y + box.height * 0.45;
    // Drag the chart to the right (= back in time) until the next older page has come in.
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width * 0.15, y);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width * 0.85, y, { steps: 8 });
          await page.mouse.up();
          return first();
        },
        { timeout: 30_000, intervals: [300] },
      )
      .toBeLessThan(afterKeys);
    expect(pagedRequests()).toBe(2);
    await chart.press('End');
  });

  test('the newest bar follows the quote stream', async () => {
    const { page } = app;
    await timespan(page, '5 seconds').click();
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('5 seconds');
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(0);
    const close0 = await legend(page).getAttribute('data-last-close');
    const bars0 = Number(await legend(page).getAttribute('data-bars'));
    await expect
      .poll(
        async () => {
          const close = await legend(page).getAttribute('data-last-close');
          const bars = Number(await legend(page).getAttribute('data-bars'));
          return close !== close0 || bars !== bars0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  test('extended hours request pre-market and after-hours bars', async () => {
    const { page } = app;
    await timespan(page, '5 minutes').click();
    const ext = page.getByRole('region', { name: /^Chart/ }).getByRole('button', { name: 'Extended hours' });
    await ext.click();
    await expect(ext).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => barsRequests(app).some((r) => r.timespan === 'M5' && Array.isArray(r.trading_sessions)))
      .toBe(true);
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    await page.getByRole('region', { name: /^Chart/ }).screenshot({ path: 'test-results/chart-m5-ext.png' });
    await ext.click();
    await expect(ext).toHaveAttribute('aria-pressed', 'false');
  });

  test('Save PNG downloads the chart as an image', async () => {
    const { page } = app;
    const download = page.waitForEvent('download', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Save PNG' }).click();
    expect((await download).suggestedFilename()).toBe('AAPL-M5.png');
  });

  test('daily bars with Bollinger bands (screenshot)', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'SMA 20' }).click();
    await timespan(page, 'Daily').click();
    await page.getByRole('button', { name: 'Bollinger bands 20, 2' }).click();
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('Daily');
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    await page
      .getByRole('region', { name: /^Chart/ })
      .screenshot({ path: 'test-results/chart-d-bollinger.png' });
  });
});
