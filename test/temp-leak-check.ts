import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Vitest global setup: the test workers get a temp folder of their own (TMPDIR, which os.tmpdir()
 * reads), and whatever a test left in it fails the run by name. Tests remove what they create
 * (electron/testing/temp-dir.ts); the sandbox removes a data folder it made itself on stop.
 */
export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'bullpen-test-tmp-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // tsx keeps its compile cache (tsx-<uid>) in the temp folder of the child processes it runs.
    const left = readdirSync(root).filter((name) => !/^tsx-\d+$/.test(name));
    rmSync(root, { recursive: true, force: true });
    if (left.length > 0)
      throw new Error(
        `tests left ${left.length} temporary folder(s) behind: ${left.slice(0, 20).join(', ')}`,
      );
  };
}
