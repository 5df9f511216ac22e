/**
 * The four Electron IPC channels Bullpen uses. Every operation and stream goes through these, keyed
 * by the names in ./contract.ts, so there are no channel strings scattered around the code.
 * This file imports nothing so the sandboxed preload bundle stays tiny (it may only require 'electron').
 */
export const IPC_CHANNELS = {
  /** renderer → main: `(op, input)` → IpcReply. */
  invoke: 'bullpen:invoke',
  /** renderer → main: `(subscriptionId, stream, params)` → IpcReply<{ subscriptionId }>. */
  subscribe: 'bullpen:subscribe',
  /** renderer → main: `(subscriptionId)` → IpcReply<{ removed: boolean }>. */
  unsubscribe: 'bullpen:unsubscribe',
  /** main → renderer: one batch `StreamDelivery[]` per flush. */
  stream: 'bullpen:stream',
} as const;

/** One item of a `bullpen:stream` batch: the data for one renderer subscription. */
export interface StreamDelivery {
  subscriptionId: string;
  data: unknown;
}
