import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The dock as a user drives it (docs/ui.md "Layouts and where a new panel goes"): a panel's frame
 * is a region named by its title (a panel's own inner tabs, such as Fundamentals' "Alerts", are
 * not dock panels), added from the workspace menu, brought forward by its dock tab.
 */
export const panelRegion = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: new RegExp(`^${title}\\b`) }).first();

/** "Add <title>" from the workspace menu; the new panel is in front. */
export async function addPanel(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await page.getByRole('button', { name: `Add ${title}`, exact: true }).click();
  const region = panelRegion(page, title);
  await expect(region).toBeVisible();
  return region;
}

/** A panel that shares its group with others, brought to the front by its dock tab. */
export async function showPanel(page: Page, title: string): Promise<Locator> {
  const region = panelRegion(page, title);
  if (!(await region.isVisible()))
    await page.locator('.dv-tabs-container').getByRole('tab', { name: title, exact: true }).first().click();
  await expect(region).toBeVisible();
  return region;
}

/** "Use the <name> layout" from the workspace menu. */
export async function useLayout(page: Page, name: 'Markets' | 'Trading'): Promise<void> {
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await page.getByRole('button', { name: `Use the ${name} layout` }).click();
}
