import { expect, test, type Locator, type Page } from '@playwright/test';
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

/**
 * The Trading layout: the tickets at full height (the stock ticket in front, the options ticket a
 * tab behind it), the blotter as tabs under the chart.
 */
async function useTradingLayout(page: Page) {
  await useLayout(page, 'Trading');
  await expect(page.getByRole('region', { name: 'Stock ticket' })).toBeVisible();
  await showPanel(page, 'Options ticket');
}

async function chooseContract(page: Page, type: 'Call' | 'Put') {
  const ticket = await showPanel(page, 'Options ticket');
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

const requests = (app: RunningApp, op: string) =>
  app.records().filter((r) => r.type === 'request' && Array.isArray(r.args) && r.args.includes(op)).length;

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
    // The chain the order was chosen from came from the list-option-contracts operation (what a
    // real environment serves), never from the sandbox-only chain.
    expect(requests(app, 'api.optionContracts')).toBeGreaterThan(1);
    expect(requests(app, 'api.optionChain')).toBe(0);

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
    await expect(page.getByText('Order cancelled')).toBeVisible();
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
      // The blotter after the fill (Today's), not the toasts over it: they have done their job.
      await orders.getByRole('tab', { name: "Today's" }).click();
      for (const close of await page.getByRole('button', { name: /close toast/i }).all()) await close.click();
      await expect(page.getByText('Order filled')).toHaveCount(0);
      await expect(page.getByText('Order cancelled')).toHaveCount(0);
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

  test('the ticket shows the order on screen: one money format, its own preview, buying power, the tick', async () => {
    const { page } = app;
    const before = placeCalls(app);
    const ticket = await chooseContract(page, 'Call');
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('LIMIT');
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill('0.05');
    const qty = ticket.getByRole('textbox', { name: 'Quantity (contracts)' });
    await qty.fill('2');
    await ticket.getByRole('button', { name: 'Preview' }).click();
    const preview = ticket.getByLabel('Preview', { exact: true });
    const amount = (where: Locator) => where.locator('dt:text-is("Estimated amount") + dd');
    await expect(amount(preview)).toHaveText('$10.00 debit');
    await expect(amount(ticket.getByRole('region', { name: 'Contract' }))).toHaveText('$10.00 debit');
    await expect(preview.locator('dt:text-is("Buying power after") + dd')).toHaveText(
      /^\$\d{1,3}(,\d{3})*\.\d\d$/,
    );
    // A changed ticket is another order: the old figures go.
    await qty.fill('3');
    await expect(preview).toHaveCount(0);
    // Far beyond the buying power: refused at the ticket, Place disabled.
    await qty.fill('100000');
    await ticket.getByRole('button', { name: 'Preview' }).click();
    await expect(qty).toHaveAccessibleDescription(
      /^Not enough buying power: this order needs \$[\d,]+\.\d\d/,
    );
    await expect(ticket.getByRole('button', { name: 'Place' })).toBeDisabled();
    // A price in fractions of a cent is refused before anything is sent.
    await qty.fill('1');
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill('0.055');
    await ticket.getByRole('button', { name: 'Place' }).click();
    await expect(ticket.getByRole('textbox', { name: 'Limit price' })).toHaveAccessibleDescription(
      'The limit price goes in cents: at most 2 decimal places.',
    );
    expect(placeCalls(app) - before).toBe(0);
  });

  test('a held put: named in activity and positions, marked live, closed from Positions through the ticket', async () => {
    const { page } = app;
    const activity = await showPanel(page, 'Activity');
    const fills = activity.getByText(/^Filled: Buy 1 [A-Z]+ \d+ [A-Z][a-z]{2} \d{4} [\d.]+ Put at [\d.]+ ·/);
    const before = await fills.count();
    const ticket = await chooseContract(page, 'Put');
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('MARKET');
    await ticket.getByRole('textbox', { name: 'Quantity (contracts)' }).fill('1');
    await ticket.getByRole('button', { name: 'Place' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm order' })
      .getByRole('button', { name: 'Send order' })
      .click();
    await expect.poll(() => fills.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect(
      activity.getByText(/^Position [A-Z]+ \d+ [A-Z][a-z]{2} \d{4} [\d.]+ Put: \d+ held ·/).first(),
    ).toBeVisible();

    const quote = page.getByRole('region', { name: 'Quote' });
    await expect(quote.locator('dt:text-is("Last") + dd')).toHaveText(/^\d[\d,]*\.\d\d$/);
    await expect(quote.locator('dt:text-is("Bid × Ask") + dd')).toHaveText(/^[\d,.]+.* × [\d,.]+/);

    const positions = await showPanel(page, 'Positions');
    const row = positions.getByRole('row').filter({ hasText: 'Put' });
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText(/\d{6}[CP]\d{8}/);
    const cells = row.getByRole('cell');
    // Day P&L and total P&L marked to the contract's live quote, in the one money format.
    await expect(cells.nth(6)).toHaveText(/^([+-]\$[\d,]+\.\d\d|\$0\.00)$/);
    await expect(cells.nth(7)).toHaveText(/^([+-]\$[\d,]+\.\d\d|\$0\.00)$/);
    const held = (await cells.nth(2).textContent())?.trim() ?? '';
    await row.getByRole('button', { name: /^Close [A-Z]+ .* Put$/ }).click();
    await expect(ticket.getByRole('radio', { name: 'Sell' })).toBeChecked();
    await expect(ticket.getByRole('textbox', { name: 'Quantity (contracts)' })).toHaveValue(held);
    const contract = ticket.getByRole('region', { name: 'Contract' });
    await expect(contract.locator('dt:text-is("Position") + dd')).toHaveText(
      `Closes ${held} of ${held} held (long)`,
    );
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('LIMIT');
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill('0.01');
    await expect(contract.locator('dt:text-is("Max loss") + dd')).toHaveText(
      'None: it only closes held contracts',
    );
    await expect(contract.locator('dt:text-is("Estimated amount") + dd')).toHaveText(/ credit$/);
  });
});
