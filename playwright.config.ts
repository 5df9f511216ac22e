import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './electron/standin/chromium-args';

/**
 * Browser suites (docs/testing.md). test/e2e/app.spec.ts runs the real built app through the
 * Electron stand-in (Debian Chromium via playwright-core); electron-binary.spec.ts needs the real
 * Electron binary and skips without it. One worker: each suite starts a whole app with its sandbox.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results/playwright',
  // Every temporary folder of the run lives under one root, removed at the end (test/e2e/temp-root.ts).
  globalSetup: './test/e2e/temp-root.ts',
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // The stand-in's switches (electron/standin/chromium-args.ts), for the suites' own pages too.
      args: CHROMIUM_ARGS,
    },
  },
});
