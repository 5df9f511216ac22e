import { expect, test, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { showPanel, useLayout } from './dock';
import { launchApp, type RunningApp } from './harness';
import { sendStockOrder } from './trading';

/**
 * The options ticket and the blotter against the embedded sandbox, through the stand-in. The
 * sandbox fills a market option order while its market is open or replaying a session (it replays
 * when the real market is closed, docs/sandbox.md), so this runs at any hour.
 * With BULLPEN_SHOTS_DIR set it also writes ticket.png, blotter.png, stock-ticket.png,
 * stock-ticket-amount.png, blotter-amount.png, stock-ticket-sell-all.png, blotter-bracket.png and
 * stock-ticket-linked.png there.
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

/** The stock ticket showing `symbol`, chosen in the linked watchlist, with its live quote in. */
async function stockTicket(page: Page, symbol: string) {
  await page.locator(`[role="row"][data-symbol="${symbol}"]`).first().click();
  const ticket = await showPanel(page, 'Stock ticket');
  await expect(ticket.getByRole('combobox', { name: 'Order type', exact: true })).toBeVisible();
  await expect(quoteOf(ticket, 'Ask')).toHaveText(/^\d[\d,]*\.\d+$/, { timeout: 20_000 });
  return ticket;
}
const quoteOf = (ticket: Locator, name: 'Bid' | 'Ask' | 'Last') =>
  ticket.getByLabel('Market', { exact: true }).locator(`dt:text-is("${name}") + dd`);
const priceOf = async (ticket: Locator, name: 'Bid' | 'Ask' | 'Last') =>
  Number((await quoteOf(ticket, name).textContent())?.replace(/,/g, ''));
/** The blotter's rows of a stock order (its contract cell is the bare symbol). */
const stockRows = (orders: Locator, symbol: string) =>
  orders.getByRole('row').filter({ has: orders.page().getByRole('cell', { name: symbol, exact: true }) });

/** The position in `symbol`'s shares (an option on it is listed under the same "Show" button). */
const sharesHeld = (positions: Locator, symbol: string) =>
  positions
    .getByRole('row')
    .filter({ has: positions.page().getByRole('button', { name: `Show ${symbol}`, exact: true }) })
    .filter({ has: positions.page().getByRole('cell', { name: 'EQUITY', exact: true }) })
    .getByRole('cell')
    .nth(2);

const placeCalls = (app: RunningApp, op = 'api.optionOrderPlace') =>
  app.records().filter((r) => r.type === 'request' && Array.isArray(r.args) && r.args.includes(op)).length;

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
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('MARKET');
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
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('LIMIT');
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
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('LIMIT');
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
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('MARKET');
    await ticket.getByRole('textbox', { name: 'Quantity (contracts)' }).fill('1');
    await ticket.getByRole('button', { name: 'Place' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm order' })
      .getByRole('button', { name: 'Send order' })
      .click();
    await expect.poll(() => fills.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    const heldLine = activity
      .getByText(/^Position [A-Z]+ \d+ [A-Z][a-z]{2} \d{4} [\d.]+ Put: \d+ held ·/)
      .first();
    await expect(heldLine).toBeVisible();
    const held = /: (\d+) held/.exec((await heldLine.textContent()) ?? '')?.[1] ?? '';

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
    // The position event's count, once the Positions list has been re-read to it (reading the list
    // before its re-read after the fill raced with it).
    await expect(cells.nth(2)).toHaveText(held);
    await row.getByRole('button', { name: /^Close [A-Z]+ .* Put$/ }).click();
    await expect(ticket.getByRole('radio', { name: 'Sell' })).toBeChecked();
    await expect(ticket.getByRole('textbox', { name: 'Quantity (contracts)' })).toHaveValue(held);
    const contract = ticket.getByRole('region', { name: 'Contract' });
    await expect(contract.locator('dt:text-is("Position") + dd')).toHaveText(
      `Closes ${held} of ${held} held (long)`,
    );
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('LIMIT');
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill('0.01');
    await expect(contract.locator('dt:text-is("Max loss") + dd')).toHaveText(
      'None: it only closes held contracts',
    );
    await expect(contract.locator('dt:text-is("Estimated amount") + dd')).toHaveText(/ credit$/);
  });

  test('stock ticket: buy 10 AAPL at a limit, confirmed in words, and it fills', async () => {
    const { page } = app;
    // The sandbox's margin account holds AAPL from the start: the fill adds 10 to what is held.
    const heldCell = async () => sharesHeld(await showPanel(page, 'Positions'), 'AAPL');
    const held = Number(await (await heldCell()).textContent());
    const ticket = await stockTicket(page, 'AAPL');
    await ticket.getByRole('textbox', { name: 'Quantity (shares)' }).fill('10');
    // A limit above the ask: marketable, so the sandbox fills it at once.
    const limit = ((await priceOf(ticket, 'Ask')) + 1).toFixed(2);
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill(limit);
    await ticket.getByRole('button', { name: 'Preview' }).click();
    await expect(ticket.getByLabel('Preview', { exact: true })).toContainText('Estimated amount');
    if (shots) await page.screenshot({ path: join(shots, 'stock-ticket.png') });
    const orders = await sendStockOrder(page, ticket, (dialog) =>
      expect(dialog).toContainText(
        new RegExp(
          `Buy 10 shares of AAPL at a limit of ${limit}, good for the day, regular session only: about \\$[\\d,]+\\.\\d\\d plus commission\\. Account: .+`,
        ),
      ),
    );
    await expect(
      stockRows(orders, 'AAPL').filter({ hasText: 'FILLED' }).filter({ hasText: 'BUY' }),
    ).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(await heldCell()).toHaveText(String(held + 10));
  });

  test('stock ticket: buy $500 of AAPL at market, it fills to a fractional position', async () => {
    const { page } = app;
    const heldCell = async () => sharesHeld(await showPanel(page, 'Positions'), 'AAPL');
    const held = Number(await (await heldCell()).textContent());
    const ticket = await stockTicket(page, 'AAPL');
    await ticket.getByRole('radio', { name: 'Buy' }).check();
    await ticket.getByRole('radio', { name: 'Dollars' }).check();
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('MARKET');
    await ticket.getByRole('textbox', { name: 'Amount ($)' }).fill('500');
    // The shares the amount buys at the live ask, before anything is sent.
    await expect(
      ticket.getByLabel('Order', { exact: true }).locator('dt:text-is("Estimated shares") + dd'),
    ).toHaveText(/^\d+\.\d+$/);
    await ticket.getByRole('button', { name: 'Place' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await expect(dialog).toContainText(
      /Buy \$500\.00 of AAPL at market \(about \d+\.\d\d shares\), good for the day/,
    );
    if (shots) await page.screenshot({ path: join(shots, 'stock-ticket-amount.png') });
    await dialog.getByRole('button', { name: 'Send order' }).click();
    await expect(ticket.getByText(/Order sent/)).toBeVisible();
    // Filled to a fraction of a share: the position is no longer whole.
    await expect(await heldCell()).toHaveText(/^\d+\.\d+$/, { timeout: 20_000 });
    const now = Number(await (await heldCell()).textContent());
    expect(now - held).toBeGreaterThan(0);
    expect(now - held).toBeLessThan(10);
    const orders = await showPanel(page, 'Orders');
    await orders.getByRole('tab', { name: "Today's" }).click();
    const filled = stockRows(orders, 'AAPL')
      .filter({ hasText: 'FILLED' })
      .filter({ has: page.getByRole('cell', { name: 'MARKET', exact: true }) });
    await expect(filled.getByRole('cell', { name: /^0?\.\d+$|^\d\.\d+$/ }).first()).toBeVisible({
      timeout: 20_000,
    });
    if (shots) await page.screenshot({ path: join(shots, 'blotter-amount.png') });
    // Selling: "Sell all" fills in the whole position, fraction and all, in shares.
    await ticket.getByRole('radio', { name: 'Sell', exact: true }).check();
    await ticket.getByRole('button', { name: `Sell all (${now} shares)` }).click();
    await expect(ticket.getByRole('radio', { name: 'Shares' })).toBeChecked();
    await expect(ticket.getByRole('textbox', { name: 'Quantity (shares)' })).toHaveValue(String(now));
    if (shots) await page.screenshot({ path: join(shots, 'stock-ticket-sell-all.png') });
    // Back to a limit buy for the tests after this one.
    await ticket.getByRole('radio', { name: 'Buy' }).check();
    await ticket.getByRole('combobox', { name: 'Order type' }).selectOption('LIMIT');
  });

  test('stock ticket: a short sale of NVDA opens a short position; MSFT, held, is sold first', async () => {
    const { page } = app;
    // The account holds MSFT: a short sale is refused at the side before anything is sent.
    const held = await stockTicket(page, 'MSFT');
    await held.getByRole('radio', { name: 'Sell short' }).check();
    await held
      .getByRole('textbox', { name: 'Limit price' })
      .fill(((await priceOf(held, 'Bid')) - 1).toFixed(2));
    await held.getByRole('button', { name: 'Place' }).click();
    await expect(held.getByRole('radio', { name: 'Sell short' })).toHaveAccessibleDescription(
      /^You hold \d+ shares of MSFT: sell them before selling short\.$/,
    );
    await expect(page.getByRole('dialog', { name: 'Confirm order' })).toHaveCount(0);
    const ticket = await stockTicket(page, 'NVDA');
    await ticket.getByRole('radio', { name: 'Sell short' }).check();
    await ticket.getByRole('textbox', { name: 'Quantity (shares)' }).fill('5');
    // A limit below the bid: marketable for a sale.
    const limit = ((await priceOf(ticket, 'Bid')) - 1).toFixed(2);
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill(limit);
    await expect(ticket.getByLabel('Order', { exact: true })).toContainText('Opens 5 short');
    await ticket.getByRole('button', { name: 'Place' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await expect(dialog).toContainText(`Sell short 5 shares of NVDA at a limit of ${limit}`);
    await dialog.getByRole('button', { name: 'Send order' }).click();
    await expect(sharesHeld(await showPanel(page, 'Positions'), 'NVDA')).toHaveText('-5', {
      timeout: 20_000,
    });
  });

  test('stock ticket: a double click on Place, then on Send order, places one order', async () => {
    const { page } = app;
    const before = placeCalls(app, 'api.orderPlace');
    const ticket = await stockTicket(page, 'AAPL');
    await ticket.getByRole('radio', { name: 'Buy' }).check();
    await ticket.getByRole('textbox', { name: 'Quantity (shares)' }).fill('1');
    // Far below the market: the order rests, and the blotter's Open tab shows it once.
    const limit = ((await priceOf(ticket, 'Bid')) * 0.95).toFixed(2);
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill(limit);
    await ticket.getByRole('button', { name: 'Place' }).dblclick();
    await page
      .getByRole('dialog', { name: 'Confirm order' })
      .getByRole('button', { name: 'Send order' })
      .dblclick();
    await expect(ticket.getByText(/Order sent/)).toBeVisible();
    expect(placeCalls(app, 'api.orderPlace') - before).toBe(1);
    const orders = await showPanel(page, 'Orders');
    await orders.getByRole('tab', { name: 'Open' }).click();
    await expect(stockRows(orders, 'AAPL').filter({ hasText: limit })).toHaveCount(1);
    await stockRows(orders, 'AAPL')
      .filter({ hasText: limit })
      .getByRole('button', { name: 'Cancel AAPL' })
      .click();
    await expect(stockRows(orders, 'AAPL').filter({ hasText: limit })).toHaveCount(0, { timeout: 15_000 });
  });

  test('stock ticket: a bracket whose stop-loss fills cancels its take-profit, one row in the blotter', async () => {
    test.setTimeout(150_000);
    const { page } = app;
    const ticket = await stockTicket(page, 'TSLA');
    await ticket.getByRole('textbox', { name: 'Quantity (shares)' }).fill('2');
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('MARKET');
    await ticket.getByRole('combobox', { name: 'Linked order' }).selectOption('BRACKET');
    const bid = await priceOf(ticket, 'Bid');
    // The stop a few cents under the bid, the target far above: the stop is the exit that fills.
    await ticket.getByRole('textbox', { name: 'Take-profit (limit)' }).fill((bid * 1.5).toFixed(2));
    await ticket.getByRole('textbox', { name: 'Stop-loss (stop)' }).fill((bid - 0.05).toFixed(2));
    const orders = await sendStockOrder(page, ticket);
    const group = orders.getByRole('row').filter({ hasText: 'TSLA bracket' });
    await expect(group).toHaveCount(1);
    await expect(group).toContainText('CLOSED by stop-loss', { timeout: 120_000 });
    const disclosure = group.getByRole('button', { name: 'Orders of TSLA bracket' });
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const child = (role: string) => orders.getByRole('row').filter({ hasText: `${role}: TSLA` });
    await expect(child('Entry')).toContainText('FILLED');
    await expect(child('Stop-loss')).toContainText('FILLED');
    await expect(child('Take-profit')).toContainText('CANCELLED');
    if (shots) {
      for (const close of await page.getByRole('button', { name: /close toast/i }).all()) await close.click();
      await page.screenshot({ path: join(shots, 'blotter-bracket.png') });
    }
  });

  test('stock ticket: an OCO on AAPL held, one order fills and the other is cancelled', async () => {
    const { page } = app;
    const ticket = await stockTicket(page, 'AAPL');
    await ticket.getByRole('radio', { name: 'Sell', exact: true }).check();
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('LIMIT');
    await ticket.getByRole('textbox', { name: 'Quantity (shares)' }).fill('1');
    const bid = await priceOf(ticket, 'Bid');
    // A limit under the bid (marketable: it fills at once) or a protective stop far under it.
    const limit = (bid - 1).toFixed(2);
    const stop = (bid * 0.8).toFixed(2);
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill(limit);
    await ticket.getByRole('combobox', { name: 'Linked order' }).selectOption('OCO');
    await expect(ticket.getByRole('combobox', { name: 'Other side' })).toHaveValue('SELL');
    await expect(ticket.getByRole('combobox', { name: 'Other order type' })).toHaveValue('STOP_LOSS');
    await ticket.getByRole('textbox', { name: 'Other stop price' }).fill(stop);
    const orders = await sendStockOrder(page, ticket, async (dialog) => {
      await expect(dialog).toContainText(
        `Sell 1 share of AAPL at a limit of ${limit}, good for the day, regular session only`,
      );
      await expect(dialog).toContainText(`One cancels the other (OCO), with: sell 1 with a stop at ${stop}`);
    });
    const group = orders.getByRole('row').filter({ hasText: 'AAPL OCO' });
    await expect(group).toContainText('FILLED · other cancelled', { timeout: 20_000 });
    await group.getByRole('button', { name: 'Orders of AAPL OCO' }).click();
    const legs = orders.getByRole('row').filter({ hasText: 'One cancels other: AAPL' });
    await expect(legs.filter({ hasText: limit })).toContainText('FILLED');
    await expect(legs.filter({ hasText: stop })).toContainText('CANCELLED');
  });

  test('stock ticket: an OTO’s triggered order waits, then starts working when the entry fills', async () => {
    const { page } = app;
    const ticket = await stockTicket(page, 'AAPL');
    await ticket.getByRole('radio', { name: 'Buy' }).check();
    await ticket.getByRole('combobox', { name: 'Order type', exact: true }).selectOption('LIMIT');
    await ticket.getByRole('textbox', { name: 'Quantity (shares)' }).fill('1');
    const ask = await priceOf(ticket, 'Ask');
    // The entry rests far under the market; the triggered sale far above it.
    const entry = (ask * 0.9).toFixed(2);
    const target = (ask * 1.3).toFixed(2);
    await ticket.getByRole('textbox', { name: 'Limit price' }).fill(entry);
    await ticket.getByRole('combobox', { name: 'Linked order' }).selectOption('OTO');
    await expect(ticket.getByRole('combobox', { name: 'Triggered side' })).toHaveValue('SELL');
    await ticket.getByRole('textbox', { name: 'Triggered limit price' }).fill(target);
    await expect(ticket.getByLabel('Order', { exact: true })).toContainText(/If triggered fills.*P&L \+\$/);
    if (shots) {
      await page.screenshot({ path: join(shots, 'stock-ticket-linked.png') });
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.screenshot({ path: join(shots, 'stock-ticket-linked-1280.png') });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.screenshot({ path: join(shots, 'stock-ticket-linked-1920.png') });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    const orders = await sendStockOrder(page, ticket);
    const group = orders.getByRole('row').filter({ hasText: 'AAPL OTO' });
    await expect(group).toContainText('SUBMITTED');
    await group.getByRole('button', { name: 'Orders of AAPL OTO' }).click();
    const triggered = orders.getByRole('row').filter({ hasText: 'Triggered: AAPL' });
    await expect(triggered).toContainText('Waiting for entry');
    // The entry replaced with a limit above the ask fills at once, and its triggered order works.
    await group.getByRole('button', { name: 'Replace AAPL OTO' }).click();
    const form = orders.getByRole('form', { name: 'Replace AAPL OTO' });
    await form.getByRole('textbox', { name: 'Entry limit' }).fill((ask * 1.05).toFixed(2));
    await form.getByRole('button', { name: 'Send replacement' }).click();
    await expect(group).toContainText('FILLED · triggered order working', { timeout: 20_000 });
    await expect(triggered).toContainText('SUBMITTED');
    await expect(triggered).not.toContainText('Waiting for entry');
    const activity = await showPanel(page, 'Activity');
    await expect(activity.getByText(/^Working after entry filled: Sell 1 AAPL, limit \d/)).toBeVisible();
    await expect(activity.getByText(/^Replaced: Sell 1 AAPL/)).toHaveCount(0);
    // The group's cancel now ends the triggered order, which was working.
    await showPanel(page, 'Orders');
    await group.getByRole('button', { name: 'Cancel AAPL OTO' }).click();
    await expect(triggered).toContainText('CANCELLED', { timeout: 15_000 });
  });
});
