import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../electron/standin/chromium-args';
import { cdpUrl } from '../../electron/standin/runtime';
import { testTempDir } from '../../electron/testing/temp-dir';
import { evaluateInPage } from './lib/raw-cdp';

/**
 * The startup benchmark's bare CDP observer (lib/raw-cdp.ts) against a real Chromium with a
 * DevTools port, as the stand-in opens one: it finds the page by its URL as the page navigates
 * there, answers from the page, and evaluates again when a navigation takes its context away.
 */
describe('evaluateInPage over a bare CDP connection', () => {
  let context: BrowserContext;
  let browserUrl: string;

  beforeAll(async () => {
    const profile = testTempDir('bullpen-raw-cdp-');
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
    });
    browserUrl = await cdpUrl(profile);
  });
  afterAll(async () => {
    await context?.close();
  });

  const flagged = (title: string, value: number) =>
    `data:text/html,<title>${title}</title><script>setTimeout(() => { window.flag = ${value}; }, 50)</script>`;
  const waitForFlag = `new Promise((resolve) => {
    const poll = () => (window.flag === undefined ? requestAnimationFrame(poll) : resolve(window.flag));
    poll();
  })`;

  it('waits for the page to reach the URL, then for the expression', async () => {
    const page = await context.newPage();
    const answer = evaluateInPage({
      browserUrl,
      pageUrl: /target-one/,
      expression: waitForFlag,
      timeoutMs: 20_000,
    });
    await page.goto('data:text/html,<title>elsewhere</title>');
    await page.goto(flagged('target-one', 7));
    expect(await answer).toBe(7);
    await page.close();
  });

  it('evaluates again in the new document when a navigation destroys the first context', async () => {
    const page = await context.newPage();
    // The first document matches but never sets the flag; the one it navigates to does.
    await page.goto('data:text/html,<title>target-two-first</title>');
    const answer = evaluateInPage({
      browserUrl,
      pageUrl: /target-two/,
      expression: waitForFlag,
      timeoutMs: 20_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    await page.goto(flagged('target-two-second', 11));
    expect(await answer).toBe(11);
    await page.close();
  });

  it('gives up with a clear error when the page never answers', async () => {
    await expect(
      evaluateInPage({ browserUrl, pageUrl: /no-such-page/, expression: '1', timeoutMs: 500 }),
    ).rejects.toThrow(/no answer from the page within 500 ms/);
  });
});
