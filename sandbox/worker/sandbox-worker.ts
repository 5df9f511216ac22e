import { createRequire } from 'node:module';
import { yieldToApp } from './thread-priority';

/**
 * The sandbox's worker-thread entry (docs/architecture.md "Where the sandbox runs"). The thread
 * first sits below the app's own threads (thread-priority.ts), then loads the sandbox. The body is
 * required at run time, not imported: a bundle's imports all load before its first line runs, so
 * the sandbox's dependencies (zod, gRPC, aedes: most of a second of CPU on a busy machine, while
 * Chromium starts and the window loads) would load at the app's priority.
 */
yieldToApp();
createRequire(__filename)('./sandbox-worker-body');
