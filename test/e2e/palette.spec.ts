import { expect, test, type Page } from '@playwright/test';
import { launchApp, type RunningApp } from './harness';

/**
 * The command palette and keyboard shortcuts through the real built app on the sandbox
 * (docs/ui.md "Command palette and shortcuts"): Ctrl+K opens it; a symbol no panel streams (AMD,
 * IWM: not in the default watchlist) is shown by the chart and gets live quotes in the quote panel;
 * a panel opens; the chart's timespan switches; `?` shows the shortcuts.
 */
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const quote = (page: Page) => page.getByRole('region', { name: 'Quote' });
const stat = (page: Page, name: string) => quote(page).locator(`dt:text-is("${name}") + dd`);
const legend = (page: Page) => page.getByRole('group', { name: 'Chart legend' });

async function jump(page: Page, symbol: string) {
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await palette(page).getByRole('combobox').fill(symbol);
  await expect(palette(page).getByRole('option', { name: new RegExp(`^${symbol}\\b`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

test.describe.serial('command palette and shortcuts', () => {
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await launchApp();
    await expect(app.page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
  });

  test.afterAll(async () => {
    await app?.close();
  });

  test('Ctrl+K, a symbol outside every list: the chart and a live quote follow', async () => {
    const { page } = app;
    await page.getByRole('region', { name: 'Chart' }).click();
    await jump(page, 'AMD');
    await expect(quote(page)).toContainText('AMD');
    await expect(legend(page)).toContainText('AMD');
    // The quote panel subscribes to the symbol itself: values arrive, not "—" forever.
    await expect(stat(page, 'Open')).not.toHaveText('—', { timeout: 20_000 });
    await expect(stat(page, 'Updated')).toContainText('ET');
    // An ETF keeps its category (the stream routes it under US_ETF).
    await jump(page, 'IWM');
    await expect(quote(page)).toContainText('IWM');
    await expect(stat(page, 'Open')).not.toHaveText('—', { timeout: 20_000 });
  });

  test('the top-bar button opens it; a registry panel opens from it', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Close Movers' }).click();
    await expect(page.getByRole('region', { name: 'Movers' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Command palette' }).click();
    // Like every modal of the app (renderer/ui/ModalDialog.tsx), Tab stays inside it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await palette(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await palette(page).getByRole('combobox').fill('open movers');
    await palette(page).getByRole('option', { name: 'Open Movers' }).click();
    await expect(page.getByRole('region', { name: 'Movers' })).toBeVisible();
  });

  test("switches the chart's timespan", async () => {
    const { page } = app;
    await page.getByRole('region', { name: 'Chart' }).click();
    await page.keyboard.press('Control+k');
    await palette(page).getByRole('combobox').fill('timespan 5 minutes');
    await palette(page)
      .getByRole('option', { name: /Chart timespan: 5 minutes/ })
      .click();
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('5 minutes');
    // ] is the next longer timespan, from the keyboard, outside any field.
    await page.getByRole('region', { name: 'Chart' }).click();
    await page.keyboard.press(']');
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('15 minutes');
  });

  test('? shows the keyboard shortcuts, not while typing in a field', async () => {
    const { page } = app;
    await page.getByRole('combobox', { name: 'Add symbol' }).fill('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Add symbol' }).fill('');
    await page.getByRole('region', { name: 'Chart' }).click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Open or close the command palette');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
  });
});
