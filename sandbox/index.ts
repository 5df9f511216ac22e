import type { SandboxHandle, SandboxOverrides } from './server';
import type { SandboxOptions } from './types';

/**
 * The sandbox's public entry (docs/sandbox.md "The package"): all the app may import of it. The
 * app reaches the sandbox through this start/stop API and then only over the network (HTTP, MQTT,
 * gRPC on loopback). Importing this file loads nothing heavy: the server is loaded when it is
 * started, so main's bundle does not carry the sandbox (it runs in its own worker thread).
 */

export type { RunningSandbox, SandboxOptions, SandboxTls } from './types';
export type { SandboxHandle, SandboxOverrides } from './server';
export type {
  SandboxAddresses,
  SandboxWorkerData,
  ToSandboxWorker,
  FromSandboxWorker,
} from './worker/worker-messages';
export { assertTransferable } from './worker/worker-messages';
export { SANDBOX_NICE_STEPS } from './worker/thread-priority';
export { sandboxClockFromEnv, sandboxSpeedFromEnv } from './market/market-start';

/** Starts a sandbox in this thread (the CLI, tests); the app starts it in a worker instead. */
export async function startSandbox(
  options?: SandboxOptions,
  overrides?: SandboxOverrides,
): Promise<SandboxHandle> {
  return (await import('./server')).startSandbox(options, overrides);
}

/** `bullpen sandbox …`: the sandbox as a standalone server (docs/sandbox.md). */
export async function runSandboxCommand(argv: string[]): Promise<void> {
  return (await import('./cli')).runSandboxCommand(argv);
}

/**
 * The worker thread's script when running from source (tests, no build), as a path inside this
 * package: its TypeScript entry, to be loaded under tsx. The built app runs
 * `out/main/sandbox-worker.js` instead (electron.vite.config.mts). A path, not a URL made
 * from this module's own URL: Playwright loads this entry as CommonJS, where that is an error.
 */
export const SANDBOX_WORKER_SOURCE = 'worker/sandbox-worker.ts';
