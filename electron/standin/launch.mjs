// The Electron stand-in's entry (docs/testing.md): `node electron/standin/launch.mjs`. The stand-in
// is TypeScript, compiled once into one CommonJS file (bundle.mjs) and loaded from there: main, its
// dependencies and the sandbox's worker then load as plain JavaScript, with no TypeScript loader
// in the process (a global `node --import tsx` started a loader thread and put every one of their
// modules through its hooks, which cost the app's start; docs/testing.md).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { standinBundle, standinCacheDir } from './bundle.mjs';
import { installCompileCache } from './compile-cache.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const bundle = await standinBundle();
// The stand-in's own code, which Electron does not load, from V8's code cache (compile-cache.mjs).
installCompileCache({
  dir: join(standinCacheDir(), 'v8'),
  include: (file) => file === bundle || /[\\/]node_modules[\\/]playwright-core[\\/]/.test(file),
});
const { runStandin } = require(bundle);
runStandin({ appRoot: join(here, '..', '..') });
