import type { RunningSandbox, SandboxOptions } from '../types';

/**
 * The small control channel between main and the sandbox's worker thread. Everything else (API
 * calls, quotes, trade events) goes over the sandbox's real network interfaces on loopback, exactly
 * as it would to the real service. Only plain data crosses: options must survive structured clone.
 */
export type SandboxAddresses = Pick<
  RunningSandbox,
  'apiUrl' | 'mqttUrl' | 'eventsAddress' | 'eventsTls' | 'algorithm' | 'marketClock' | 'marketTime'
>;

/**
 * What main hands the worker when it starts it (`workerData`). Without `options` the worker is a
 * warm one: it loads the sandbox's code and waits for a `start` message with them.
 */
export interface SandboxWorkerData {
  options?: SandboxOptions;
  /** Honour `crash` (tests only: the app never sets it). */
  testHooks?: boolean;
}

/**
 * main → worker. `start` gives a warm worker its options (ignored once started); `crash` makes a
 * test-hooked worker die the way a bug would: a throw, or an exit.
 */
export type ToSandboxWorker =
  { type: 'start'; options: SandboxOptions } | { type: 'stop' } | { type: 'crash'; how: 'throw' | 'exit' };

/** worker → main */
export type FromSandboxWorker =
  | { type: 'ready'; addresses: SandboxAddresses }
  | { type: 'failed'; message: string }
  | { type: 'log'; line: string }
  | { type: 'stopped' };

/**
 * Functions (a `clock`, a `marketClock`) cannot cross a thread boundary; refuse them early with a
 * clear message rather than a DataCloneError from deep inside `new Worker`.
 */
export function assertTransferable(options: SandboxOptions): void {
  for (const [key, value] of Object.entries(options))
    if (typeof value === 'function')
      throw new Error(`sandbox option ${key} is a function and cannot be sent to the sandbox worker`);
}
