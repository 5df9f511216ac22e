import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import { DEFAULT_SETTINGS } from '../../shared/ipc/app-types';
import { createEnvironmentStore } from './environment-store';
import { createSettingsStore } from './settings-file';

/** A store file that fails its schema is moved aside with a timestamp and reported, never overwritten. */
function setup(name: string, text: string) {
  const dir = testTempDir('bullpen-stores-');
  const file = join(dir, name);
  writeFileSync(file, text);
  const warnings: string[] = [];
  const aside = () => readdirSync(dir).filter((n) => n.startsWith(`${name}.corrupt-`));
  return { dir, file, warnings, warn: (m: string) => warnings.push(m), aside };
}

describe('stores keep a file they cannot read', () => {
  it('settings: moved aside, reported, defaults used, the old text kept after the next save', () => {
    const bad = '{"theme": 7, "quoteFlushMs": "fast"}';
    const s = setup('settings.json', bad);
    const store = createSettingsStore(s.file, s.warn);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(s.aside()).toHaveLength(1);
    expect(s.warnings.join('\n')).toMatch(/settings\.json could not be read .*moved to/);
    store.set({});
    expect(readFileSync(join(s.dir, s.aside()[0] ?? ''), 'utf8')).toBe(bad);
  });

  it('environments: a torn file is moved aside and reported', () => {
    const s = setup('environments.json', '{"version": 1, "activeId": "x", "custom": [');
    const store = createEnvironmentStore(s.file, s.warn);
    expect(store.state().activeId).toBe('sandbox');
    expect(s.aside()).toHaveLength(1);
    expect(s.warnings.join('\n')).toContain('not JSON');
  });
});
