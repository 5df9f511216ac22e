// The Electron stand-in's entry (docs/testing.md): `node electron/standin/launch.mjs`. The stand-in
// is TypeScript, loaded through tsx's require hook, which is removed again before the built main
// loads: main, its dependencies and the sandbox's worker are plain JavaScript, and a global loader
// (`node --import tsx`) started a loader thread and put every one of their modules through its
// hooks, which cost the app's start (docs/testing.md).
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

const unregister = register();
const require = createRequire(import.meta.url);
const { runStandin } = require('./run-main.ts');
runStandin({ beforeMain: unregister });
