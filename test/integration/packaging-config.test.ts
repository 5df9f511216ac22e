import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';

/**
 * electron-builder cannot run here (it downloads the Electron zip), so this checks what can be
 * checked offline: the configuration (targets, app id, asar, mac hardened runtime and
 * entitlements, the afterPack hook and the fuses it flips) and what the `files` globs would pack
 * from the built out/ folder, matched the way electron-builder matches them (minimatch, dot files
 * included, a `!` pattern excludes).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  icon: string;
  afterPack: string;
  linux: { target: string[] };
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
  win: { target: string[] };
}
const config = JSON.parse(readFileSync(`${root}build/electron-builder.json`, 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const require = createRequire(import.meta.url);
const hook = require(`${root}${config.afterPack}`) as {
  (context: unknown): Promise<void>;
  fuseConfig(): Record<string | number, unknown>;
  electronBinaryPath(context: unknown): string;
};

/** The files under `dir` (relative, with /), and whether `files` would pack each. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [relative(root, full).split(sep).join('/')];
  });
}
function packed(files: string[], patterns: string[]): string[] {
  const include = patterns.filter((p) => !p.startsWith('!'));
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  return files.filter(
    (f) =>
      include.some((p) => minimatch(f, p, { dot: true })) &&
      !exclude.some((p) => minimatch(f, p, { dot: true })),
  );
}

describe('packaging configuration', () => {
  it('targets AppImage and deb, dmg, and nsis, into asar under a stable app id', () => {
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.mac.target).toContain('dmg');
    expect(config.win.target).toContain('nsis');
    expect(config.asar).toBe(true);
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.productName).toBe('Bullpen');
  });

  it('signs macOS builds with the hardened runtime and a JIT-only entitlements plist', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    for (const file of [config.mac.entitlements, config.mac.entitlementsInherit]) {
      const plist = readFileSync(`${root}${file}`, 'utf8');
      expect(plist).toContain('com.apple.security.cs.allow-jit');
      expect(plist).not.toContain('disable-library-validation');
      expect(plist).not.toContain('allow-unsigned-executable-memory');
    }
  });

  it('is built by `npm run dist` with electron-builder as a dev dependency', () => {
    expect(pkg.scripts.dist).toMatch(
      // `--mode package` compiles the benchmark hooks out (docs/benchmark.md).
      /electron-vite build --mode package && electron-builder .*--config build\/electron-builder\.json/,
    );
    expect(pkg.devDependencies['electron-builder']).toBeDefined();
    expect(pkg.devDependencies['@electron/fuses']).toBeDefined();
    expect(pkg.main.startsWith('out/')).toBe(true);
  });

  it('references an icon that exists and is a PNG of at least 512 px', () => {
    const icon = readFileSync(`${root}${config.icon}`);
    expect(icon.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(icon.readUInt32BE(16)).toBeGreaterThanOrEqual(512);
    expect(icon.readUInt32BE(20)).toBeGreaterThanOrEqual(512);
  });
});

describe('afterPack hook: Electron fuses', () => {
  it('flips the fuses: no RunAsNode, NODE_OPTIONS or inspect; cookie encryption; ASAR integrity; ASAR only', () => {
    expect(typeof hook).toBe('function');
    expect(hook.fuseConfig()).toEqual({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });

  it('finds the packed binary on each platform', () => {
    const context = (platform: string) => ({
      electronPlatformName: platform,
      appOutDir: '/dist/x',
      packager: { appInfo: { productFilename: 'Bullpen' }, executableName: 'bullpen' },
    });
    expect(hook.electronBinaryPath(context('darwin'))).toBe(join('/dist/x', 'Bullpen.app'));
    expect(hook.electronBinaryPath(context('win32'))).toBe(join('/dist/x', 'Bullpen.exe'));
    expect(hook.electronBinaryPath(context('linux'))).toBe(join('/dist/x', 'bullpen'));
  });
});

describe('what the files globs would pack', () => {
  const built = existsSync(`${root}out/main/index.js`);
  it.runIf(built)('from the built out/: main, preload and renderer, without source maps', () => {
    const all = [...walk(`${root}out`), 'package.json'];
    const files = packed(all, config.files);
    expect(files).toContain('out/main/index.js');
    // The worker threads main starts by file (electron/main/index.ts, main-body.ts).
    expect(files).toContain('out/main/sandbox-worker.js');
    expect(files).toContain('out/main/reply-reader-worker.js');
    expect(files).toContain('out/preload/index.js');
    expect(files).toContain('out/renderer/index.html');
    expect(files.some((f) => f.startsWith('out/renderer/assets/') && f.endsWith('.js'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // The build does write source maps: the exclusion is doing work.
    expect(all.some((f) => f.endsWith('.map'))).toBe(true);
  });

  it('leaves out sources, tests, source maps and fixtures wherever they appear', () => {
    const candidates = [
      'out/main/index.js',
      'out/main/index.js.map',
      'out/main/chunk.test.js',
      'out/renderer/assets/app.spec.js',
      'out/main/fixtures/secret.json',
      'out/main/test/helper.js',
      'electron/main/index.ts',
      'sandbox/server.ts',
      'test/e2e/app.spec.ts',
      'renderer/index.html',
      'node_modules/x/index.js',
      'package.json',
    ];
    expect(packed(candidates, config.files)).toEqual(['out/main/index.js', 'package.json']);
  });
});
