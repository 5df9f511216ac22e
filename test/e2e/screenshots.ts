/**
 * Screenshots of the built app through the stand-in (docs/testing.md, "Screenshots"):
 * `npx electron-vite build && npx tsx test/e2e/screenshots.ts [outDir]` writes workspace.png
 * (1440×900), workspace-small.png (1024×640), watchlist.png (the watchlist panel at 1440×900) and
 * palette.png (the command palette over the workspace, searching "am").
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
      .waitFor({ timeout: 120_000 });
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
    // The command palette (docs/ui.md, "Command palette and shortcuts"): symbols and commands.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('am');
    await palette.getByRole('option', { name: /^AMD\b/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const paletteShot = join(outDir, 'palette.png');
    await page.screenshot({ path: paletteShot });
    process.stdout.write(`wrote ${paletteShot}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
