import { readFileSync } from 'node:fs';

/** The built-in environment's id (environment-store.ts). */
export const SANDBOX_ID = 'sandbox';

/**
 * Whether the app will open on the Sandbox environment, read before the store is made (main warms
 * the sandbox's worker on it, docs/architecture.md "Startup order"): yes when the file is missing
 * or unreadable (the store then falls back to the sandbox) or names it. Reads only; a bad file is
 * the store's to move aside and report. Its own module, without the store's zod schemas: main's
 * entry imports it before anything else loads (electron/main/index.ts).
 */
export function opensOnSandbox(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return true;
  }
  try {
    const activeId = (JSON.parse(text) as { activeId?: unknown } | null)?.activeId;
    return typeof activeId !== 'string' || activeId === SANDBOX_ID;
  } catch {
    return true;
  }
}
