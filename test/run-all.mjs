#!/usr/bin/env node
// `npm test`: the whole suite on a fresh machine. Provisions Chromium, runs Vitest (unit +
// integration), builds the app, runs the Playwright suites through the Electron stand-in, and
// ends with one plain line `N passed, N failed, N skipped` counted from both runners' reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
const vitestJson = `${results}/vitest.json`;
const playwrightJson = `${results}/playwright.json`;
for (const f of [vitestJson, playwrightJson]) rmSync(f, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;
let stageFailures = 0;

const chromiumOk = run('node', ['test/ensure-chromium.mjs']) === 0;

run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that fails to load counts no tests but is a failure all the same.
  failed += (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
} else {
  console.error('vitest wrote no report');
  stageFailures += 1;
}

const hasE2e = existsSync('playwright.config.ts');
if (hasE2e) {
  if (!chromiumOk) {
    console.error('Browser suites not run: no Chromium (see above).');
    stageFailures += 1;
  } else if (run('npx', ['electron-vite', 'build']) !== 0) {
    console.error('Build failed: browser suites not run.');
    stageFailures += 1;
  } else {
    run('npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
    if (existsSync(playwrightJson)) {
      const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += s.unexpected ?? 0;
      skipped += s.skipped ?? 0;
      if (
        (s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0) + (s.skipped ?? 0) === 0 &&
        (JSON.parse(readFileSync(playwrightJson, 'utf8')).errors ?? []).length > 0
      )
        stageFailures += 1;
    } else {
      console.error('playwright wrote no report');
      stageFailures += 1;
    }
  }
}

failed += stageFailures;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
