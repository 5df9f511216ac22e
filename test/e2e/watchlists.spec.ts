import { expect, test, type Page } from '@playwright/test';
import { launchApp, type RunningApp } from './harness';

/**
 * Watchlists end to end on the embedded sandbox: create a list, add three symbols through the
 * search box, reorder by keyboard (dnd-kit's keyboard sensor) and by a mouse drag, then restart on
 * the same user-data folder and find the list as it was left.
 */
const panel = (page: Page) => page.getByRole('region', { name: 'Watchlist' });
const order = (page: Page) =>
  panel(page)
    .locator('[role="row"][data-symbol]')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({ s: r.getAttribute('data-symbol'), top: r.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map((r) => r.s),
    );

/** The grid's column headers, left to right. */
const headers = (page: Page) =>
  panel(page)
    .getByRole('columnheader')
    .evaluateAll((hs) =>
      hs
        .map((h) => ({
          t: (h.textContent ?? '').replace(/[▲▼]/g, '').trim(),
          x: h.getBoundingClientRect().left,
        }))
        .sort((a, b) => a.x - b.x)
        .map((h) => h.t),
    );

test.describe.serial('watchlists', () => {
  let app: RunningApp;
  let userDataDir: string;
  test.afterAll(async () => {
    await app?.close();
  });

  test('create a list and add three symbols through search', async () => {
    app = await launchApp();
    userDataDir = app.userDataDir;
    const { page } = app;
    await expect(panel(page).locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
    await panel(page).getByRole('button', { name: 'New list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New watchlist' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E picks');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(panel(page).getByText(/This watchlist is empty/)).toBeVisible({ timeout: 15_000 });
    const search = panel(page).getByRole('combobox', { name: 'Add symbol' });
    for (const symbol of ['AAPL', 'MSFT', 'SPY']) {
      await search.fill(symbol);
      await expect(
        panel(page).getByRole('listbox', { name: 'Search results' }).getByRole('option').first(),
      ).toContainText(symbol, { timeout: 15_000 });
      await search.press('Enter');
      await expect(panel(page).locator(`[role="row"][data-symbol="${symbol}"]`)).toBeVisible();
    }
    await expect.poll(() => order(page)).toEqual(['AAPL', 'MSFT', 'SPY']);
  });

  test('reorder by keyboard and by mouse drag', async () => {
    const { page } = app;
    await panel(page).getByRole('button', { name: 'Move AAPL', exact: true }).focus();
    // Paced like a person: dnd-kit attaches its key listeners and updates the drop target
    // between key presses.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => order(page)).toEqual(['MSFT', 'AAPL', 'SPY']);

    const handle = panel(page).getByRole('button', { name: 'Move SPY', exact: true });
    const target = panel(page).locator('[role="row"][data-symbol="MSFT"]');
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('rows not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + 2 - from.y) * i) / 10);
    await page.mouse.up();
    await expect.poll(() => order(page)).toEqual(['SPY', 'MSFT', 'AAPL']);
  });

  test('a column header dragged onto another moves its column; the symbol stays first', async () => {
    const { page } = app;
    const before = await headers(page);
    expect(before.slice(0, 3)).toEqual(['Move', 'Symbol', expect.any(String)]);
    const moved = panel(page).getByRole('button', { name: 'Ask', exact: true });
    await moved.scrollIntoViewIfNeeded();
    const from = await moved.boundingBox();
    const to = await panel(page).getByRole('button', { name: 'Last', exact: true }).boundingBox();
    if (!from || !to) throw new Error('headers not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(from.x + from.width / 2 + ((to.x - from.x) * i) / 10, from.y + from.height / 2);
    await page.mouse.up();
    await expect.poll(async () => (await headers(page)).indexOf('Ask')).toBe(before.indexOf('Last'));
    expect((await headers(page)).slice(0, 2)).toEqual(['Move', 'Symbol']);
    // A drag is not a click: the grid is not sorted by the column.
    await expect(panel(page).getByRole('columnheader', { name: /^Ask/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
  });

  test('after a restart on the same user data the list is as it was left', async () => {
    // Let the reorder reach the sandbox and the workspace file (debounced) before closing.
    await expect(panel(app.page).getByRole('alert')).toHaveCount(0);
    await app.page.waitForTimeout(1_500);
    expect(await app.close()).toBe(0);
    app = await launchApp({ userDataDir });
    const { page } = app;
    const select = panel(page).getByRole('combobox', { name: 'Choose watchlist' });
    await expect(select.getByRole('option', { name: 'E2E picks' })).toBeAttached({ timeout: 30_000 });
    await select.selectOption({ label: 'E2E picks' });
    await expect.poll(() => order(page), { timeout: 15_000 }).toEqual(['SPY', 'MSFT', 'AAPL']);
    // The column moved before the restart is where it was left, like a width.
    const shown = await headers(page);
    expect(shown.indexOf('Ask')).toBeLessThan(shown.indexOf('Last'));
  });
});
