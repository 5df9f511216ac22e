#!/usr/bin/env node
// `npm test`: the whole suite on a fresh machine. Provisions Chromium, builds the app (the
// packaging test checks what would be packed from out/), runs Vitest (unit + integration), the
// Playwright suites through the Electron stand-in and the Electronegativity scan (one check), and
// ends with one plain line `N passed, N failed, N skipped` counted from the runners' reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const results = 'test-results';
mkdirSync(results, { recursive: true });
const vitestJson = `${results}/vitest.json`;
const playwrightJson = `${results}/playwright.json`;
for (const f of [vitestJson, playwrightJson]) rmSync(f, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/**
 * A failed browser test leaves error-context.md (the page's accessibility snapshot at the failure)
 * beside its traces; CI keeps only the log, so the snapshot is printed where the failure is read.
 */
function printErrorContexts(dir) {
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir, { recursive: true }).filter((p) =>
    String(p).endsWith('error-context.md'),
  )) {
    const text = readFileSync(join(dir, String(f)), 'utf8');
    console.error(
      `\n--- ${join(dir, String(f))} ---\n${text.length > 6000 ? `${text.slice(0, 6000)}\n…` : text}`,
    );
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
let stageFailures = 0;

const chromiumOk = run('node', ['test/ensure-chromium.mjs']) === 0;
const built = run('npx', ['electron-vite', 'build']) === 0;
if (!built) console.error('Build failed: browser suites and the security scan not run.');

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
  } else if (!built) {
    stageFailures += 1;
  } else {
    run('npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    });
    if (existsSync(playwrightJson)) {
      const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += s.unexpected ?? 0;
      if ((s.unexpected ?? 0) > 0) printErrorContexts(`${results}/playwright`);
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

// Electronegativity over out/: one check, failed when unjustified findings or no scanner.
if (built && run('node', ['test/security/electronegativity.mjs']) === 0) passed += 1;
else failed += 1;

failed += stageFailures;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
