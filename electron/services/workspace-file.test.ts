import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testTempDir } from '../testing/temp-dir';
import type { WorkspaceState } from '../../shared/ui/workspace';
import { createWorkspaceStore } from './workspace-file';

const layoutA: WorkspaceState = {
  layout: { grid: { orientation: 'HORIZONTAL' }, panels: { chart: {} } },
  panels: { chart: { panel: 'chart', settings: {}, group: 'red' } },
  groups: { red: { symbol: 'MSFT', category: 'US_STOCK' } },
};
const layoutB: WorkspaceState = { ...layoutA, groups: { red: { symbol: 'SPY', category: 'US_ETF' } } };

let dir: string;
let file: string;
beforeEach(() => {
  dir = testTempDir('bullpen-ws-');
  file = join(dir, 'workspace.json');
});
afterEach(() => vi.useRealTimers());

const onDisk = () =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    version: number;
    active: string;
    workspaces: Record<string, WorkspaceState>;
  };

describe('workspace store', () => {
  it('starts from the default workspace when there is no file', () => {
    const store = createWorkspaceStore({ file });
    expect(store.get()).toEqual({
      active: 'Default',
      names: ['Default'],
      state: { layout: null, panels: {}, groups: {} },
    });
  });

  it('debounces saves: many sets, one write of the last state, after the delay', () => {
    vi.useFakeTimers();
    const store = createWorkspaceStore({ file, debounceMs: 400 });
    store.set(layoutA);
    store.set(layoutB);
    expect(existsSync(file)).toBe(false);
    vi.advanceTimersByTime(400);
    expect(onDisk()).toEqual({ version: 1, active: 'Default', workspaces: { Default: layoutB } });
  });

  it('restores exactly what was saved in a new store on the same file', () => {
    const first = createWorkspaceStore({ file });
    first.set(layoutA);
    first.flush();
    const second = createWorkspaceStore({ file });
    expect(second.get().state).toEqual(layoutA);
  });

  it('writes atomically: no temporary file is left beside the workspace file', () => {
    const store = createWorkspaceStore({ file });
    store.set(layoutA);
    store.flush();
    expect(readdirSync(dir)).toEqual(['workspace.json']);
  });

  it('saves under a name, switches, and resets only the active workspace', () => {
    const store = createWorkspaceStore({ file });
    store.set(layoutA);
    expect(store.saveAs('Options').active).toBe('Options');
    store.set(layoutB);
    store.flush();
    expect(store.switchTo('Default').state).toEqual(layoutA);
    expect(store.get().names).toEqual(['Default', 'Options']);
    expect(store.reset().state).toEqual({ layout: null, panels: {}, groups: {} });
    expect(onDisk().workspaces.Options).toEqual(layoutB);
  });

  it('a switch writes at once and a pending debounced save cannot overwrite it later', () => {
    vi.useFakeTimers();
    const store = createWorkspaceStore({ file, debounceMs: 400 });
    store.set(layoutA);
    store.switchTo('Other');
    vi.advanceTimersByTime(1_000);
    const saved = onDisk();
    expect(saved.active).toBe('Other');
    expect(saved.workspaces.Default).toEqual(layoutA);
  });

  it('keeps an unreadable file aside and starts from the default', () => {
    writeFileSync(file, JSON.stringify({ version: 99, active: 'x', workspaces: {} }));
    const warnings: string[] = [];
    const store = createWorkspaceStore({ file, onWarning: (m) => warnings.push(m) });
    expect(store.get().state.layout).toBeNull();
    expect(readdirSync(dir).some((f) => f.startsWith('workspace.json.corrupt-'))).toBe(true);
    expect(warnings.join()).toMatch(/unknown version 99/);
  });
});

describe('workspace store: rename and delete', () => {
  it('renames a workspace, the active one staying active under its new name, and writes at once', () => {
    const store = createWorkspaceStore({ file });
    store.set(layoutA);
    store.saveAs('Focus');
    expect(store.rename('Focus', 'Options desk')).toMatchObject({
      active: 'Options desk',
      names: ['Default', 'Options desk'],
      state: layoutA,
    });
    expect(onDisk().active).toBe('Options desk');
    expect(Object.keys(onDisk().workspaces).sort()).toEqual(['Default', 'Options desk']);
  });

  it('refuses a rename onto an existing name or of a missing one, changing nothing', () => {
    const store = createWorkspaceStore({ file });
    store.saveAs('Focus');
    expect(() => store.rename('Focus', 'Default')).toThrow(/exists already/);
    expect(() => store.rename('Nope', 'Other')).toThrow(/no workspace named Nope/);
    expect(store.get().names).toEqual(['Default', 'Focus']);
  });

  it('deletes a workspace; deleting the active one switches to the first left; the last one stays', () => {
    const store = createWorkspaceStore({ file });
    store.set(layoutA);
    store.saveAs('Focus');
    store.set(layoutB);
    expect(store.remove('Focus')).toMatchObject({ active: 'Default', names: ['Default'], state: layoutA });
    expect(Object.keys(onDisk().workspaces)).toEqual(['Default']);
    expect(() => store.remove('Default')).toThrow(/last workspace/);
    expect(store.get().names).toEqual(['Default']);
  });
});
