#!/usr/bin/env node
// The sandbox as a program of its own (docs/sandbox.md "The package"): `npm run sandbox`, or
// `node sandbox/bin/sandbox.mjs [--port N] [--data-dir DIR] …`. No build step: tsx compiles the
// TypeScript sources on the fly, as electron/bin/bullpen.mjs does for the app's CLI.
import 'tsx';

const mod = await import(new URL('../index.ts', import.meta.url).href);
// A CommonJS-compiled module arrives as `default` through the ESM loader.
const run = mod.runSandboxCommand ?? mod.default?.runSandboxCommand;
try {
  await run(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
