import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Atomic saves write `<name>.<pid>.<hex>.tmp` (app) or `.<name>.<pid>.<hex>.tmp` (sandbox) and
 * rename it over the file. A process killed between the two leaves the temp file behind for good;
 * this removes those of one file when it is loaded. A temp file whose writer is another process
 * still running is kept: that save may be in flight.
 */
export function removeStaleTempFiles(file: string): string[] {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const pattern = new RegExp(`^\\.?${escapeRegExp(base)}\\.(\\d+)\\.[0-9a-f]+\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && isAlive(pid)) continue;
    try {
      rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // Best effort: a file that cannot be removed now is tried again at the next load.
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
