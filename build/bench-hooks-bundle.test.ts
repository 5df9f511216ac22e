import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_MODE } from '../electron.vite.config.mts';

/**
 * `npm run bench`'s hooks in main (electron/services/bench-hooks.ts) are compiled out of a
 * packaged build: the `dist` script builds with `--mode package`, where `__BULLPEN_BENCH_HOOKS__` is
 * false and every use of the hooks sits behind it (electron/main/main-body.ts).
 */
const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
/** Code only the hooks have: the probe's signal, its event-loop monitor and the names main wires. */
const HOOK_CODE = [
  'SIGUSR2',
  'monitorEventLoopDelay',
  'startBenchProbe',
  'parseExternalSandbox',
  'withExternalSandbox',
  'countDelivery',
  'noteDecoded',
];

const mainCode = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

describe('bench hooks in the build', () => {
  const out = mkdtempSync(join(tmpdir(), 'bullpen-package-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('a packaged build has none of their code', () => {
    const built = spawnSync(
      'npx',
      ['electron-vite', 'build', '--mode', PACKAGE_MODE, '--outDir', out, '--logLevel', 'error'],
      { cwd: ROOT, encoding: 'utf8', timeout: 240_000 },
    );
    expect(built.status, built.stderr).toBe(0);
    const code = mainCode(join(out, 'main'));
    expect(code).toContain('createAppEngine');
    for (const marker of HOOK_CODE) expect(code, marker).not.toContain(marker);
  }, 300_000);

  // npm test builds the app before Vitest runs (test/run-all.mjs): the check above finds the hooks
  // where they are meant to be.
  it.runIf(existsSync(join(ROOT, 'out/main/main-body.js')))('the tests’ build has them', () => {
    const code = mainCode(join(ROOT, 'out/main'));
    for (const marker of HOOK_CODE) expect(code, marker).toContain(marker);
  });
});
