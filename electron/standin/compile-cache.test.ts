import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';

/**
 * The stand-in's code cache (compile-cache.mjs), in fresh Node processes (its hook is process-wide):
 * a module loads the same from source and from the cache, and an entry is never used for another
 * version of the file.
 */
describe('stand-in compile cache', () => {
  function project() {
    const root = testTempDir('bullpen-compile-cache-');
    mkdirSync(join(root, 'cached'));
    mkdirSync(join(root, 'plain'));
    writeFileSync(
      join(root, 'cached', 'a.js'),
      `#!/usr/bin/env node
const dep = require('./dep.js');
module.exports = {
  value: dep.value,
  resolved: require.resolve('./dep.js'),
  filename: __filename,
  dirname: __dirname,
  cacheShared: require.cache === require('node:module')._cache,
  later: () => import('./later.mjs').then((m) => m.later, (e) => e.code),
};
`,
    );
    writeFileSync(join(root, 'cached', 'dep.js'), 'module.exports = { value: 1 };\n');
    writeFileSync(join(root, 'cached', 'later.mjs'), 'export const later = "imported";\n');
    writeFileSync(join(root, 'plain', 'b.js'), 'module.exports = { value: "plain" };\n');
    const cacheDir = join(root, 'cache');
    writeFileSync(
      join(root, 'probe.mjs'),
      `import { createRequire } from 'node:module';
import { installCompileCache } from ${JSON.stringify(pathToFileURL(join(__dirname, 'compile-cache.mjs')).href)};
const stats = installCompileCache({ dir: process.env.CACHE_DIR, include: (file) => file.includes('cached') });
const require = createRequire(import.meta.url);
const a = require('./cached/a.js');
const b = require('./plain/b.js');
const later = await a.later();
process.stdout.write(JSON.stringify({ stats, a: { ...a, later }, b: b.value }));
`,
    );
    const run = (dir = cacheDir) => {
      const r = spawnSync(process.execPath, [join(root, 'probe.mjs')], {
        env: { ...process.env, CACHE_DIR: dir },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        stats: { hits: number; written: number; rejected: number; stale: number };
        a: Record<string, unknown>;
        b: string;
      };
    };
    return { root, cacheDir, run };
  }

  it('loads a matched module the same from source and from the cache, and leaves others alone', () => {
    const { root, cacheDir, run } = project();
    const first = run();
    expect(first.stats).toEqual({ hits: 0, written: 2, rejected: 0, stale: 0 });
    expect(readdirSync(cacheDir)).toHaveLength(2); // a.js and dep.js, not plain/b.js
    const expected = {
      value: 1,
      resolved: join(root, 'cached', 'dep.js'),
      filename: join(root, 'cached', 'a.js'),
      dirname: join(root, 'cached'),
      cacheShared: true,
      // The same on every start, from source or from the cache (compile-cache.mjs says why).
      later: 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING',
    };
    expect(first.a).toEqual(expected);
    expect(first.b).toBe('plain');

    const second = run();
    expect(second.stats).toEqual({ hits: 2, written: 0, rejected: 0, stale: 0 });
    expect(second.a).toEqual(expected);
    expect(second.b).toBe('plain');
  });

  it('never runs the cached code of an edited file, even one of the same length', () => {
    const { root, run } = project();
    run();
    // Same length: V8's own check of the data against the source would accept it.
    writeFileSync(join(root, 'cached', 'dep.js'), 'module.exports = { value: 2 };\n');
    const edited = run();
    expect(edited.a.value).toBe(2);
    expect(edited.stats).toEqual({ hits: 1, written: 1, rejected: 0, stale: 1 });
    expect(run().stats).toEqual({ hits: 2, written: 0, rejected: 0, stale: 0 });
  });

  it('compiles from source when an entry is damaged or the cache cannot be written', () => {
    const { root, cacheDir, run } = project();
    run();
    for (const entry of readdirSync(cacheDir)) writeFileSync(join(cacheDir, entry), 'not a code cache');
    const damaged = run();
    expect(damaged.a.value).toBe(1);
    expect(damaged.stats.hits).toBe(0);
    expect(damaged.stats.written).toBe(2);

    const notADir = join(root, 'plain', 'b.js');
    const unwritable = run(notADir);
    expect(unwritable.a.value).toBe(1);
    expect(unwritable.stats).toEqual({ hits: 0, written: 0, rejected: 0, stale: 0 });
  });
});
