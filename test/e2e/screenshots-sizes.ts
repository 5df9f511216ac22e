/**
 * Screenshots of every layout at the three window sizes the geometry suite checks
 * (docs/testing.md "A trader's walkthrough"): `npx electron-vite build && npx tsx
 * test/e2e/screenshots-sizes.ts [outDir]` writes `<layout>-<w>x<h>.png` and `menu-<w>x<h>.png`
 * (the workspace menu open) with an open order in the blotter, to look at what a trader sees.
 * Pinned inside a regular session, as every browser suite is; `--replay` leaves the sandbox's clock
 * unpinned, so outside market hours it replays a session (the walkthrough's second mode).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchApp } from './harness';
import { WINDOW_SIZES } from './geometry';
import { placeRestingOrder } from './trading';

const args = process.argv.slice(2);
const replay = args.includes('--replay');
const outDir = args.find((a) => !a.startsWith('--')) ?? 'test-results/sizes';
mkdirSync(outDir, { recursive: true });

async function main(): Promise<void> {
  const app = await launchApp(replay ? { env: { BULLPEN_SANDBOX_CLOCK: '' } } : {});
  try {
    const { page } = app;
    await page
      .getByRole('region', { name: 'Watchlist' })
      .getByRole('row')
      .nth(3)
      .waitFor({ timeout: 120_000 });
    await placeRestingOrder(page);
    for (const { width, height } of WINDOW_SIZES) {
      await page.setViewportSize({ width, height });
      for (const layout of ['Markets', 'Trading'] as const) {
        await page.getByRole('button', { name: /^Workspace: / }).click();
        await page.getByRole('button', { name: `Use the ${layout} layout` }).click();
        await page.waitForTimeout(2_000);
        await page.screenshot({ path: join(outDir, `${layout.toLowerCase()}-${width}x${height}.png`) });
      }
      await page.getByRole('button', { name: /^Workspace: / }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `menu-${width}x${height}.png`) });
      await page.keyboard.press('Escape');
    }
    process.stdout.write(`wrote ${outDir}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
