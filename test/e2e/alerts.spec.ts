import { expect, test, type Page } from '@playwright/test';
import { addPanel } from './dock';
import { launchApp, type RunningApp } from './harness';

/**
 * Price alerts end to end on the embedded sandbox's streaming quotes: `A` on a watchlist row opens
 * the Alerts panel prefilled with that symbol and its last price; an alert just below the current
 * price fires in main (OS notification recorded by the stand-in, activity line, status triggered);
 * an alert far away stays armed. After a restart on the same user-data folder both are listed as
 * they were and the fired one does not notify again.
 */
// The Alerts panel with its form (a restored layout can hold a second Alerts frame still loading).
const alertsPanel = (page: Page) =>
  page.getByRole('region', { name: 'Alerts' }).filter({ has: page.getByRole('form') });
const priceAlerts = (app: RunningApp) =>
  app.records().filter((r) => r.type === 'notification' && String(r.title).startsWith('Price alert:'));

async function addAlertsPanelIfMissing(page: Page) {
  // A restored layout brings its Alerts panel back a moment after the window opens: wait for it
  // before adding one, or there are two.
  const restored = await page
    .getByRole('region', { name: 'Alerts' })
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
  if (!restored) await addPanel(page, 'Alerts');
}

test.describe.serial('price alerts', () => {
  // A whole app with its sandbox per launch, twice, on a shared machine.
  test.describe.configure({ timeout: 240_000 });
  let app: RunningApp;
  let userDataDir: string;
  let symbol = '';
  test.afterAll(async () => {
    await app?.close();
  });

  test('set from a watchlist row, fires in main: notification, activity line, triggered', async () => {
    app = await launchApp();
    userDataDir = app.userDataDir;
    const { page } = app;
    await page.setViewportSize({ width: 1600, height: 900 });
    const watchlist = page.getByRole('region', { name: 'Watchlist' });
    const row = watchlist.locator('[role="row"][data-symbol]').first();
    await expect(row).toBeVisible({ timeout: 90_000 });
    symbol = (await row.getAttribute('data-symbol')) ?? '';
    // Wait for a streamed or seeded last price in the row.
    await expect(row).toContainText(/\d+\.\d{2}/, { timeout: 30_000 });
    await row.getByRole('gridcell', { name: symbol, exact: true }).focus();
    await page.keyboard.press('a');

    const panel = alertsPanel(page);
    await expect(panel).toBeVisible();
    const form = panel.getByRole('form', { name: 'New price alert' });
    await expect(form.getByRole('textbox', { name: 'Symbol' })).toHaveValue(symbol);
    await expect(form.getByRole('textbox', { name: 'Symbol' })).toBeFocused();
    const price = form.getByRole('textbox', { name: 'Price' });
    await expect(price).toHaveValue(/^\d+(\.\d+)?$/);
    const last = Number(await price.inputValue());

    // A bad threshold is refused beside its field, and nothing is created.
    await price.fill('-1');
    await form.getByRole('button', { name: 'Add alert' }).click();
    await expect(form.getByRole('alert')).toContainText('expected a price');

    // A symbol the environment does not list is refused by main beside the Symbol field (its quote
    // subscription would be refused), and nothing is created.
    const symbolBox = form.getByRole('textbox', { name: 'Symbol' });
    await symbolBox.fill('ZZZZZ');
    await price.fill('1');
    await form.getByRole('button', { name: 'Add alert' }).click();
    await expect(form.getByRole('alert')).toContainText('ZZZZZ is not a symbol this environment lists');
    await expect(symbolBox).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByRole('row').filter({ hasText: 'ZZZZZ' })).toHaveCount(0);
    await symbolBox.fill(symbol);

    // Far above the price: stays armed.
    await price.fill((last * 3).toFixed(2));
    await form.getByRole('button', { name: 'Add alert' }).click();
    await expect(panel.getByRole('row', { name: new RegExp(`${symbol} at or above`) })).toContainText(
      'Armed',
    );

    // Just below the price: "at or above" holds on the next quote main sees.
    const form2 = panel.getByRole('form', { name: 'New price alert' });
    await form2.getByRole('textbox', { name: 'Symbol' }).fill(symbol);
    await form2.getByRole('textbox', { name: 'Price' }).fill((last * 0.98).toFixed(2));
    await form2.getByRole('textbox', { name: 'Note' }).fill('e2e near');
    await form2.getByRole('button', { name: 'Add alert' }).click();

    const fired = panel.getByRole('row').filter({ hasText: 'e2e near' });
    await expect(fired).toContainText(/Triggered at \d/, { timeout: 30_000 });
    await expect(fired).toContainText(/ET/);
    await expect.poll(() => priceAlerts(app).map((r) => r.title)).toEqual([`Price alert: ${symbol}`]);
    // And a toast in the window, beside the OS notification.
    await expect(page.getByText(`Price alert: ${symbol}`, { exact: true })).toBeVisible();
    expect(String(priceAlerts(app)[0]?.body)).toContain('e2e near');
    await expect(page.getByTestId('activity')).toContainText(new RegExp(`Alert ${symbol} at or above`));
    await expect(panel).toContainText('1 armed · 1 triggered');
  });

  test('survives a restart: listed with their status, the fired one stays fired', async () => {
    expect(await app.close()).toBe(0);
    app = await launchApp({ userDataDir });
    const { page } = app;
    await page.setViewportSize({ width: 1600, height: 900 });
    await addAlertsPanelIfMissing(page);
    const panel = alertsPanel(page);
    await expect(panel.getByRole('row').filter({ hasText: 'e2e near' })).toContainText(/Triggered at \d/);
    await expect(panel).toContainText('1 armed · 1 triggered');
    expect(priceAlerts(app)).toHaveLength(0);
    // Re-arm by keyboard: it is armed again and, the price still above, fires once more.
    await panel.getByRole('button', { name: new RegExp(`^Re-arm alert ${symbol}`) }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => priceAlerts(app).length, { timeout: 30_000 }).toBe(1);
    await expect(panel).toContainText('1 armed · 1 triggered');
  });
});
