import Module from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the REAL built main entry (out/main/index.js) with `require('electron')` answered by the
 * stand-in. Started by electron/standin/launch.mjs (what electron/bin/start.mjs, the e2e suite and
 * the benchmark run), which loads the stand-in's TypeScript through tsx and unloads tsx before
 * main. Configuration comes from environment variables (runtime.ts).
 */
export function runStandin(opts: {
  /** Called once the stand-in's own modules are loaded, before main's: the launcher drops tsx. */
  beforeMain?: () => void;
}): void {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const appRoot = process.env.BULLPEN_APP_ROOT || join(here, '..', '..');
  process.env.BULLPEN_APP_ROOT = appRoot;
  const standinPath = join(here, 'electron-module.ts');
  const mainPath = join(appRoot, 'out', 'main', 'index.js');

  if (!existsSync(mainPath)) {
    process.stderr.write(`Bullpen: ${mainPath} is missing; run \`npm run build\` first.\n`);
    process.exit(1);
  }

  type Resolve = (request: string, parent: unknown, isMain: boolean, options: unknown) => string;
  const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
  const original = moduleWithResolve._resolveFilename;
  moduleWithResolve._resolveFilename = function resolveElectron(request, parent, isMain, options) {
    if (request === 'electron') return standinPath;
    return original.call(this, request, parent, isMain, options);
  };

  const require = Module.createRequire(import.meta.url);
  // Loaded now, with every stand-in module it imports: main's `require('electron')` finds it cached.
  const electron = require(standinPath) as typeof import('./electron-module');
  opts.beforeMain?.();

  electron.app.on('standin:exit', (code: number) => process.exit(code));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      process.stderr.write(`Bullpen: ${signal}, shutting down\n`);
      electron.app.quit();
      // A stuck shutdown must not keep the terminal hostage.
      setTimeout(() => process.exit(1), 8_000).unref();
    });
  }

  // Chromium boots while main's modules load (Electron's browser process is up before main runs).
  // A load error still ends the process (an unhandled rejection, as an uncaught exception did).
  void electron.startBrowserEarly().then(() => require(mainPath));
}
