import { expect, test, type Locator } from '@playwright/test';
import { addPanel } from './dock';
import { launchApp, type RunningApp } from './harness';

/**
 * Screeners and fundamentals on the embedded sandbox through the stand-in: every screener runs,
 * a sector drills into its members, and every fundamentals tab of a stock and of an ETF shows its
 * heading or table, never the error state.
 */
test.describe.serial('screeners and fundamentals', () => {
  let app: RunningApp;
  test.beforeAll(async () => {
    app = await launchApp();
    await expect(app.page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  const firstDataRow = (region: Locator) => region.getByRole('row').nth(1);

  test('runs each screener and drills into a sector', async () => {
    const screeners = await addPanel(app.page, 'Screeners');
    const kind = screeners.getByRole('combobox', { name: 'Screener' });
    for (const label of ['Gainers and losers', 'Top active', 'High dividend', '52-week high/low']) {
      await kind.selectOption({ label });
      await expect(firstDataRow(screeners)).toBeVisible({ timeout: 15_000 });
      await expect(screeners.getByRole('alert')).toHaveCount(0);
    }
    await kind.selectOption({ label: 'Market sectors' });
    const sector = screeners.getByRole('row', { name: /open its members/ }).first();
    await expect(sector).toBeVisible({ timeout: 15_000 });
    const name = ((await sector.getAttribute('aria-label')) ?? '').replace(': open its members', '');
    await sector.click();
    await expect(screeners.getByRole('heading', { name })).toBeVisible();
    await expect(firstDataRow(screeners)).toBeVisible({ timeout: 15_000 });
    await expect(screeners.getByRole('alert')).toHaveCount(0);
    await screeners.getByRole('button', { name: 'All sectors' }).click();
    await kind.selectOption({ label: 'Gainers and losers' });
  });

  async function everyTab(fundamentals: Locator) {
    const tabs = fundamentals.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBe(9);
    for (let i = 0; i < count; i += 1) {
      const tab = tabs.nth(i);
      const label = (await tab.textContent()) ?? '';
      await tab.click();
      const panel = fundamentals.getByRole('tabpanel', { name: label });
      // A heading or table, or the honest empty state (a stock that pays no dividend), never an error.
      await expect(
        panel
          .locator('h3, table')
          .or(panel.getByRole('status').filter({ hasText: /^No .* for this instrument$/ }))
          .first(),
      ).toBeVisible({ timeout: 15_000 });
      await expect(panel.getByRole('alert')).toHaveCount(0);
    }
  }

  test('opens each fundamentals tab for a stock', async () => {
    const fundamentals = await addPanel(app.page, 'Fundamentals');
    const screeners = app.page.getByRole('region', { name: 'Screeners' });
    await screeners.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Stocks' });
    await firstDataRow(screeners).click();
    await expect(fundamentals.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await everyTab(fundamentals);
  });

  test('opens each fundamentals tab for an ETF', async () => {
    const fundamentals = app.page.getByRole('region', { name: 'Fundamentals' });
    const screeners = app.page.getByRole('region', { name: 'Screeners' });
    await screeners.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'ETFs' });
    await expect(firstDataRow(screeners)).toBeVisible({ timeout: 15_000 });
    await firstDataRow(screeners).click();
    await expect(fundamentals.getByRole('tab', { name: 'Brief' })).toBeVisible();
    await everyTab(fundamentals);
  });
});
