import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchApp, type RunningApp } from './harness';

/**
 * The two-factor access token (docs/openapi-client.md) through the whole shell: the sandbox demands a token, the
 * renderer shows "approve this login in your broker app" with a countdown, calls go through once it
 * is approved, and the token itself never reaches the renderer or the logs.
 */
test.describe.serial('access-token approval', () => {
  let app: RunningApp;
  test.beforeAll(async () => {
    app = await launchApp({ env: { BULLPEN_SANDBOX_TOKEN_CHECK: '1' } });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test('shows the approval step, then works, and never exposes the token', async () => {
    const { page } = app;
    // The approval step is the top bar's status (panels and the dock have live regions of their own).
    const approval = page.getByRole('banner').getByRole('status');
    await expect(approval).toContainText('Approve this login in your broker app');
    await expect(approval).toContainText(/\d:\d\d/);
    await expect(page.locator('[role="row"][data-symbol]').first()).toBeVisible({ timeout: 30_000 });
    await expect(approval).toHaveCount(0);
    const status = await page.evaluate(() => window.bullpen?.invoke('token.status', {}));
    // The sandbox's generated key pair and its token live in memory only (docs/shell.md "Credential vault").
    expect(status).toMatchObject({ ok: true, value: { state: 'normal', persisted: false } });

    // The sandbox's server-side token store tells us the token value to look for.
    const issued = JSON.parse(readFileSync(join(app.userDataDir, 'sandbox', 'tokens.json'), 'utf8')) as {
      tokens: Array<{ token: string }>;
    };
    const tokens = issued.tokens.map((t) => t.token);
    expect(tokens.length).toBeGreaterThan(0);
    const outbound = app.records().filter((r) => r.type === 'reply' || r.type === 'send');
    expect(outbound.some((r) => r.type === 'send' && JSON.stringify(r).includes('"state":"pending"'))).toBe(
      true,
    );
    const logs = readdirSync(join(app.userDataDir, 'logs'))
      .map((f) => readFileSync(join(app.userDataDir, 'logs', f), 'utf8'))
      .join('\n');
    // The sandbox's generated credentials never touch the vault, so there may be no vault file at all.
    const vaultPath = join(app.userDataDir, 'credentials.json');
    const vaultFile = existsSync(vaultPath) ? readFileSync(vaultPath, 'utf8') : '';
    for (const token of tokens) {
      for (const r of outbound) expect(JSON.stringify(r)).not.toContain(token);
      expect(logs).not.toContain(token);
      expect(vaultFile).not.toContain(token);
    }
  });
});
