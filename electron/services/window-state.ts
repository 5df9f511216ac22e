import { z } from 'zod';
import { createDebouncedJsonWriter, readJsonStore, type DebouncedWriter } from '../common/atomic-file-node';

/**
 * The main window's remembered size, position and maximised state (docs/shell.md), persisted as JSON
 * in userData. A saved position that no longer lands on any display (monitor unplugged) falls back
 * to a centred default instead of opening off-screen.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

const rect = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200),
  height: z.number().int().min(150),
});
const windowStateSchema = z.object({ bounds: rect, maximized: z.boolean() });

const DEFAULT_SIZE = { width: 1440, height: 900 };
export const MIN_SIZE = { width: 900, height: 560 };
/** How much of a window must be visible on some display to be kept where it was. */
const MIN_VISIBLE = 100;

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  return {
    w: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

function centredDefault(workArea: Rect): Rect {
  const width = Math.min(DEFAULT_SIZE.width, workArea.width);
  const height = Math.min(DEFAULT_SIZE.height, workArea.height);
  return {
    x: workArea.x + Math.round((workArea.width - width) / 2),
    y: workArea.y + Math.round((workArea.height - height) / 2),
    width,
    height,
  };
}

/** Keep the saved state if enough of it is visible on one of `workAreas`; else centre on the first. */
export function fitToDisplays(saved: WindowState | undefined, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  if (!saved) return { bounds: centredDefault(primary), maximized: false };
  const visible = workAreas.some((area) => {
    const o = overlap(saved.bounds, area);
    return o.w >= MIN_VISIBLE && o.h >= MIN_VISIBLE;
  });
  if (!visible) return { bounds: centredDefault(primary), maximized: saved.maximized };
  return {
    bounds: {
      ...saved.bounds,
      width: Math.max(MIN_SIZE.width, saved.bounds.width),
      height: Math.max(MIN_SIZE.height, saved.bounds.height),
    },
    maximized: saved.maximized,
  };
}

export function loadWindowState(file: string): WindowState | undefined {
  // An unreadable file is moved aside by readJsonStore; the window then opens at its default place.
  const read = readJsonStore(file, windowStateSchema);
  return read.status === 'ok' ? read.value : undefined;
}

export interface WindowStateKeeper {
  /** Record the current state; written after a short pause (moves fire many events). */
  update(state: WindowState): void;
  /** Write a pending update now. */
  flush(): void;
}

export function createWindowStateKeeper(file: string, delayMs = 400): WindowStateKeeper {
  const writer: DebouncedWriter<WindowState> = createDebouncedJsonWriter(file, delayMs);
  return { update: (s) => writer.schedule(s), flush: () => writer.flush() };
}
