import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { removeStaleTempFiles } from '../common/stale-temp-files';

/**
 * Write-then-rename, so a crash mid-write leaves the previous file intact instead of a torn JSON
 * that would lose the user's settings or window layout.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'w', mode);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

export function writeJsonAtomic(file: string, value: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The parsed JSON, or undefined when the file is missing or unreadable (a fresh start, not a crash). */
export function readJsonFile(file: string): unknown {
  // Whatever an interrupted save left is garbage now: the rename never happened.
  removeStaleTempFiles(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // A corrupt file is treated as absent; the caller falls back to defaults and rewrites it.
    void error;
    return undefined;
  }
}

/**
 * Coalesces frequent saves (window moves, settings edits) into one write after `delayMs`;
 * `flush()` writes what is pending right away (shutdown: pending writes flushed).
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
    writeJsonAtomic(file, value);
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
