import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Suites that need the real Electron binary (what the stand-in cannot prove: real context
 * isolation, the real sandboxed preload, Electron's Chromium). They skip where the binary is absent.
 */
const root = process.cwd();
function electronPath(): string | undefined {
  try {
    const p = createRequire(join(root, 'package.json'))('electron') as unknown;
    return typeof p === 'string' && existsSync(p) ? p : undefined;
  } catch (error) {
    void error;
    return undefined;
  }
}
const binary = electronPath();

test.describe('real Electron binary', () => {
  test.skip(
    !binary,
    'Electron binary absent (node_modules/electron has no dist; offline install). These suites run where `node node_modules/electron/install.js` has fetched it.',
  );

  test('starts on the sandbox with real context isolation', async () => {
    const app = await electron.launch({
      executablePath: binary,
      args: [root],
      env: { ...process.env, BULLPEN_USER_DATA: join(root, 'test-results', 'electron-userdata') },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => Object.keys(window.bullpen ?? {}).sort())).toEqual([
        'invoke',
        'subscribe',
      ]);
      // Context isolation: the page cannot reach Node or the preload's require.
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
        'undefined',
      );
      // A sandboxed renderer has no process object at all.
      expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
        'undefined',
      );
    } finally {
      await app.close();
    }
  });
});
