#!/usr/bin/env node
// `npm start`: build, then run Bullpen in Electron — or, where the Electron binary is absent and
// cannot be fetched (offline build machines; .npmrc has ignore-scripts=true so no install ever
// fails for want of it), run the same built main/preload/renderer through the Chromium stand-in
// (electron/standin, docs/testing.md). The build is skipped when its inputs have not changed
// since the last one (electron/bin/build-stamp.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildCurrent, writeBuildStamp } from './build-stamp.mjs';
import { isOnline } from './online.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const headless = env.BULLPEN_HEADLESS === '1';

function fail(message) {
  process.stderr.write(`Bullpen: ${message}\n`);
  process.exit(1);
}

function build() {
  if (env.BULLPEN_SKIP_BUILD === '1') return;
  if (env.BULLPEN_FORCE_BUILD !== '1' && isBuildCurrent(root)) {
    process.stdout.write(
      'Bullpen: out/ is up to date with the sources, skipping the build (BULLPEN_FORCE_BUILD=1 rebuilds).\n',
    );
    return;
  }
  const bin = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const r = spawnSync(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail('the build failed (see above).');
  writeBuildStamp(root);
}

/** The Electron executable, or undefined when the package has no downloaded binary. */
function electronBinary() {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const exe = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(exe) ? exe : undefined;
}

function fetchElectron(timeoutMs = 180_000) {
  return new Promise((resolve) => {
    process.stdout.write('Bullpen: fetching the Electron binary (node node_modules/electron/install.js)…\n');
    const child = spawn(process.execPath, [join(root, 'node_modules', 'electron', 'install.js')], {
      cwd: root,
      stdio: 'inherit',
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
    child.on('error', () => resolve(false));
  });
}

function run(command, args, extraEnv) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function runStandin(reason) {
  const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    // The same provisioning as `npm test`: Debian's chromium via apt when we are root, else a clear word.
    spawnSync(process.execPath, [join(root, 'test', 'ensure-chromium.mjs')], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(chromium))
    fail(
      `${reason} and no Chromium at ${chromium} for the stand-in (apt-get install chromium, or set CHROMIUM_PATH).`,
    );
  if (!headless && !env.DISPLAY) {
    fail(
      `${reason}; the Chromium stand-in needs a display. Run \`xvfb-run npm start\` (or BULLPEN_HEADLESS=1 npm start for a headless run).`,
    );
  }
  process.stdout.write(
    `Bullpen: ${reason}; running through the Chromium stand-in (${headless ? 'headless' : 'window'}, electron/standin).\n`,
  );
  run(process.execPath, [join(root, 'electron', 'standin', 'launch.mjs')], {
    BULLPEN_APP_ROOT: root,
    BULLPEN_USER_DATA: env.BULLPEN_USER_DATA || join(root, '.bullpen-data'),
  });
}

build();
let exe = electronBinary();
if (!exe && env.BULLPEN_STANDIN !== '1' && (await isOnline())) {
  if (await fetchElectron()) exe = electronBinary();
}
if (exe && env.BULLPEN_STANDIN !== '1') {
  run(exe, [root], {});
} else {
  runStandin(
    env.BULLPEN_STANDIN === '1'
      ? 'BULLPEN_STANDIN=1'
      : 'the Electron binary is absent and could not be fetched',
  );
}
