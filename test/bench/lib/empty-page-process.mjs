// The startup figure's baseline (docs/benchmark.md "startup"): an empty page, started the way the
// stand-in starts the app's window. The app's time runs from the spawn of a Node process that loads
// Playwright (from the stand-in's V8 code cache) and launches Chromium with a fresh persistent
// profile; so does this one, and then it opens an empty page instead of running main. What is left
// between the two is Bullpen's own start. Plain JavaScript, not TypeScript: a TypeScript loader would
// add its own start to the baseline's.
//
// Input: EMPTY_PAGE_LAUNCH = JSON {cacheDir, chromiumPath, args, profileDir, url, firstFrame: the
// expression the page answers with its first frame's time}. Output: one line on stdout, JSON
// {shownAt}, the epoch time (ms) of the empty page's first frame as the page's own clock saw it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { installCompileCache } from '../../../electron/standin/compile-cache.mjs';

const launch = JSON.parse(process.env.EMPTY_PAGE_LAUNCH ?? '{}');
installCompileCache({
  dir: join(launch.cacheDir, 'v8'),
  include: (file) => /[\\/]node_modules[\\/]playwright-core[\\/]/.test(file),
});
const { chromium } = createRequire(import.meta.url)('playwright-core');

// As electron/standin/runtime.ts launches it for the benchmark: headless, the stand-in's switches,
// a fresh persistent profile, the window's size.
const context = await chromium.launchPersistentContext(launch.profileDir, {
  executablePath: launch.chromiumPath,
  headless: true,
  args: launch.args,
  viewport: { width: 1440, height: 900 },
  colorScheme: 'dark',
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(launch.url);
  const shownAt = await page.evaluate(launch.firstFrame);
  process.stdout.write(`${JSON.stringify({ shownAt })}\n`);
} finally {
  await context.close();
}
