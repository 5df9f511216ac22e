import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_IN_MAIN } from '../electron.vite.config.mts';

/**
 * Main's bundles carry the packages main and the sandbox's worker load as they start
 * (docs/architecture.md "Startup order"): the built output must not require them from
 * node_modules, and each must be plain JavaScript a bundler can inline (no native addon).
 */
const require = createRequire(import.meta.url);
const OUT = join(dirname(new URL(import.meta.url).pathname), '../out/main');

/** Files of a package's folder, recursively, without its own node_modules. */
function packageFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !join(e.parentPath, e.name).includes('/node_modules/'))
    .map((e) => join(e.parentPath, e.name));
}

describe("main's bundled packages", () => {
  it.each(BUNDLED_IN_MAIN)('%s is plain JavaScript: no native addon, no build step', (name) => {
    const dir = dirname(require.resolve(`${name}/package.json`));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.gypfile).toBeUndefined();
    expect(packageFiles(dir).filter((f) => f.endsWith('.node') || f.endsWith('binding.gyp'))).toEqual([]);
  });

  // npm test builds the app before Vitest runs (test/run-all.mjs), as the packaging test relies on.
  it.runIf(existsSync(join(OUT, 'index.js')))('the built main and worker require none of them', () => {
    const code = readdirSync(OUT)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(OUT, f), 'utf8'))
      .join('\n');
    expect(code).toContain('require("@grpc/grpc-js")');
    for (const name of BUNDLED_IN_MAIN) expect(code).not.toContain(`require("${name}`);
  });

  // The sandbox is a program of its own (docs/sandbox.md "The package"): main reaches it through
  // sandbox/index.ts, which loads the server only when started in-process, so the server, its broker
  // and its reference data are built into the worker's files alone.
  it.runIf(existsSync(join(OUT, 'index.js')))("main's files carry none of the sandbox's server", () => {
    const read = (files: string[]) => files.map((f) => readFileSync(join(OUT, f), 'utf8')).join('\n');
    const worker = ['sandbox-worker.js', 'sandbox-worker-body.js'];
    const js = readdirSync(OUT).filter((f) => f.endsWith('.js'));
    expect(read(worker)).toContain('sandbox/data/etfs.json');
    const main = read(js.filter((f) => !worker.includes(f)));
    expect(main).not.toContain('sandbox/data/');
    expect(main).not.toContain('require("aedes")');
  });

  // The reply reader's thread (electron/openapi/reply-reader.ts) loads zod and the catalogue's
  // schemas from the chunk main's body loads, not from a copy of its own.
  it.runIf(existsSync(join(OUT, 'index.js')))(
    'the reply reader thread shares the chunk that holds zod',
    () => {
      const chunks = (file: string, seen = new Set<string>()): Set<string> => {
        for (const [, dep] of readFileSync(join(OUT, file), 'utf8').matchAll(/require\("\.\/([^"]+\.js)"\)/g))
          // Only the build's own files: a bundled package may keep a relative require of its own.
          if (dep && !seen.has(dep) && existsSync(join(OUT, dep))) chunks(dep, seen.add(dep));
        return seen;
      };
      const holdsZod = (file: string) => readFileSync(join(OUT, file), 'utf8').includes('"$ZodError"');
      expect(holdsZod('reply-reader-worker.js')).toBe(false);
      const zodChunks = [...chunks('reply-reader-worker.js')].filter(holdsZod);
      expect(zodChunks).toHaveLength(1);
      expect([...chunks('main-body.js')]).toContain(zodChunks[0]);
    },
  );
});
