import { createRequire } from 'node:module';
import { join } from 'node:path';
import { app } from 'electron';
import { devOverrides } from '../services/dev-overrides';
import { opensOnSandbox } from '../services/opens-on-sandbox';
import { warmSandboxWorker } from '../services/sandbox-worker-client';
import type { startMain } from './main-body';

/**
 * Bullpen's main entry (docs/architecture.md "Startup order"). It takes the single-instance lock
 * and, when the app will open on the Sandbox environment, starts the sandbox's warm worker, and
 * only then loads main's body. A bundle's imports all load before its first line runs, so starting
 * the worker from the body would wait for the body's modules (zod and the schemas built from it,
 * the API client, MQTT, gRPC): a third of a second and more on a busy machine, on the first
 * screen's path. This file imports only what those first steps need.
 */
const overrides = devOverrides(process.env, app.isPackaged);
if (overrides.userDataDir) app.setPath('userData', overrides.userDataDir);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const sandboxWorkerFile = join(__dirname, 'sandbox-worker.js');
  // With the benchmark's external sandbox (development only) no worker is needed.
  const warmSandbox =
    overrides.benchSandbox === undefined && opensOnSandbox(join(app.getPath('userData'), 'environments.json'))
      ? warmSandboxWorker({ file: sandboxWorkerFile })
      : undefined;
  const body = createRequire(__filename)('./main-body') as { startMain: typeof startMain };
  body.startMain({ overrides, sandboxWorkerFile, warmSandbox });
}
