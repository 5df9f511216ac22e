import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { showPanel, useLayout } from './dock';
import { launchApp, type RunningApp } from './harness';

/**
 * The options ticket and the blotter against the embedded sandbox, through the stand-in. The
 * sandbox fills a market option order while its market is open or replaying a session (it replays
 * when the real market is closed, docs/sandbox.md), so this runs at any hour.
 * With BULLPEN_SHOTS_DIR set it also writes ticket.png and blotter.png there.
 */
const shots = process.env.BULLPEN_SHOTS_DIR;

/** The Trading layout: the ticket at full height, the blotter as tabs under the chart. */
async function useTradingLayout(page: Page) {
  await useLayout(page, 'Trading');
  await expect(page.getByRole('region', { name: 'Options ticket' })).toBeVisible();
}

async function chooseContract(page: Page, type: 'Call' | 'Put') {
  const ticket = page.getByRole('region', { name: 'Options ticket' });
  await expect(ticket.getByRole('combobox', { name: 'Expiry' })).not.toHaveValue('', { timeout: 20_000 });
  await ticket.getByRole('radio', { name: type }).check();
  const strike = ticket.getByRole('combobox', { name: 'Strike' });
  await expect(strike.locator('option')).not.toHaveCount(1);
  // The strike nearest the spot sits in the middle of the list around it.
  const values = await strike
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await strike.selectOption(values[Math.floor(values.length / 2)] ?? '');
  return ticket;
}

const placeCalls = (app: RunningApp) =>
  app
    .records()
    .filter((r) => r.type === 'request' && Array.isArray(r.args) && r.args.includes('api.optionOrderPlace'))
    .length;

test.describe.serial('options ticket and orders', () => {
  let app: RunningApp;
  test.afterAll(async () => {
    await app?.close();
  });

  test('place a limit call, replace it, cancel it', async () => {
    app = await launchApp();
    const { page } = app;
    await page.setViewportSize({ width: 1440, height: 900 });
    await useTradingLayout(page);
    await showPanel(page, 'Orders');
    const ticket = await chooseContract(page, 'Call');
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill('0.05');
    await ticket.getByRole('textbox', { name: 'Quantity (contracts)' }).fill('2');
    await expect(ticket.getByRole('img', { name: /Payoff at expiry/ })).toBeVisible();
    if (shots) await page.screenshot({ path: join(shots, 'ticket.png') });
    await ticket.getByRole('button', { name: 'Place' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await expect(dialog).toContainText(/Buy 2 [A-Z]+ .* Call at a limit of 0.05, good for the day/);
    await dialog.getByRole('button', { name: 'Send order' }).click();
    await expect(ticket.getByText(/Order sent/)).toBeVisible();

    const orders = page.getByRole('region', { name: 'Orders' });
    const row = orders.getByRole('row').filter({ hasText: 'Call' });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await row.getByRole('button', { name: /^Replace / }).click();
    const form = orders.getByRole('form', { name: /^Replace / });
    await form.getByRole('textbox', { name: 'Limit price' }).fill('0.06');
    await form.getByRole('button', { name: 'Send replacement' }).click();
    await expect(row).toContainText('0.06');
    await row.getByRole('button', { name: /^Cancel / }).click();
    await expect(orders.getByRole('row').filter({ hasText: 'Call' })).toHaveCount(0, { timeout: 15_000 });
  });

  test('a market put fills: position, balance, toast and notification', async () => {
    const { page } = app;
    const ticket = await chooseContract(page, 'Put');
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('MARKET');
    await ticket.getByRole('textbox', { name: 'Quantity (contracts)' }).fill('1');
    await ticket.getByRole('button', { name: 'Place' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm order' })
      .getByRole('button', { name: 'Send order' })
      .click();
    await expect(page.getByText('Order filled')).toBeVisible({ timeout: 20_000 });
    await expect(
      (await showPanel(page, 'Balances')).getByText('Buying power', { exact: true }),
    ).toBeVisible();
    await expect(
      (await showPanel(page, 'Positions')).getByRole('row').filter({ hasText: 'Put' }),
    ).toHaveCount(1);
    // "Today's" is the market's day (the pinned clock's Wednesday, not the wall clock's), so the
    // fill is listed there at once.
    const orders = await showPanel(page, 'Orders');
    await orders.getByRole('tab', { name: "Today's" }).click();
    await expect(
      orders.getByRole('row').filter({ hasText: 'Put' }).filter({ hasText: 'FILLED' }),
    ).toHaveCount(1);
    await orders.getByRole('tab', { name: 'Open' }).click();
    await expect.poll(() => app.records().filter((r) => r.type === 'notification').length).toBeGreaterThan(0);
    if (shots) {
      // The blotter, not the toast over it: the toast has done its job once seen above.
      for (const close of await page.getByRole('button', { name: /close toast/i }).all()) await close.click();
      await expect(page.getByText('Order filled')).toHaveCount(0);
      await page.screenshot({ path: join(shots, 'blotter.png') });
    }
  });

  test('a double click on Send order places one order', async () => {
    const { page } = app;
    const before = placeCalls(app);
    const ticket = await chooseContract(page, 'Call');
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('LIMIT');
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill('0.04');
    await ticket.getByRole('button', { name: 'Place' }).dblclick();
    await page
      .getByRole('dialog', { name: 'Confirm order' })
      .getByRole('button', { name: 'Send order' })
      .dblclick();
    await expect(ticket.getByText(/Order sent/)).toBeVisible();
    expect(placeCalls(app) - before).toBe(1);
    await expect((await showPanel(page, 'Orders')).getByRole('row').filter({ hasText: '0.04' })).toHaveCount(
      1,
    );
  });
});
