import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { z } from 'zod';

/**
 * The one atomic-file module of the app's stores (vault, settings, environments, window state) and
 * the sandbox's (watchlists, trading, tokens). A write goes to a temp file in the same folder, is
 * fsynced, renamed over the old file (atomic on one filesystem), and the folder is fsynced so the
 * rename itself survives a power cut. A file that cannot be read back is moved aside with a
 * timestamp and reported, never silently overwritten (docs/shell.md "Stored files").
 *
 * It lives in shared/ so that both programs (the app and the sandbox, docs/sandbox.md) use the same
 * code; shared/ has no Node, so each program hands it Node's file system once
 * (`atomicFilesOn(nodeFiles)`: electron/common/atomic-file-node.ts, sandbox/store/node-files.ts). The
 * interfaces below are the parts of `node:fs`, `node:fs/promises` and `node:path` it uses, spelled
 * structurally, so the Node modules themselves are passed.
 */
interface NodeFiles {
  fs: {
    mkdirSync(dir: string, options: { recursive: true }): unknown;
    openSync(file: string, flags: string, mode?: number): number;
    writeSync(fd: number, data: Uint8Array): number;
    fsyncSync(fd: number): void;
    closeSync(fd: number): void;
    renameSync(from: string, to: string): void;
    rmSync(file: string, options: { force: true }): void;
    readFileSync(file: string, encoding: 'utf8'): string;
    readdirSync(dir: string): string[];
  };
  fsp: {
    mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
    open(file: string, flags: string, mode?: number): Promise<FileHandleLike>;
    rename(from: string, to: string): Promise<void>;
    rm(file: string, options: { force: true }): Promise<void>;
  };
  path: { dirname(p: string): string; basename(p: string): string; join(...parts: string[]): string };
  /** This process's id, and whether another is alive (`process.kill(pid, 0)`). */
  pid: number;
  kill(pid: number, signal: 0): unknown;
}

interface FileHandleLike {
  writeFile(data: string, encoding: 'utf8'): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export type ReadResult<T> =
  | { status: 'missing' }
  | { status: 'ok'; value: T }
  /** The file was not JSON or failed its schema: it now lives at `movedTo`. */
  | { status: 'moved-aside'; movedTo: string; reason: string };

/** Windows cannot open or fsync a directory; the rename is still atomic there. */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES']);
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

export function atomicFilesOn(node: NodeFiles) {
  const { fs, fsp, path } = node;
  const tempName = (file: string) =>
    path.join(path.dirname(file), `.${path.basename(file)}.${node.pid}.${bytesToHex(randomBytes(4))}.tmp`);

  function syncDirectorySync(dir: string): void {
    let fd: number | undefined;
    try {
      fd = fs.openSync(dir, 'r');
      fs.fsyncSync(fd);
    } catch (error) {
      if (!DIR_SYNC_UNSUPPORTED.has(codeOf(error))) throw error;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  async function syncDirectory(dir: string): Promise<void> {
    let dh: FileHandleLike | undefined;
    try {
      dh = await fsp.open(dir, 'r');
      await dh.sync();
    } catch (error) {
      if (!DIR_SYNC_UNSUPPORTED.has(codeOf(error))) throw error;
    } finally {
      await dh?.close();
    }
  }

  /** Synchronous atomic write (main's small stores: one write per user action). */
  function writeFileAtomicSync(file: string, data: string | Uint8Array, mode = 0o600): void {
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true });
    const tmp = tempName(file);
    const fd = fs.openSync(tmp, 'w', mode);
    try {
      fs.writeSync(fd, typeof data === 'string' ? utf8ToBytes(data) : data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.renameSync(tmp, file);
    } catch (error) {
      fs.rmSync(tmp, { force: true });
      throw error;
    }
    syncDirectorySync(dir);
  }

  /** Asynchronous atomic write (the sandbox's stores, written from its request handlers). */
  async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
    const dir = path.dirname(file);
    await fsp.mkdir(dir, { recursive: true });
    const tmp = tempName(file);
    const fh = await fsp.open(tmp, 'w', mode);
    try {
      await fh.writeFile(text, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await fsp.rename(tmp, file);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
  }

  /**
   * Atomic saves write `.<name>.<pid>.<hex>.tmp` and rename it over the file (the pattern also takes
   * the name without its leading dot). A process killed between the two leaves the temp file behind for good; this
   * removes those of one file when it is loaded. A temp file whose writer is another process still
   * running is kept: that save may be in flight.
   */
  function removeStaleTempFiles(file: string): string[] {
    const dir = path.dirname(file);
    const pattern = new RegExp(`^\\.?${escapeRegExp(path.basename(file))}\\.(\\d+)\\.[0-9a-f]+\\.tmp$`);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      const match = pattern.exec(name);
      if (!match) continue;
      const pid = Number(match[1]);
      if (pid !== node.pid && isAlive(pid)) continue;
      try {
        fs.rmSync(path.join(dir, name), { force: true });
        removed.push(name);
      } catch {
        // Best effort: a file that cannot be removed now is tried again at the next load.
      }
    }
    return removed;
  }

  function isAlive(pid: number): boolean {
    try {
      node.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists, owned by someone else.
      return codeOf(error) === 'EPERM';
    }
  }

  /**
   * Reads and validates a JSON store. A missing file is a fresh start. A file that is not JSON or
   * fails its schema is renamed to `<file>.corrupt-<timestamp>` so whatever the user had is kept for
   * inspection, and the caller starts from defaults and tells the user where the old file went.
   */
  function readJsonStore<T>(file: string, schema: z.ZodType<T>, now = Date.now): ReadResult<T> {
    // Whatever an interrupted save left is garbage now: the rename never happened.
    removeStaleTempFiles(file);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return { status: 'missing' };
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
    fs.renameSync(file, movedTo);
    return { status: 'moved-aside', movedTo, reason };
  }

  return { writeFileAtomicSync, writeFileAtomic, removeStaleTempFiles, readJsonStore };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
