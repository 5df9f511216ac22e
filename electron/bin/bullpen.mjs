#!/usr/bin/env node
// `npx bullpen …` with no build step: tsx compiles the TypeScript sources on the fly.
// `import 'tsx'` registers tsx's ESM *and* CommonJS hooks (what `node --import tsx` does). The
// ESM-only `register()` from 'tsx/esm/api' fails on Node ≥ 20.19 here (ERR_REQUIRE_CYCLE_MODULE):
// this package is CommonJS by default, so .ts files load through require(esm).
import 'tsx';

const mod = await import(new URL('../cli.ts', import.meta.url).href);
// A CommonJS-compiled module arrives as `default` through the ESM loader.
const main = mod.main ?? mod.default?.main;
await main(process.argv.slice(2));
