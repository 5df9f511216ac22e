import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { readJsonStore, writeFileAtomic } from './node-files';

/**
 * One JSON file under the sandbox's data directory, written atomically by the one atomic-file module
 * (shared/files/atomic-file.ts: temp file, fsync, rename, directory fsync). Writes to one file are serialised; saves that arrive while a write is in
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
        await writeFileAtomic(file, JSON.stringify(toWrite, null, 1));
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
  const read = readJsonStore(file, opts.schema);
  if (read.status === 'ok') return read.value;
  // An unreadable file is moved aside (never silently overwritten) and the seed is used instead.
  if (read.status === 'moved-aside')
    (opts.log ?? ((line) => process.stderr.write(line + '\n')))(
      `sandbox: ${file} unreadable (${read.reason}); moved to ${read.movedTo}`,
    );
  return opts.initial();
}
