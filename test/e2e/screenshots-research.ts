/**
 * Screenshots of the screeners and fundamentals panels through the stand-in (docs/ui.md
 * "Screenshots"): `npx electron-vite build && npx tsx test/e2e/screenshots-research.ts [outDir]`
 * writes screeners.png, fundamentals-stock.png and fundamentals-etf.png at 1440×900.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addPanel } from './dock';
import { launchApp } from './harness';

const outDir = process.argv[2] ?? 'docs/screenshots';
mkdirSync(outDir, { recursive: true });

async function main(): Promise<void> {
  const app = await launchApp();
  try {
    const { page } = app;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('[role="row"][data-symbol]').first().waitFor({ timeout: 30_000 });
    // Room for the research panels: the watchlist stays, the chart, quote and feeds close.
    for (const title of ['Chart', 'Movers', 'Activity', 'Quote'])
      await page.getByRole('button', { name: `Close ${title}` }).click();
    const screeners = await addPanel(page, 'Screeners');
    await screeners.getByRole('row').nth(3).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: join(outDir, 'screeners.png') });
    const fundamentals = await addPanel(page, 'Fundamentals');
    await screeners.getByRole('row').nth(1).click();
    await fundamentals.getByRole('tab', { name: 'Analysts' }).click();
    await fundamentals.getByRole('tabpanel').locator('h3').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: join(outDir, 'fundamentals-stock.png') });
    await screeners.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'ETFs' });
    await page.waitForTimeout(1_500);
    await screeners.getByRole('row').nth(1).click();
    await fundamentals.getByRole('tab', { name: 'Holdings' }).click();
    await fundamentals.getByRole('tabpanel').locator('table').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: join(outDir, 'fundamentals-etf.png') });
    for (const f of ['screeners.png', 'fundamentals-stock.png', 'fundamentals-etf.png'])
      process.stdout.write(`wrote ${join(outDir, f)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
