import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { removeStaleTempFiles } from '../../common/stale-temp-files';

/**
 * One JSON file under the sandbox's data directory, written atomically ("nothing is
 * lost on a crash or restart"): the new text goes to a temp file in the same folder, is fsynced,
 * renamed over the old file (atomic on one filesystem), and the folder is fsynced so the rename
 * itself is durable. Writes to one file are serialised; saves that arrive while a write is in
 * flight are coalesced into one more write of the latest value.
 */
export interface JsonFile<T> {
  readonly path: string;
  /** The value last loaded or saved. */
  get(): T;
  /** Replaces the value and schedules a durable write; resolves once that value is on disk. */
  save(value: T): Promise<void>;
  /** Resolves once every scheduled write has finished (clean shutdown). */
  flush(): Promise<void>;
}

export interface OpenJsonFileOptions<T> {
  dataDir: string;
  /** File name inside dataDir, e.g. `watchlists.json`. */
  name: string;
  schema: z.ZodType<T>;
  /** The value of a fresh data directory (first start). */
  initial: () => T;
  /** Where to report a file that could not be read (it is kept aside, never deleted). */
  log?: (line: string) => void;
}

export async function openJsonFile<T>(opts: OpenJsonFileOptions<T>): Promise<JsonFile<T>> {
  await mkdir(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.name);
  let value = load(file, opts);
  let pending: T | undefined;
  let hasPending = false;
  let chain: Promise<void> = Promise.resolve();
  let waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];

  const drain = async () => {
    while (hasPending) {
      const toWrite = pending;
      const settled = waiters;
      hasPending = false;
      pending = undefined;
      waiters = [];
      try {
        await writeAtomically(file, JSON.stringify(toWrite, null, 1));
        for (const w of settled) w.resolve();
      } catch (error) {
        for (const w of settled) w.reject(error);
      }
    }
  };

  const isFresh = !existsSync(file);
  const handle: JsonFile<T> = {
    path: file,
    get: () => value,
    save(next) {
      value = next;
      pending = next;
      const done = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      if (!hasPending) {
        hasPending = true;
        chain = chain.then(drain);
      }
      return done;
    },
    async flush() {
      await chain;
    },
  };
  // A first start writes the seed at once, so a restart sees the same seed ids.
  if (isFresh) await handle.save(value);
  return handle;
}

function load<T>(file: string, opts: OpenJsonFileOptions<T>): T {
  // Whatever an interrupted save left is garbage now: the rename never happened.
  removeStaleTempFiles(file);
  if (!existsSync(file)) return opts.initial();
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return quarantine(file, opts, `not JSON (${(error as Error).message})`);
  }
  const result = opts.schema.safeParse(parsed);
  if (!result.success) return quarantine(file, opts, result.error.issues[0]?.message ?? 'invalid');
  return result.data;
}

/** An unreadable file is moved aside (never silently overwritten) and the seed is used instead. */
function quarantine<T>(file: string, opts: OpenJsonFileOptions<T>, why: string): T {
  const aside = `${file}.corrupt-${Date.now()}`;
  renameSync(file, aside);
  (opts.log ?? ((line) => process.stderr.write(line + '\n')))(
    `sandbox: ${file} unreadable (${why}); moved to ${aside}`,
  );
  return opts.initial();
}

export async function writeAtomically(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(text, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  let dh;
  try {
    dh = await open(dir, 'r');
    await dh.sync();
  } catch (error) {
    // Windows cannot open or fsync a directory (EISDIR/EPERM/EINVAL); the rename is still atomic there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    await dh?.close();
  }
}
