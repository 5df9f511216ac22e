import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Temporary folders for the sandbox's own tests, removed after the test file: the hook is
 * registered when a test file imports this module. The sandbox is a program of its own and imports
 * nothing of the app, so it keeps this small helper beside the app's (electron/testing/temp-dir.ts).
 */
const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}
