import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox } from '../server';
import type { SandboxOptions } from '../types';
import type { FromSandboxWorker, SandboxWorkerData, ToSandboxWorker } from './worker-messages';

/**
 * The sandbox's worker thread, loaded by its entry (`sandbox-worker.ts`) once the thread has lowered
 * its priority (docs/architecture.md "Where the sandbox runs"). Main starts it
 * only when the Sandbox environment is used: with its options (it starts the sandbox at once), or
 * warm, before main knows them (it loads the sandbox's code and waits for `start`). It reports the
 * addresses once listening, and stops when asked. Its CPU-heavy work (screeners over the whole
 * universe, a year of daily history, minute bars) never runs on main's event loop.
 */
const port = parentPort;
if (!port) throw new Error('sandbox-worker must run in a worker thread');
const send = (message: FromSandboxWorker) => port.postMessage(message);
const { options, testHooks } = workerData as SandboxWorkerData;

let started: ReturnType<typeof start> | undefined;

function start(sandboxOptions: SandboxOptions) {
  const running = startSandbox(sandboxOptions, { log: (line) => send({ type: 'log', line }) });
  running.then(
    (sandbox) =>
      send({
        type: 'ready',
        addresses: {
          apiUrl: sandbox.apiUrl,
          mqttUrl: sandbox.mqttUrl,
          eventsAddress: sandbox.eventsAddress,
          eventsTls: sandbox.eventsTls,
          algorithm: sandbox.algorithm,
          marketClock: sandbox.marketClock,
          marketTime: sandbox.marketTime,
        },
      }),
    (error: unknown) =>
      send({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
  return running;
}

if (options) started = start(options);

port.on('message', (message: ToSandboxWorker) => {
  if (message.type === 'start') {
    started ??= start(message.options);
    return;
  }
  if (message.type === 'crash' && testHooks) {
    if (message.how === 'exit') process.exit(3);
    // Thrown outside any handler that could catch it: an uncaught exception ends the thread.
    setImmediate(() => {
      throw new Error('sandbox worker crash requested by a test');
    });
    return;
  }
  if (message.type !== 'stop') return;
  (started ?? Promise.resolve(undefined))
    .then((sandbox) => sandbox?.stop())
    .catch((error: unknown) => send({ type: 'log', line: `sandbox: stop failed: ${String(error)}` }))
    .finally(() => {
      send({ type: 'stopped' });
      port.close();
    });
});
