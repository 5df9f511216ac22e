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
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { removeStaleTempFiles } from './stale-temp-files';

/**
 * The one atomic-file module of the app's stores (vault, settings, environments, window state) and
 * the sandbox's (watchlists, trading, tokens). A write goes to a temp file in the same folder, is
 * fsynced, renamed over the old file (atomic on one filesystem), and the folder is fsynced so the
 * rename itself survives a power cut. A file that cannot be read back is moved aside with a
 * timestamp and reported, never silently overwritten (docs/shell.md "Stored files").
 */

const tempName = (file: string) =>
  path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );

/** Windows cannot open or fsync a directory; the rename is still atomic there. */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES']);

function syncDirectorySync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (error) {
    if (!DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

async function syncDirectory(dir: string): Promise<void> {
  let dh;
  try {
    dh = await open(dir, 'r');
    await dh.sync();
  } catch (error) {
    if (!DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await dh?.close();
  }
}

/** Synchronous atomic write (main's small stores: one write per user action). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, mode = 0o600): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const tmp = tempName(file);
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
  syncDirectorySync(dir);
}

export function writeJsonAtomicSync(file: string, value: unknown): void {
  writeFileAtomicSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Asynchronous atomic write (the sandbox's stores, written from its request handlers). */
export async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = tempName(file);
  const fh = await open(tmp, 'w', mode);
  try {
    await fh.writeFile(text, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

export type ReadResult<T> =
  | { status: 'missing' }
  | { status: 'ok'; value: T }
  /** The file was not JSON or failed its schema: it now lives at `movedTo`. */
  | { status: 'moved-aside'; movedTo: string; reason: string };

/**
 * Reads and validates a JSON store. A missing file is a fresh start. A file that is not JSON or
 * fails its schema is renamed to `<file>.corrupt-<timestamp>` so whatever the user had is kept for
 * inspection, and the caller starts from defaults and tells the user where the old file went.
 */
export function readJsonStore<T>(file: string, schema: z.ZodType<T>, now = Date.now): ReadResult<T> {
  // Whatever an interrupted save left is garbage now: the rename never happened.
  removeStaleTempFiles(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
    throw error;
  }
  let reason: string;
  try {
    const parsed = schema.safeParse(JSON.parse(text) as unknown);
    if (parsed.success) return { status: 'ok', value: parsed.data };
    const issue = parsed.error.issues[0];
    reason = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid';
  } catch (error) {
    reason = `not JSON (${(error as Error).message})`;
  }
  const movedTo = `${file}.corrupt-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, movedTo);
  return { status: 'moved-aside', movedTo, reason };
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
