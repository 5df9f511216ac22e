import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * electron-builder cannot run here (it downloads the Electron zip), so this checks what can be
 * checked offline: the configuration ships the built app and nothing of the sources, and what it
 * references exists.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const config = JSON.parse(readFileSync(`${root}build/electron-builder.json`, 'utf8')) as {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  icon: string;
};
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { main: string };

describe('packaging configuration', () => {
  it('ships the built app (out/) with package.json, not the TypeScript sources', () => {
    expect(config.files).toContain('out/**');
    expect(config.files).toContain('package.json');
    expect(config.files.some((f) => /^(electron|renderer|shared|test)\//.test(f))).toBe(false);
    expect(pkg.main.startsWith('out/')).toBe(true);
  });
  it('packs into an asar archive under a stable app id', () => {
    expect(config.asar).toBe(true);
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.productName).toBe('Bullpen');
  });
  it('references an icon that exists and is a PNG of at least 512 px', () => {
    const icon = readFileSync(`${root}${config.icon}`);
    expect(icon.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(icon.readUInt32BE(16)).toBeGreaterThanOrEqual(512);
    expect(icon.readUInt32BE(20)).toBeGreaterThanOrEqual(512);
    expect(existsSync(`${root}build/icon.png`)).toBe(true);
  });
});
