import { OP_KINDS } from '../openapi/op-kinds';
import type { OperationId } from '../openapi/operations';

/**
 * What an IPC operation may do, the first thing main's trust boundary asks of it
 * (docs/security.md "Operation classes"):
 * - `read`: answers with data, changes nothing;
 * - `preference`: changes something local and undoable (layout, alerts, a watchlist);
 * - `effect`: has a real-world effect (money moves, signed traffic goes somewhere else, trust or
 *   the user's setup changes, or the desktop is touched). Main confirms each itself, never the
 *   renderer alone (electron/services/trust/).
 */
export const OP_CLASSES = ['read', 'preference', 'effect'] as const;
export type OpClass = (typeof OP_CLASSES)[number];

/**
 * The class of a catalogue operation: orders are effects; the other writes (watchlists) are the
 * user's preferences kept by the broker; every other call reads (previews and batch bars are POSTs
 * that change nothing).
 */
export function apiOpClass(id: OperationId): OpClass {
  const kind: { method: string; kind?: string } = OP_KINDS[id];
  if (kind.kind === 'order') return 'effect';
  if (kind.method === 'POST' && id.startsWith('watchlist')) return 'preference';
  return 'read';
}
