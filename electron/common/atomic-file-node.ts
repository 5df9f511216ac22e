import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { atomicFilesOn } from '../../shared/files/atomic-file';

/**
 * The app's stores' atomic files (vault, settings, environments, window state): the one atomic-file
 * module (shared/files/atomic-file.ts: temp file, fsync, rename, directory fsync, corrupt files
 * moved aside) on Node's file system.
 */
const files = atomicFilesOn({
  fs,
  fsp,
  path,
  pid: process.pid,
  kill: (pid, signal) => process.kill(pid, signal),
});
const { writeFileAtomicSync } = files;
export const { writeFileAtomic, readJsonStore } = files;

export function writeJsonAtomicSync(file: string, value: unknown): void {
  writeFileAtomicSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The message a store reports for a file it moved aside. */
export const movedAsideMessage = (file: string, r: { movedTo: string; reason: string }) =>
  `${path.basename(file)} could not be read (${r.reason}); it was moved to ${r.movedTo} and defaults are used.`;

/**
 * A store's warning: logged, and with kind `moved-aside` (a saved file that could not be read was
 * moved aside, `movedAsideMessage`) also told to the user by the app engine.
 */
export type StoreWarning = (message: string, kind?: 'moved-aside') => void;

/**
 * Coalesces frequent saves (window moves) into one write after `delayMs`; `flush()` writes what is
 * pending right away (shutdown).
 */
export interface DebouncedWriter<T> {
  schedule(value: T): void;
  flush(): void;
}

export function createDebouncedJsonWriter<T>(file: string, delayMs = 400): DebouncedWriter<T> {
  let pending: { value: T } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    writeJsonAtomicSync(file, value);
  };
  return {
    schedule(value) {
      pending = { value };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
      timer.unref?.();
    },
    flush,
  };
}
