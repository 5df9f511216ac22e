import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Unit and integration suites run in plain Node. `electron` cannot be required outside the
// Electron binary, so code under electron/main and electron/preload sees the stand-in instead.
export default defineConfig({
  resolve: {
    alias: {
      electron: fileURLToPath(new URL('./electron/standin/electron-module.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'electron/**/*.test.ts',
      // The sandbox's own tests (docs/sandbox.md "The package").
      'sandbox/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'test/integration/**/*.test.ts',
      'test/faults/**/*.test.ts',
      // A compromised renderer driving main's real dispatcher (docs/security.md "Operation classes").
      'test/security/**/*.test.ts',
      // `npm run bench -- --smoke` end to end: every key produced (docs/benchmark.md); no figure judged.
      'test/bench/**/*.test.ts',
      'build/**/*.test.ts',
      // Renderer code on real browser libraries in Chromium (playwright-core), driven from Node.
      'test/browser/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Fails the run when a test leaves a temporary folder behind (test/temp-leak-check.ts).
    globalSetup: ['test/temp-leak-check.ts'],
  },
});
