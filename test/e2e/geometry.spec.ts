import { expect, test, type Locator, type Page } from '@playwright/test';
import { createServer } from 'node:net';
import { PANELS } from '../../renderer/shell/panels/registry';
import { addPanel, panelRegion, showPanel, useLayout } from './dock';
import { REACHABLE, unreachableElements, WINDOW_SIZES } from './geometry';
import { placeRestingOrder } from './trading';
import { launchApp, type RunningApp } from './harness';

/**
 * What a trader can see and reach (docs/testing.md "Geometry"): at each window size the app starts
 * once; every layout with every dock tab brought forward, every panel kind added from the workspace
 * menu, the workspace menu, the palette and Settings open. Every control, tab, menu item and
 * table column header must lie inside the window and inside every box that clips it, or be
 * reachable by the scrollbar of the box it scrolls in; one that is cut off or drawn over fails the
 * suite, with its name and the box that hides it. At the smallest size an environment whose host
 * refuses is switched to: every panel leaves "Loading…" for its error.
 */

/** No panel is still loading: code and first data are in (or have failed and say so). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 30_000 });
}

/** Each dock tab brought forward in turn; the problems found with each, labelled. */
async function everyTab(page: Page, label: string, problems: string[]): Promise<void> {
  const tabs = page.locator('.dv-tabs-container [role=tab]');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await settled(page);
    for (const p of await page.evaluate(unreachableElements, REACHABLE)) problems.push(`${label}: ${p}`);
  }
}

/** Whether an element is drawn where it can be seen: inside every box that clips it and the window. */
async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1)
        return false;
    }
    return r.right <= window.innerWidth && r.bottom <= window.innerHeight;
  });
}

/**
 * The columns whose header shows in the grid's scroller but whose cell in `symbol`'s row is not
 * drawn beneath it: a row renders only the columns in view (docs/ui.md "Watchlists"), so a
 * column scrolled into view must have its cell there, under its header.
 */
async function columnsWithoutCell(grid: Locator, symbol: string): Promise<string[]> {
  return grid.evaluate((g, symbol) => {
    const scroller = g.firstElementChild as HTMLElement;
    const view = scroller.getBoundingClientRect();
    const row = [...g.querySelectorAll('[role="row"]')].find((r) =>
      [...r.querySelectorAll('[role="gridcell"]')].some((c) => c.textContent === symbol),
    );
    if (!row) return [`no row for ${symbol}`];
    const missing: string[] = [];
    for (const header of g.querySelectorAll('[role="columnheader"]')) {
      const h = header.getBoundingClientRect();
      if (h.right <= view.left || h.left >= view.right) continue;
      const cell = row.querySelector(`[aria-colindex="${header.getAttribute('aria-colindex')}"]`);
      const c = cell?.getBoundingClientRect();
      if (!c || Math.abs(c.left - h.left) > 1 || Math.abs(c.right - h.right) > 1)
        missing.push(header.textContent?.trim() || `column ${header.getAttribute('aria-colindex')}`);
    }
    return missing;
  }, symbol);
}

const MENU_ITEMS = '[aria-label="Workspace menu"] :is(button, input)';
const unique = (xs: string[]) => [...new Set(xs)];

for (const { width, height } of WINDOW_SIZES) {
  test.describe.serial(`geometry at ${width}×${height}`, () => {
    let app: RunningApp;

    test.beforeAll(async () => {
      test.setTimeout(180_000); // the whole app starts on a loaded machine
      app = await launchApp();
      await app.page.setViewportSize({ width, height });
      await expect(app.page.getByRole('region', { name: 'Watchlist' }).getByRole('row').nth(2)).toBeVisible({
        timeout: 120_000,
      });
      // An open order, so the blotter shows a row with its Replace and Cancel buttons.
      await placeRestingOrder(app.page);
    });

    test.afterAll(async () => {
      await app?.close();
    });

    test('every layout: every control, tab and column can be seen or reached', async () => {
      test.setTimeout(120_000);
      const { page } = app;
      const problems: string[] = [];
      for (const layout of ['Markets', 'Trading'] as const) {
        await useLayout(page, layout);
        await everyTab(page, layout, problems);
        // The workspace menu, opened over this layout's dock.
        await page.getByRole('button', { name: /^Workspace: / }).click();
        const menu = page.getByRole('group', { name: 'Workspace menu' });
        await expect(menu).toBeVisible();
        for (const p of await page.evaluate(unreachableElements, MENU_ITEMS))
          problems.push(`${layout}: ${p}`);
        // A name field a trader can read what they type in (it was squeezed to a sliver).
        const nameBox = await menu.getByRole('textbox', { name: 'Workspace name' }).boundingBox();
        if ((nameBox?.width ?? 0) < 96)
          problems.push(`${layout}: the workspace name field is ${nameBox?.width ?? 0}px wide`);
        await page.keyboard.press('Escape');
        await expect(menu).toHaveCount(0);
      }
      // The blotter's open order was there to be checked: its Cancel is reachable in the Trading layout.
      const orders = panelRegion(page, 'Orders');
      await page.locator('.dv-tabs-container').getByRole('tab', { name: 'Orders', exact: true }).click();
      await expect(orders.getByRole('button', { name: /^Cancel / })).toHaveCount(1);
      // ...and in view without scrolling: the actions column is frozen at the blotter's right edge.
      await orders.evaluate((o) => o.querySelectorAll('*').forEach((e) => e.scrollTo?.({ left: 0 })));
      expect(await inView(orders.getByRole('button', { name: /^Cancel / }))).toBe(true);
      expect(await inView(orders.getByRole('cell', { name: 'AAPL', exact: true }))).toBe(true);
      expect(unique(problems)).toEqual([]);
    });

    test('the watchlist shows Bid and Ask at its default width and keeps the symbol in view scrolled sideways; movers name their columns', async () => {
      const { page } = app;
      await useLayout(page, 'Markets');
      const grid = panelRegion(page, 'Watchlist').getByRole('grid');
      for (const name of [/^Bid/, /^Ask/])
        expect(await inView(grid.getByRole('columnheader', { name }))).toBe(true);
      expect(await columnsWithoutCell(grid, 'AAPL')).toEqual([]);
      // Part way, then to the end: the columns coming into view are drawn under their headers.
      await grid.evaluate((g) => g.querySelector('[class*=scroller]')?.scrollBy({ left: 150 }));
      await expect.poll(() => columnsWithoutCell(grid, 'AAPL')).toEqual([]);
      await grid.evaluate((g) => g.querySelector('[class*=scroller]')?.scrollBy({ left: 10_000 }));
      expect(await inView(grid.getByRole('columnheader', { name: /^Low/ }))).toBe(true);
      expect(await inView(grid.getByRole('gridcell', { name: 'AAPL', exact: true }))).toBe(true);
      await expect.poll(() => columnsWithoutCell(grid, 'AAPL')).toEqual([]);
      await grid.evaluate((g) => g.querySelector('[class*=scroller]')?.scrollTo({ left: 0 }));
      // The movers table names its columns.
      const movers = panelRegion(page, 'Movers');
      for (const name of ['Symbol', 'Last', 'Chg %', 'Volume'])
        await expect(movers.getByRole('columnheader', { name, exact: true })).toBeVisible();
    });

    test("the Quote panel's labels stay whole beside their values, and each side of the bid and ask", async () => {
      const { page } = app;
      await useLayout(page, 'Markets');
      const quote = await showPanel(page, 'Quote');
      // Once the bid and the ask are in (the widest value).
      await expect(quote.locator('dt:text-is("Bid × Ask") + dd')).toHaveText(/\d \(.*\) × \d/);
      // Drawn 240 px wide, as the first workspace draws it at 1280×720 (a trader can make it so at
      // any size): a label or a side of the bid and ask on more than one line (its text's boxes
      // stand at more than one height), or any label or value past the panel's right edge.
      const problems = await quote.evaluate((q) => {
        (q as HTMLElement).style.width = '240px';
        const right = q.getBoundingClientRect().right;
        const textBoxes = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return [...range.getClientRects()];
        };
        const found = [...q.querySelectorAll('dt, dd > span')].flatMap((el) =>
          new Set(textBoxes(el).map((b) => Math.round(b.top))).size > 1
            ? [`${el.textContent ?? ''} broken`]
            : [],
        );
        for (const el of q.querySelectorAll('dt, dd'))
          if (textBoxes(el).some((b) => b.right > right + 1)) found.push(`${el.textContent ?? ''} cut off`);
        (q as HTMLElement).style.width = '';
        return found;
      });
      expect(problems).toEqual([]);
      // The bid and the ask both shown, each whole.
      expect(await quote.locator('dd > span').count()).toBe(2);
    });

    test("the Trading layout's blotter shows an open order's status and its Cancel without scrolling", async () => {
      const { page } = app;
      await useLayout(page, 'Trading');
      const orders = await showPanel(page, 'Orders');
      const row = orders
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: /^Cancel / }) })
        .first();
      await expect(row).toBeVisible();
      expect(await inView(row.getByRole('cell', { name: /^(SUBMITTED|PARTIAL_FILLED)$/ }))).toBe(true);
      expect(await inView(row.getByRole('button', { name: /^Cancel / }))).toBe(true);
    });

    test('the palette and Settings open where they can be seen', async () => {
      const { page } = app;
      const problems: string[] = [];
      await page.getByRole('button', { name: 'Command palette' }).click();
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette.getByRole('option').first()).toBeVisible();
      problems.push(
        ...(await page.evaluate(unreachableElements, '[role=dialog] :is(button, input, [role=option])')),
      );
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      await settled(page);
      problems.push(
        ...(await page.evaluate(
          unreachableElements,
          '[role=dialog] :is(button, input, select, a[href], [role=tab])',
        )),
      );
      await page.keyboard.press('Escape');
      await expect(settings).toHaveCount(0);
      expect(unique(problems)).toEqual([]);
    });

    test('every panel kind, added from the workspace menu, can be seen and reached', async () => {
      test.setTimeout(150_000);
      const { page } = app;
      const problems: string[] = [];
      await useLayout(page, 'Markets');
      for (const p of PANELS) {
        await addPanel(page, p.title);
        await settled(page);
        for (const found of await page.evaluate(unreachableElements, REACHABLE))
          problems.push(`+${p.title}: ${found}`);
      }
      expect(unique(problems)).toEqual([]);
    });

    if (width === WINDOW_SIZES[0].width) {
      test('an environment whose host refuses: every panel shows its error, none stays "Loading…"', async () => {
        test.setTimeout(120_000);
        const { page } = app;
        await useLayout(page, 'Trading');
        const port = await closedPort();
        await page.getByRole('button', { name: 'Settings' }).click();
        const dialog = page.getByRole('dialog', { name: 'Settings' });
        await dialog.getByRole('button', { name: '+ Add environment' }).click();
        await dialog.getByRole('radio', { name: 'Custom hosts' }).click();
        await dialog.getByLabel('Name', { exact: true }).fill('Refusing host');
        await dialog.getByLabel('API base URL').fill(`http://127.0.0.1:${port}`);
        await dialog.getByLabel('Quotes URL').fill(`mqtt://127.0.0.1:${port}`);
        await dialog.getByLabel('Events host:port').fill(`127.0.0.1:${port}`);
        await dialog.getByLabel('TLS').uncheck();
        await dialog.getByRole('button', { name: 'Add environment', exact: true }).click();
        await dialog.getByLabel('App key').fill('refused-key');
        await dialog.getByLabel('App secret').fill('refused-secret');
        await dialog.getByRole('button', { name: 'Save credentials' }).click();
        await dialog.getByRole('button', { name: 'Use this environment' }).click();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveValue(/.+/);
        // Every panel of the layout, brought forward in turn, leaves its loading state: the panels
        // with a call of their own show its error; those waiting for a symbol (chart, quote, ticket)
        // ask for one, since the watchlist that would give one shows why it cannot.
        for (const title of [
          'Watchlist',
          'Chart',
          'Quote',
          'Orders',
          'Positions',
          'Balances',
          'Options ticket',
          'Stock ticket',
        ]) {
          const tab = page.locator('.dv-tabs-container').getByRole('tab', { name: title, exact: true });
          await tab.click();
          const region = panelRegion(page, title);
          await expect(region.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, {
            timeout: 45_000,
          });
          if (['Watchlist', 'Orders', 'Positions', 'Balances'].includes(title))
            await expect(region.getByRole('alert').first()).toContainText('ECONNREFUSED');
        }
        // The top bar says so in words, beside the API link's dot.
        await expect(page.getByRole('banner').getByRole('status')).toHaveText('API unreachable');
      });
    }
  });
}

/** A loopback port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
