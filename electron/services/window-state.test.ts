import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWindowStateKeeper, fitToDisplays, loadWindowState, type Rect } from './window-state';
import { testTempDir } from '../testing/temp-dir';

const screen: Rect = { x: 0, y: 0, width: 1920, height: 1080 };
const second: Rect = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('window state', () => {
  afterEach(() => vi.useRealTimers());

  it('centres a default window when nothing was saved', () => {
    expect(fitToDisplays(undefined, [screen])).toEqual({
      bounds: { x: 240, y: 90, width: 1440, height: 900 },
      maximized: false,
    });
  });

  it('keeps a saved position on a second monitor', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1200, height: 800 }, maximized: true };
    expect(fitToDisplays(saved, [screen, second])).toEqual(saved);
  });

  it('recentres a window whose monitor is gone but keeps maximised', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1200, height: 800 }, maximized: true };
    const fitted = fitToDisplays(saved, [screen]);
    expect(fitted.maximized).toBe(true);
    expect(fitted.bounds).toEqual({ x: 240, y: 90, width: 1440, height: 900 });
  });

  it('persists atomically after the pause, flushes on demand and round-trips', () => {
    vi.useFakeTimers();
    const dir = testTempDir('bullpen-ws-');
    const file = join(dir, 'window-state.json');
    const keeper = createWindowStateKeeper(file, 400);
    keeper.update({ bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: false });
    keeper.update({ bounds: { x: 5, y: 6, width: 1100, height: 760 }, maximized: true });
    expect(loadWindowState(file)).toBeUndefined();
    vi.advanceTimersByTime(400);
    expect(loadWindowState(file)).toEqual({
      bounds: { x: 5, y: 6, width: 1100, height: 760 },
      maximized: true,
    });
    keeper.update({ bounds: { x: 7, y: 8, width: 1000, height: 700 }, maximized: false });
    keeper.flush();
    expect(loadWindowState(file)?.bounds.x).toBe(7);
    expect(readdirSync(dir)).toEqual(['window-state.json']); // no temp files left behind
  });

  it('treats a corrupt or invalid file as absent', () => {
    const dir = testTempDir('bullpen-ws-');
    const file = join(dir, 'window-state.json');
    writeFileSync(file, '{"bounds": {"x": 1');
    expect(loadWindowState(file)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ bounds: { x: 0, y: 0, width: 10, height: 10 }, maximized: false }));
    expect(loadWindowState(file)).toBeUndefined();
  });
});
