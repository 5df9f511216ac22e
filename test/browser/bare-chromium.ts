import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../electron/standin/chromium-args';

/**
 * Chromium started by Playwright with the stand-in's switches (electron/standin/chromium-args.ts),
 * headless, outside the app: the browser tests' pages (test/browser) and the benchmark's bare
 * baselines (test/bench), each against the same browser the stand-in runs. `CHROMIUM_PATH` picks
 * the binary, as it does for the stand-in (test/ensure-chromium.mjs).
 */
export function launchBareChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
