/**
 * Replaced by the build (electron.vite.config.mts `benchHooksFlag`): true in every build but a
 * packaged one (`electron-vite build --mode package`, the `dist` script), whose bundle then has no
 * code of `npm run bench`'s hooks (electron/services/bench-hooks.ts).
 */
declare const __BULLPEN_BENCH_HOOKS__: boolean;
