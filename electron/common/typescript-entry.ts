import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { WorkerEntry } from './worker-entry';

/**
 * A worker's TypeScript entry, run from source (Vitest, no build) through tsx's require hook,
 * resolved from here: an eval worker would resolve it from the current directory. Apart from
 * worker-entry.ts because of `import.meta`, which does not parse where Playwright loads the
 * Open API client as CommonJS (the e2e suite).
 */
export function typescriptEntry(file: URL): WorkerEntry {
  return { file: fileURLToPath(file), tsxHook: createRequire(import.meta.url).resolve('tsx/cjs') };
}
