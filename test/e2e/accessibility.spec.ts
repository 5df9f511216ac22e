import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PANELS } from '../../renderer/shell/panels/registry';
import { addPanel, panelRegion, showPanel } from './dock';
import { launchApp, type RunningApp } from './harness';

/**
 * axe-core on the real built app (docs/testing.md "Accessibility"): every panel of the registry
 * open in the dock (opened through the workspace menu's "Add panel"), then the command palette and
 * the shortcut help; no serious or critical violation, in the dark and the light theme.
 */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 40).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}

/**
 * Opens every registry panel that is not in the dock yet (workspace menu, "Add <title>"). A panel
 * added where a split would squeeze its neighbours becomes a tab (docs/ui.md "Layouts and where a
 * new panel goes"), and axe skips what is hidden, so each panel is brought to the front in turn
 * (its dock tab clicked) and checked on its own, once it has left its loading state.
 */
async function openEveryPanel(page: Page) {
  for (const p of PANELS) {
    // A panel on screen has its region; a panel's own inner tabs (Fundamentals has an "Alerts" tab)
    // must not pass for a dock tab.
    if ((await panelRegion(page, p.title).count()) > 0) continue;
    await addPanel(page, p.title);
  }
}

async function eachPanelViolations(page: Page) {
  const found: Record<string, unknown> = {};
  for (const p of PANELS) {
    const region = await showPanel(page, p.title);
    // The panel has finished loading its code and first data (its frame left the loading state).
    await expect(region.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    const violations = await seriousViolations(page, `section[aria-label^="${p.title}"]`);
    if (violations.length > 0) found[p.title] = violations;
  }
  return found;
}

for (const theme of ['dark', 'light'] as const) {
  test.describe.serial(`accessibility (${theme} theme)`, () => {
    let app: RunningApp;

    test.beforeAll(async () => {
      test.setTimeout(180_000); // the whole app starts on a loaded machine
      app = await launchApp({ env: theme === 'light' ? { BULLPEN_STANDIN_THEME: 'light' } : {} });
      // The dock is up (axe needs the panels, not their data: a panel in its error state is checked too).
      await expect(app.page.getByRole('region', { name: 'Watchlist' })).toBeVisible({ timeout: 120_000 });
      await app.page.setViewportSize({ width: 1600, height: 1000 });
    });

    test.afterAll(async () => {
      await app?.close();
    });

    test('every registry panel open: no serious or critical axe violations', async () => {
      const { page } = app;
      test.setTimeout(240_000); // axe over the whole dock takes tens of seconds on a loaded machine
      await openEveryPanel(page);
      expect(await eachPanelViolations(page)).toEqual({});
      // The shell around them: top bar, dock tabs and headers, whatever panels are in front.
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the command palette and the shortcut help: no serious or critical axe violations', async () => {
      test.setTimeout(240_000);
      const { page } = app;
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox').fill('a');
      await expect(palette.getByRole('option').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page
        .getByRole('region', { name: /^Chart\b/ })
        .first()
        .click();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
