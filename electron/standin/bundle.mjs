// Compiles the stand-in's TypeScript (run-main.ts and what it imports from the repository) into one
// CommonJS file with esbuild, kept in node_modules/.cache (a folder per checkout) and rebuilt when one
// of its inputs changed (docs/testing.md "Harness 1"). Loading that file costs no TypeScript hook:
// through tsx the stand-in took about 0.2 s more of the start, before Chromium could be launched.
// Packages stay external (playwright-core): they load from node_modules as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const ENTRY = join(here, 'run-main.ts');

/** An input's size and modification time, the bundle's record of it. */
function inputStamp(repoRoot, file) {
  const s = statSync(join(repoRoot, file));
  return [s.size, s.mtimeMs];
}

/** True when the manifest names inputs that all still have the size and time recorded. */
export function isCurrent(manifest, repoRoot = repo) {
  if (!manifest || !Array.isArray(manifest.inputs) || manifest.inputs.length === 0) return false;
  try {
    return manifest.inputs.every(([file, size, mtimeMs]) => {
      const [nowSize, nowMtimeMs] = inputStamp(repoRoot, file);
      return nowSize === size && nowMtimeMs === mtimeMs;
    });
  } catch {
    return false; // an input was removed or renamed
  }
}

/**
 * One folder per checkout: worktrees that share a node_modules each keep their own bundle.
 */
export function standinCacheDir() {
  const checkout = createHash('sha256').update(repo).digest('hex').slice(0, 12);
  return join(repo, 'node_modules', '.cache', `bullpen-standin-${checkout}`);
}

/**
 * The path of the compiled stand-in, built first when missing or stale. `cacheDir` is for tests.
 * Safe for two launches at once: each writes its own temporary file and renames it into place.
 */
export async function standinBundle(cacheDir = standinCacheDir()) {
  const out = join(cacheDir, 'standin.cjs');
  const manifestFile = join(cacheDir, 'inputs.json');
  try {
    if (isCurrent(JSON.parse(readFileSync(manifestFile, 'utf8')))) return out;
  } catch {
    // no manifest yet, or an unreadable one: build
  }
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: repo,
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  mkdirSync(cacheDir, { recursive: true });
  const tag = `${process.pid}-${Date.now()}`;
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild produced no stand-in bundle');
  writeFileSync(`${out}.${tag}`, code);
  renameSync(`${out}.${tag}`, out);
  // Paths relative to absWorkingDir, the repository.
  const inputs = Object.keys(result.metafile.inputs).map((file) => [file, ...inputStamp(repo, file)]);
  writeFileSync(`${manifestFile}.${tag}`, JSON.stringify({ inputs }));
  renameSync(`${manifestFile}.${tag}`, manifestFile);
  return out;
}
