import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { showPanel, useLayout } from './dock';
import { launchApp, type RunningApp } from './harness';
import { placeRestingOrder } from './trading';

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

/** The chart pane's height (px from its top) of an order line, found as a trader finds it: the pointer turns into a resize cursor over it. */
async function lineY(page: Page, chart: Locator): Promise<number> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  for (let y = 8; y < box.height - 30; y += 4) {
    await page.mouse.move(box.x + box.width / 2, box.y + y);
    if ((await chart.evaluate((el) => (el as HTMLElement).style.cursor)) === 'ns-resize') return y;
  }
  throw new Error('no order line on the chart');
}

/** The price at a height of the chart, read from the right-click menu's name ("Chart at 181.25"). */
async function priceAtY(page: Page, chart: Locator, y: number): Promise<number> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  await chart.click({ button: 'right', position: { x: box.width / 2, y } });
  const menu = page.getByRole('menu', { name: /^Chart at / });
  const name = (await menu.getAttribute('aria-label')) ?? '';
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return Number(name.replace('Chart at ', ''));
}

/** Drags from one height of the chart to another with the mouse, in small steps. */
async function dragY(page: Page, chart: Locator, from: number, to: number): Promise<void> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart box');
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + from);
  await page.mouse.down();
  await page.mouse.move(x, box.y + to, { steps: 8 });
  await page.mouse.up();
}

const placeCount = (app: RunningApp) =>
  app.records().filter((r) => r.type === 'request' && Array.isArray(r.args) && r.args[0] === 'api.orderPlace')
    .length;

/** The first order of each `api.orderPlace` request the app made, in order. */
const placedOrders = (app: RunningApp) =>
  app
    .records()
    .filter((r) => r.type === 'request' && Array.isArray(r.args) && r.args[0] === 'api.orderPlace')
    .map(
      (r) =>
        (r.args as [string, { new_orders: Array<{ side: string; quantity: string; order_type: string }> }])[1]
          .new_orders[0],
    );

/** The shares of AAPL the first (margin) account holds now, read through the window's bridge. */
async function aaplHeld(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const accounts = await window.bullpen?.invoke('api.accountList', {});
    const account = (accounts as { value: Array<{ account_id: string }> }).value[0]?.account_id;
    const rows = await window.bullpen?.invoke('api.positions', { account_id: account });
    const aapl = (rows as { value: Array<{ symbol: string; quantity: string }> }).value.find(
      (p) => p.symbol === 'AAPL',
    );
    return Number(aapl?.quantity ?? 0);
  });
}

/** A market order for AAPL through the window's bridge (main's guards apply), in the first account. */
async function placeMarket(page: Page, side: 'BUY' | 'SELL', quantity: number): Promise<void> {
  const placed = await page.evaluate(
    async ([side, quantity]) => {
      const accounts = await window.bullpen?.invoke('api.accountList', {});
      const account = (accounts as { value: Array<{ account_id: string }> }).value[0]?.account_id ?? '';
      const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');
      return window.bullpen?.invoke('api.orderPlace', {
        account_id: account,
        new_orders: [
          {
            client_order_id: id,
            symbol: 'AAPL',
            instrument_type: 'EQUITY',
            market: 'US',
            order_type: 'MARKET',
            quantity: String(quantity),
            side,
            time_in_force: 'DAY',
            entrust_type: 'QTY',
            support_trading_session: 'CORE',
          },
        ],
      });
    },
    [side, quantity] as const,
  );
  if (!placed || !(placed as { ok: boolean }).ok)
    throw new Error(`order not placed: ${JSON.stringify(placed)}`);
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

  test('the legend shows each indicator value at the bar, and VWAP', async () => {
    const { page } = app;
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('5 minutes');
    await page.getByRole('button', { name: 'VWAP' }).click();
    const values = legend(page).getByRole('list', { name: 'Indicator values' });
    await expect(values.getByRole('listitem').filter({ hasText: 'SMA 20' })).toHaveText(
      /^SMA 20 \d+\.\d{2}$/,
    );
    await expect(values.getByRole('listitem').filter({ hasText: 'VWAP' })).toHaveText(/^VWAP \d+\.\d{2}$/);
  });

  test('Save PNG downloads the chart under a header naming symbol, timespan, time zone and legend', async () => {
    const { page } = app;
    const download = page.waitForEvent('download', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Save PNG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('AAPL-M5.png');
    const png = readFileSync(await file.path()).toString('base64');
    const chartBox = await page.getByRole('application', { name: /price chart/ }).boundingBox();
    // Decoded by the page's own image decoder: the size, and pixels of the header band and a corner.
    const image = await page.evaluate(async (data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(bitmap, 0, 0);
      const band = ctx.getImageData(0, 0, bitmap.width, Math.round(40 * devicePixelRatio)).data;
      const corner = [...ctx.getImageData(1, 1, 1, 1).data];
      let differing = 0;
      for (let i = 0; i < band.length; i += 4)
        if (band[i] !== corner[0] || band[i + 1] !== corner[1] || band[i + 2] !== corner[2]) differing++;
      return { width: bitmap.width, height: bitmap.height, corner, differing, dpr: devicePixelRatio };
    }, png);
    // Opaque, not white: the panel's background, not a transparent canvas a viewer shows as white.
    expect(image.corner[3]).toBe(255);
    expect(image.corner.slice(0, 3)).not.toEqual([255, 255, 255]);
    // A header above the chart's own pixels, with text in it.
    expect(image.height).toBeGreaterThan(((chartBox?.height ?? 0) + 40) * image.dpr);
    expect(image.differing).toBeGreaterThan(100);
    writeFileSync('test-results/chart-saved.png', Buffer.from(png, 'base64'));
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

  test('a yearly chart never puts a negative price on its axis', async () => {
    const { page } = app;
    await timespan(page, 'Yearly').click();
    await expect(legend(page).getByLabel('Timespan shown')).toHaveText('Yearly');
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    const chart = page.getByRole('application', { name: /price chart/ });
    await page.getByRole('region', { name: /^Chart/ }).screenshot({ path: 'test-results/chart-y.png' });
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart box');
    // Right-click just above the time axis: the menu's alert at the price there (the axis' bottom)
    // fills the alert form.
    await chart.click({ button: 'right', position: { x: box.width / 2, y: box.height - 32 } });
    await page
      .getByRole('menu', { name: /^Chart at / })
      .getByRole('menuitem', { name: /^Alert at / })
      .click();
    const price = page.getByRole('form', { name: 'New price alert' }).getByRole('textbox', { name: 'Price' });
    await expect(price).not.toHaveValue('');
    expect(Number(await price.inputValue())).toBeGreaterThanOrEqual(0);
  });

  test('orders on the chart: a limit buy below the market is drawn, dragged to a new price, replaced, then filled', async () => {
    const { page } = app;
    await useLayout(page, 'Trading');
    await page.locator('[role="row"][data-symbol="AAPL"]').first().click();
    await expect(page.getByRole('application', { name: /^AAPL .* price chart/ })).toBeVisible();
    await timespan(page, 'Daily').click();
    await expect.poll(async () => Number(await legend(page).getAttribute('data-bars'))).toBeGreaterThan(20);
    const last = await page.evaluate(async () => {
      const r = await window.bullpen?.invoke('api.snapshot', { symbols: ['AAPL'] });
      return Number((r as { value: Array<{ price: string }> }).value[0]?.price);
    });
    const limit = (last * 0.98).toFixed(2);
    await placeRestingOrder(page, limit);

    // Its line, and the keyboard's handle on it, named by what the order is.
    const onChart = page.getByRole('group', { name: 'Orders on the chart' });
    const handle = onChart.getByRole('spinbutton', { name: new RegExp(`^Buy 1 AAPL limit ${limit}`) });
    await expect(handle).toBeVisible({ timeout: 15_000 });
    const chart = page.getByRole('application', { name: /price chart/ });
    const y0 = await lineY(page, chart);
    const pxPerDollar = 30 / ((await priceAtY(page, chart, y0 - 30)) - Number(limit));

    // Dragged half way to the market: still below it, so it rests at the new price.
    const halfway = Number(limit) + (last - Number(limit)) / 2;
    await dragY(page, chart, y0, y0 - (halfway - Number(limit)) * pxPerDollar);
    const moved = onChart.getByRole('spinbutton', { name: /^Buy 1 AAPL limit / });
    await expect(moved).not.toHaveAccessibleName(new RegExp(`limit ${limit}:`), { timeout: 15_000 });
    const price = Number(await moved.getAttribute('aria-valuenow')).toFixed(2);
    expect(Number(price)).toBeGreaterThan(Number(limit));
    expect(Number(price)).toBeLessThan(last);
    const orders = await showPanel(page, 'Orders');
    await orders.getByRole('tab', { name: 'Open' }).click();
    await expect(orders.getByRole('row').filter({ hasText: 'AAPL' }).filter({ hasText: price })).toHaveCount(
      1,
    );

    // Dragged above the market: the replaced limit is marketable and fills; its line goes.
    const y1 = await lineY(page, chart);
    await dragY(page, chart, y1, y1 - (last * 1.02 - Number(price)) * pxPerDollar);
    await expect(onChart).toHaveCount(0, { timeout: 20_000 });
    await orders.getByRole('tab', { name: "Today's" }).click();
    await expect(
      orders.getByRole('row').filter({ hasText: 'AAPL' }).filter({ hasText: 'FILLED' }).first(),
    ).toBeVisible();
    // The position's average cost line and the fill's marker are on the canvas (screenshot).
    await page
      .getByRole('region', { name: /^Chart/ })
      .screenshot({ path: 'test-results/chart-orders-filled.png' });
  });

  test('an armed trading hotkey places exactly one order; disarmed, none', async () => {
    const { page } = app;
    const toggle = page.getByRole('button', { name: /^Hotkeys (off|armed)$/ });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const chart = page.getByRole('application', { name: /^AAPL .* price chart/ });
    // A click makes the chart the active panel: its symbol is the one a hotkey trades.
    await chart.click({ position: { x: 20, y: 20 } });
    const before = placeCount(app);
    await page.keyboard.press('Shift+B');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveText('Hotkeys armed');
    await chart.focus();
    // Held down: the key's auto-repeat sends more keydowns, which place nothing more.
    await page.keyboard.down('Shift');
    await page.keyboard.down('B');
    await page.keyboard.down('B');
    await page.keyboard.down('B');
    await page.keyboard.up('B');
    await page.keyboard.up('Shift');
    await expect(page.getByText(/^Hotkey: Buy 100 AAPL limit [\d.]+ sent$/)).toBeVisible();
    expect(placeCount(app)).toBe(before + 1);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // The documentation's picture: the hotkey's fill and the earlier one marked, the position's
    // average cost with its P&L, and a working limit buy with its keyboard handle.
    const orders = await showPanel(page, 'Orders');
    await expect(
      orders.getByRole('row').filter({ hasText: 'FILLED' }).filter({ hasText: '100' }),
    ).toHaveCount(1, {
      timeout: 15_000,
    });
    const last = await page.evaluate(async () => {
      const r = await window.bullpen?.invoke('api.snapshot', { symbols: ['AAPL'] });
      return Number((r as { value: Array<{ price: string }> }).value[0]?.price);
    });
    await placeRestingOrder(page, (last * 0.97).toFixed(2));
    await expect(
      page.getByRole('group', { name: 'Orders on the chart' }).getByRole('spinbutton'),
    ).toHaveCount(1);
    await page.mouse.move(0, 0);
    await page.getByRole('region', { name: /^Chart/ }).screenshot({ path: 'test-results/chart-orders.png' });
  });

  test('the chart menu and the depth ladder stage a limit order in the stock ticket, sending nothing', async () => {
    const { page } = app;
    const places = placeCount(app);
    const chart = page.getByRole('application', { name: /^AAPL .* price chart/ });
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart box');
    await chart.click({ button: 'right', position: { x: box.width / 3, y: box.height / 3 } });
    const buy = page
      .getByRole('menu', { name: /^Chart at / })
      .getByRole('menuitem', { name: /^Buy limit at / });
    const price = ((await buy.textContent()) ?? '').replace('Buy limit at ', '');
    await buy.click();
    const ticket = page.getByRole('region', { name: /^Stock ticket/ });
    await expect(ticket.getByRole('textbox', { name: 'Limit price' })).toHaveValue(price);
    await expect(ticket).toContainText('AAPL');

    // The ladder: an ask level's price stages a sell limit there.
    const quote = await showPanel(page, 'Quote');
    const ask = quote.getByRole('button', { name: /^Sell limit at / }).first();
    await expect(ask).toBeVisible({ timeout: 15_000 });
    // The ladder moves with the market, so the level is the one the button named when it was
    // clicked: read in the page, in the capture phase, before the panel's own handler runs.
    await page.evaluate(() => {
      const w = window as unknown as { clickedLabel?: string | null };
      document.addEventListener(
        'click',
        (e) => {
          w.clickedLabel = (e.target as Element).closest('button')?.getAttribute('aria-label') ?? null;
        },
        { capture: true, once: true },
      );
    });
    await ask.click();
    const label = await page.evaluate(
      () => (window as unknown as { clickedLabel?: string | null }).clickedLabel,
    );
    expect(label).toMatch(/^Sell limit at [\d.]+$/);
    const level = Number((label ?? '').replace('Sell limit at ', ''));
    await expect(ticket.getByRole('radio', { name: 'Sell', exact: true })).toBeChecked();
    expect(Number(await ticket.getByRole('textbox', { name: 'Limit price' }).inputValue())).toBe(level);
    expect(placeCount(app)).toBe(places);
  });

  test('the reverse hotkey turns a long of 10 AAPL into a short of 10: a market SELL, then, once filled, a SHORT', async () => {
    const { page } = app;
    // The long made exactly 10 shares (the account holds AAPL from the start and the tests above bought more).
    const held = await aaplHeld(page);
    if (held !== 10) await placeMarket(page, held > 10 ? 'SELL' : 'BUY', Math.abs(held - 10));
    await expect.poll(() => aaplHeld(page), { timeout: 15_000 }).toBe(10);
    const before = placedOrders(app).length;
    const chart = page.getByRole('application', { name: /^AAPL .* price chart/ });
    await chart.click({ position: { x: 20, y: 20 } });
    const toggle = page.getByRole('button', { name: /^Hotkeys (off|armed)$/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await chart.focus();
    await page.keyboard.press('Shift+R');
    await expect(page.getByText('Reverse: Sell short 10 AAPL at market sent')).toBeVisible({
      timeout: 20_000,
    });
    await expect.poll(() => aaplHeld(page), { timeout: 15_000 }).toBe(-10);
    expect(placedOrders(app).slice(before)).toEqual([
      expect.objectContaining({ side: 'SELL', quantity: '10', order_type: 'MARKET' }),
      expect.objectContaining({ side: 'SHORT', quantity: '10', order_type: 'MARKET' }),
    ]);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.mouse.move(0, 0);
    await page
      .getByRole('region', { name: /^Chart/ })
      .screenshot({ path: 'test-results/chart-reversed.png' });

    // The fills' markers carry no text on the canvas (it lay under the position's label): pointing
    // at a marker of today's fills (all in the newest daily bar, near the position's price: one
    // arrow on the canvas) shows the text of every fill it stands for in a tooltip instead.
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart box');
    const [yA, yB] = [box.height * 0.25, box.height * 0.75];
    const [pA, pB] = [await priceAtY(page, chart, yA), await priceAtY(page, chart, yB)];
    const fillPrice = await page.evaluate(async () => {
      const accounts = await window.bullpen?.invoke('api.accountList', {});
      const account = (accounts as { value: Array<{ account_id: string }> }).value[0]?.account_id;
      const rows = await window.bullpen?.invoke('api.positions', { account_id: account });
      const aapl = (rows as { value: Array<{ symbol: string; cost_price: string }> }).value.find(
        (p) => p.symbol === 'AAPL',
      );
      return Number(aapl?.cost_price);
    });
    const y = yA + ((fillPrice - pA) / (pB - pA)) * (yB - yA);
    const tip = page.getByRole('tooltip');
    let found = false;
    for (let x = box.width - 1; x > box.width - 160 && !found; x -= 2) {
      await page.mouse.move(box.x + x, box.y + y);
      found = (await tip.count()) > 0;
    }
    expect(found).toBe(true);
    await expect(tip).toHaveText(/^([BS] \d+ @ \d+\.\d\d)+$/);
    // The reverse's two fills are among the fills that one arrow stands for.
    await expect(tip.getByText(/^S 10 @ \d+\.\d\d$/)).toHaveCount(2);
    await page
      .getByRole('region', { name: /^Chart/ })
      .screenshot({ path: 'test-results/chart-fill-tooltip.png' });
  });
});
