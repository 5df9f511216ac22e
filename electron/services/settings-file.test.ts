import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/ipc/app-types';
import { testTempDir } from '../testing/temp-dir';
import { createIpcDispatcher, type OpHandlers } from './ipc-dispatch';
import { createRotatingLogger } from './logger';
import { createRedactor } from '../common/redact';
import { createSettingsStore } from './settings-file';

const dir = () => testTempDir('bullpen-settings-');

describe('settings.set', () => {
  it('answers INVALID_INPUT naming the field for an explicitly undefined value, and keeps the settings', async () => {
    const d = dir();
    const store = createSettingsStore(join(d, 'settings.json'));
    const redactor = createRedactor();
    const handlers = { 'settings.set': (patch) => store.set(patch) } as Partial<OpHandlers> as OpHandlers;
    const dispatcher = createIpcDispatcher(handlers, {
      logger: createRotatingLogger({ dir: d, redactor }),
      redactor,
    });
    for (const field of Object.keys(DEFAULT_SETTINGS)) {
      const reply = await dispatcher.dispatch('settings.set', { [field]: undefined }, { senderId: 1 });
      expect(reply.ok, field).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('INVALID_INPUT');
        expect(reply.error.message).toContain(field);
      }
    }
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const ok = await dispatcher.dispatch('settings.set', { theme: 'dark' }, { senderId: 1 });
    expect(ok).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, theme: 'dark' } });
  });
});

describe('temporary files of an interrupted save', () => {
  it('are removed when the file is next loaded; the saved file and unrelated files stay', () => {
    const d = dir();
    const file = join(d, 'settings.json');
    writeFileSync(file, JSON.stringify({ theme: 'light' }));
    // What a save killed between write and rename leaves (pid 2^22+1: beyond any live process).
    writeFileSync(join(d, 'settings.json.4194305.deadbeef.tmp'), '{"theme":');
    writeFileSync(join(d, 'notes.txt.4194305.deadbeef.tmp'), 'not ours');
    const store = createSettingsStore(file);
    expect(store.get().theme).toBe('light');
    expect(readdirSync(d).sort()).toEqual(['notes.txt.4194305.deadbeef.tmp', 'settings.json']);
    expect(existsSync(file)).toBe(true);
  });
});
