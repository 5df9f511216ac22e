import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';

/**
 * The launcher (launch.mjs) loads the stand-in compiled to JavaScript (bundle.mjs), with no
 * TypeScript loader in the process: a fake built main reports what it finds, then quits.
 */
describe('stand-in launcher', () => {
  it('gives main the stand-in as `electron` and no TypeScript loader', () => {
    const root = testTempDir('bullpen-launch-');
    mkdirSync(join(root, 'out', 'main'), { recursive: true });
    writeFileSync(join(root, 'out', 'main', 'probe.ts'), 'const n: number = 1;\nmodule.exports = n;\n');
    writeFileSync(
      join(root, 'out', 'main', 'index.js'),
      `let ts = 'loaded';
try { require('./probe.ts'); } catch (e) { ts = 'refused'; }
const electron = require('electron');
process.stdout.write('PROBE ' + JSON.stringify({ ts, app: typeof electron.app?.whenReady, execArgv: process.execArgv }) + '\\n');
// A clean quit, so Chromium removes its own temporary folders.
void electron.app.whenReady().then(() => electron.app.quit());
`,
    );
    const r = spawnSync(process.execPath, [join(__dirname, 'launch.mjs')], {
      env: {
        ...process.env,
        BULLPEN_APP_ROOT: root,
        BULLPEN_HEADLESS: '1',
        BULLPEN_USER_DATA: join(root, 'data'),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const line = r.stdout.split('\n').find((l) => l.startsWith('PROBE '));
    expect(line, r.stderr).toBeDefined();
    expect(JSON.parse(line?.slice(6) ?? '{}')).toEqual({ ts: 'refused', app: 'function', execArgv: [] });
  }, 70_000);
});
