import { typescriptEntry } from '../common/typescript-entry';
import type { WorkerEntry } from '../common/worker-entry';

/** The reply reader thread's script when running from source (Vitest, no build). */
export function replyReaderWorkerEntry(): WorkerEntry {
  return typescriptEntry(new URL('./reply-reader-worker.ts', import.meta.url));
}
