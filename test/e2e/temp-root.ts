import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Playwright global setup: the browser suites get a temp folder of their own (TMPDIR, which
 * os.tmpdir() reads in the workers and every process they start: the stand-in, its Chromium, the
 * app's sandbox), removed with all it holds when the run ends. An app's user-data folder, a stand-in
 * killed before its own clean-up, a Chromium profile: nothing is left in the system temp folder.
 */
export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'bullpen-e2e-tmp-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = readdirSync(root).length;
    rmSync(root, { recursive: true, force: true });
    if (left > 0) process.stderr.write(`browser suites: removed ${left} temporary folder(s) they left\n`);
  };
}
