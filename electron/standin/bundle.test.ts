import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { isCurrent, standinBundle, type BundleManifest } from './bundle.mjs';

/** The stand-in compiled once into one CommonJS file, rebuilt when an input changes (docs/testing.md). */
describe('stand-in bundle', () => {
  it('compiles run-main.ts and the stand-in modules it imports, and reuses the file while they are unchanged', async () => {
    const cache = testTempDir('bullpen-standin-bundle-');
    const file = await standinBundle(cache);
    expect(file).toBe(join(cache, 'standin.cjs'));
    const code = readFileSync(file, 'utf8');
    // Packages stay external; the stand-in's own modules are inside.
    expect(code).toContain('require("playwright-core")');
    expect(code).not.toContain('require("./electron-module")');
    const manifest = JSON.parse(readFileSync(join(cache, 'inputs.json'), 'utf8')) as BundleManifest;
    const inputs = manifest.inputs.map(([path]) => path);
    expect(inputs).toEqual(
      expect.arrayContaining(['electron/standin/run-main.ts', 'electron/standin/electron-module.ts']),
    );
    expect(isCurrent(manifest)).toBe(true);

    const built = statSync(file).mtimeMs;
    expect(await standinBundle(cache)).toBe(file);
    expect(statSync(file).mtimeMs).toBe(built);
  }, 60_000);

  it('is stale when an input changed, was removed, or nothing is recorded', async () => {
    const cache = testTempDir('bullpen-standin-bundle-');
    await standinBundle(cache);
    const manifest = JSON.parse(readFileSync(join(cache, 'inputs.json'), 'utf8')) as BundleManifest;
    const [first, ...rest] = manifest.inputs;
    if (!first) throw new Error('no inputs recorded');
    expect(isCurrent({ inputs: [[first[0], first[1], first[2] - 1], ...rest] })).toBe(false);
    expect(isCurrent({ inputs: [[first[0], first[1] + 1, first[2]], ...rest] })).toBe(false);
    expect(isCurrent({ inputs: [['electron/standin/gone.ts', 1, 1], ...manifest.inputs] })).toBe(false);
    expect(isCurrent({ inputs: [] })).toBe(false);
    expect(isCurrent(undefined)).toBe(false);
  }, 60_000);
});
