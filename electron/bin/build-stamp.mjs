// Whether `out/` was built from exactly the sources on disk, so `npm start` can skip a rebuild
// whose output would be byte-identical (electron-vite takes over a second even when nothing changed).
// The stamp is a SHA-256 over every build input's path and content, written next to the output
// after a successful build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What the build reads: the three source folders plus the files that configure or pin it. */
export const BUILD_INPUT_DIRS = ['electron', 'renderer', 'sandbox', 'shared'];
export const BUILD_INPUT_FILES = [
  'electron.vite.config.mts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
/** What a build must have produced for a skip to be safe. */
export const BUILD_OUTPUTS = ['out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html'];
export const STAMP_FILE = 'out/.build-inputs.sha256';

function listFiles(root, dir, into) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const rel = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(root, rel, into);
    else if (entry.isFile()) into.push(rel);
  }
}

/** The digest of every build input under `root`, independent of the platform's path separator. */
export function buildInputsDigest(root) {
  const files = [];
  for (const dir of BUILD_INPUT_DIRS) listFiles(root, dir, files);
  for (const file of BUILD_INPUT_FILES) {
    const abs = join(root, file);
    if (existsSync(abs) && statSync(abs).isFile()) files.push(file);
  }
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, join(root, file)).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when every output exists and the stamp matches the inputs as they are now. */
export function isBuildCurrent(root) {
  if (!BUILD_OUTPUTS.every((f) => existsSync(join(root, f)))) return false;
  const stampPath = join(root, STAMP_FILE);
  if (!existsSync(stampPath)) return false;
  return readFileSync(stampPath, 'utf8').trim() === buildInputsDigest(root);
}

/** Records the inputs a successful build was made from. */
export function writeBuildStamp(root) {
  writeFileSync(join(root, STAMP_FILE), `${buildInputsDigest(root)}\n`);
}
