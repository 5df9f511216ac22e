import Module from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as electron from './electron-module';

/**
 * Runs the REAL built main entry (out/main/index.js) with `require('electron')` answered by the
 * stand-in. Started by electron/standin/launch.mjs (what electron/bin/start.mjs, the e2e suite and
 * the benchmark run), which loads this file compiled (bundle.mjs), with every stand-in module it
 * imports. Configuration comes from environment variables (runtime.ts).
 */
export function runStandin(opts: {
  /** The repository (or another folder holding `out/`): BULLPEN_APP_ROOT wins. */
  appRoot: string;
}): void {
  const appRoot = process.env.BULLPEN_APP_ROOT || opts.appRoot;
  process.env.BULLPEN_APP_ROOT = appRoot;
  const mainPath = join(appRoot, 'out', 'main', 'index.js');

  if (!existsSync(mainPath)) {
    process.stderr.write(`Bullpen: ${mainPath} is missing; run \`npm run build\` first.\n`);
    process.exit(1);
  }

  // `require('electron')` from main finds this module's stand-in in the module cache under an id no
  // file has: the stand-in is already loaded (compiled into the launcher's bundle), once.
  const ELECTRON_ID = join(appRoot, '.bullpen-standin-electron');
  type Resolve = (request: string, parent: unknown, isMain: boolean, options: unknown) => string;
  const cached = new Module(ELECTRON_ID);
  cached.filename = ELECTRON_ID;
  cached.exports = electron;
  cached.loaded = true;
  const moduleInternals = Module as unknown as {
    _resolveFilename: Resolve;
    _cache: Record<string, Module>;
  };
  moduleInternals._cache[ELECTRON_ID] = cached;
  const original = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = function resolveElectron(request, parent, isMain, options) {
    if (request === 'electron') return ELECTRON_ID;
    return original.call(this, request, parent, isMain, options);
  };

  electron.app.on('standin:exit', (code: number) => process.exit(code));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      process.stderr.write(`Bullpen: ${signal}, shutting down\n`);
      electron.app.quit();
      // A stuck shutdown must not keep the terminal hostage.
      setTimeout(() => process.exit(1), 8_000).unref();
    });
  }

  const require = Module.createRequire(mainPath);
  // Chromium boots while main's modules load (Electron's browser process is up before main runs).
  // A load error still ends the process (an unhandled rejection, as an uncaught exception did).
  void electron.startBrowserEarly().then(() => require(mainPath));
}
