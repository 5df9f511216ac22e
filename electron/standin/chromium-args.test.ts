import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_UI_FEATURES, CHROMIUM_ARGS } from './chromium-args';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DISABLE = '--disable-features=';
const isOmnibox = (url: string) => url.startsWith('chrome://omnibox-popup');

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function launch(args: string[]) {
  browser = await chromium.launch({ executablePath, headless: true, args });
  const session = await browser.newBrowserCDPSession();
  const page = await browser.newPage();
  await page.goto('data:text/html,<title>page</title>');
  return session;
}

/** Polls the browser's targets until `stop` says so or `ms` pass; the targets' URLs seen. */
async function targetsSeen(
  session: Awaited<ReturnType<typeof launch>>,
  ms: number,
  stop: (urls: string[]) => boolean,
): Promise<{ urls: string[]; after: number }> {
  const t0 = performance.now();
  const urls = new Set<string>();
  while (performance.now() - t0 < ms) {
    const { targetInfos } = await session.send('Target.getTargets');
    for (const t of targetInfos) urls.add(t.url);
    if (stop([...urls])) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { urls: [...urls], after: performance.now() - t0 };
}

describe("the stand-in's Chromium switches", () => {
  it("repeat Playwright's own disabled features in the one --disable-features Chromium reads", async () => {
    // Chromium answers getBrowserCommandLine only under --enable-automation.
    const session = await launch([...CHROMIUM_ARGS, '--enable-automation']);
    const { arguments: argv } = await session.send('Browser.getBrowserCommandLine');
    const lists = argv.filter((a) => a.startsWith(DISABLE)).map((a) => a.slice(DISABLE.length).split(','));
    // Playwright's list comes first, ours last; Chromium reads the last.
    expect(lists.length).toBe(2);
    const [playwrights, effective] = lists as [string[], string[]];
    expect(effective).toEqual(expect.arrayContaining([...playwrights, ...BROWSER_UI_FEATURES]));
  });

  it("keep Chromium from preloading its address bar's popup, which a bare Playwright launch does", async () => {
    // Without the features switched off, Chromium builds the popup's WebUI page at launch.
    const bare = CHROMIUM_ARGS.filter((a) => !a.startsWith(DISABLE));
    const control = await targetsSeen(await launch(bare), 20_000, (urls) => urls.some(isOmnibox));
    expect(control.urls.some(isOmnibox)).toBe(true);
    await browser?.close();

    const session = await launch(CHROMIUM_ARGS);
    const seen = await targetsSeen(session, Math.max(3_000, 2 * control.after), () => false);
    expect(seen.urls.filter(isOmnibox)).toEqual([]);
    expect(seen.urls).toContain('data:text/html,<title>page</title>');
  }, 60_000);
});
