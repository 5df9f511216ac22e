// A V8 code cache for the stand-in's own JavaScript: playwright-core and the compiled stand-in
// (docs/testing.md "Harness 1"). Electron has neither, yet the stand-in loads both before it can
// launch Chromium; compiling playwright-core alone took about 0.13 s of its 0.35 s load on the
// build machine. Each file's compiled code is kept beside the stand-in's bundle and handed back to
// V8 on the next start. The app's own code (the built main, the sandbox's worker) is not matched:
// it loads as it would in Electron.
//
// An entry is used only for the same source (its hash), and V8 rejects data from another V8 version
// or other flags (`cachedDataRejected`); a stale, rejected, missing or unreadable entry only means a
// normal compile, after which the entry is written again. A cache that cannot be written is skipped.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/**
 * Routes CommonJS files for which `include(path)` holds through the cache in `dir`, from now on, for
 * this process. Returns counts a test can read: `hits` (compiled from the cache), `written`
 * (compiled, then cached), `rejected` (cached data V8 refused), `stale` (an entry for another
 * version of the file).
 */
export function installCompileCache({ dir, include }) {
  const stats = { hits: 0, written: 0, rejected: 0, stale: 0 };
  const original = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (!include(filename)) return original.call(this, content, filename);
    const entry = join(dir, `${hash(filename).slice(0, 24)}.bin`);
    // V8's own check of cached data against its source compares only the source's length: an
    // edit that keeps the length would run the old code. Each entry starts with its source's hash.
    const sourceHash = Buffer.from(hash(content), 'hex');
    let cachedData;
    try {
      const stored = readFileSync(entry);
      if (stored.subarray(0, HASH_BYTES).equals(sourceHash)) cachedData = stored.subarray(HASH_BYTES);
      else stats.stale++;
    } catch {
      // not cached yet
    }
    // No `importModuleDynamically`: Node 20 loses it on a script made from cached data, so a matched
    // file's `import()` would work on one start and throw on the next. Without it, it throws on
    // every start (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING). playwright-core's three are on paths
    // the stand-in does not take: a Vite dev server, Kerberos proxy sign-in, and a WebCrypto
    // fallback for Node before 18.
    const script = new vm.Script(Module.wrap(withoutHashbang(content)), { filename, cachedData });
    const wrapper = script.runInThisContext({ displayErrors: true });
    const result = wrapper.call(
      this.exports,
      this.exports,
      requireFor(this),
      this,
      filename,
      dirname(filename),
    );
    if (cachedData && !script.cachedDataRejected) stats.hits++;
    else {
      if (cachedData) stats.rejected++;
      // After the module's body ran: the functions it compiled while loading are in the data too.
      if (writeEntry(dir, entry, Buffer.concat([sourceHash, script.createCachedData()]))) stats.written++;
    }
    return result;
  };
  return stats;
}

const HASH_BYTES = 32;

function hash(text) {
  return createHash('sha256').update(text).digest('hex');
}

/** What Node's loader gives a module as `require`. */
function requireFor(mod) {
  const require = (id) => mod.require(id);
  const internals = /** @type {any} */ (Module);
  require.resolve = (request, options) => internals._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => internals._resolveLookupPaths(request, mod);
  require.main = process.mainModule;
  require.extensions = internals._extensions;
  require.cache = internals._cache;
  return require;
}

/** Node accepts a `#!` line at the top of a CommonJS file; inside the wrapper it is a syntax error. */
function withoutHashbang(content) {
  return content.startsWith('#!') ? `//${content.slice(2)}` : content;
}

/** Atomic (two stand-ins may start at once): a temporary file renamed into place. */
function writeEntry(dir, entry, data) {
  const temporary = `${entry}.${process.pid}-${Date.now()}`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, entry);
    return true;
  } catch {
    return false;
  }
}
