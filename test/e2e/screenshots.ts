/**
 * Screenshots of the built app through the stand-in (docs/testing.md, "Screenshots"):
 * `npx electron-vite build && npx tsx test/e2e/screenshots.ts [outDir]` writes workspace.png
 * (1440×900), workspace-small.png (1024×640) and watchlist.png (the watchlist panel at 1440×900).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchApp } from './harness';

const outDir = process.argv[2] ?? 'docs/screenshots';
mkdirSync(outDir, { recursive: true });
async function main(): Promise<void> {
  const app = await launchApp();
  try {
    const { page } = app;
    await page
      .getByRole('region', { name: 'Watchlist' })
      .getByRole('row')
      .nth(3)
      .waitFor({ timeout: 30_000 });
    for (const [file, width, height] of [
      ['workspace.png', 1440, 900],
      ['workspace-small.png', 1024, 640],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(1_500);
      await page.screenshot({ path: join(outDir, file) });
      process.stdout.write(`wrote ${join(outDir, file)}\n`);
    }
    // The streaming watchlist on its own (docs/ui.md, "Watchlists").
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(2_000);
    const watchlist = join(outDir, 'watchlist.png');
    await page.getByRole('region', { name: 'Watchlist' }).screenshot({ path: watchlist });
    process.stdout.write(`wrote ${watchlist}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
