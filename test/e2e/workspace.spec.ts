import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchApp, type RunningApp } from './harness';

/**
 * The docking workspace survives a restart: a panel closed, another moved to another link group
 * and a named workspace are found as they were left when the app starts again on the same
 * user-data folder (main's workspace.json, not browser storage).
 */
test.describe.serial('docking workspace', () => {
  let app: RunningApp;
  let userDataDir: string;

  test.afterAll(async () => {
    await app?.close();
  });

  const savedFile = () => {
    try {
      return readFileSync(join(userDataDir, 'workspace.json'), 'utf8');
    } catch {
      return '';
    }
  };

  test('rearranged, the layout is saved to the user-data folder', async () => {
    app = await launchApp();
    userDataDir = app.userDataDir;
    const { page } = app;
    await expect(page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Movers' })).toBeVisible();
    await page.getByRole('button', { name: 'Close Movers' }).click();
    await expect(page.getByRole('region', { name: 'Movers' })).toHaveCount(0);
    await page
      .getByRole('region', { name: 'Quote' })
      .getByRole('combobox', { name: 'Link group' })
      .selectOption('blue');
    await expect
      .poll(
        () => {
          const file = savedFile();
          return file.includes('"blue"') && !file.includes('"movers"');
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  test('after a restart on the same user data the layout is as it was left', async () => {
    expect(await app.close()).toBe(0);
    app = await launchApp({ userDataDir });
    const { page } = app;
    await expect(page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Chart' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Movers' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Quote' }).getByRole('combobox', { name: 'Link group' }),
    ).toHaveValue('blue');
  });

  test('a closed panel opens again from the workspace menu', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Workspace: Default' }).click();
    await page.getByRole('button', { name: 'Add Movers' }).click();
    await expect(page.getByRole('region', { name: 'Movers' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Movers' }).getByRole('row').first()).toBeVisible({
      timeout: 20_000,
    });
  });

  test('named workspaces: save as, switch back, reset', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Workspace: Default' }).click();
    await page.getByRole('textbox', { name: 'Workspace name' }).fill('Focus');
    await page.getByRole('button', { name: 'Save as' }).click();
    await expect(page.getByRole('button', { name: 'Workspace: Focus' })).toBeVisible();
    await page.getByRole('button', { name: 'Close Activity' }).click();
    await expect(page.getByRole('region', { name: 'Activity' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Workspace: Focus' }).click();
    await page.getByRole('button', { name: 'Default', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Workspace: Default' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Activity' })).toBeVisible();

    await page.getByRole('button', { name: 'Workspace: Default' }).click();
    await page.getByRole('button', { name: 'Reset to default layout' }).click();
    await expect(
      page.getByRole('region', { name: 'Quote' }).getByRole('combobox', { name: 'Link group' }),
    ).toHaveValue('red');
  });
});
