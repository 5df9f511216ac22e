export interface BundleManifest {
  /** Each input, relative to the repository: path, size, modification time (ms). */
  inputs: Array<[string, number, number]>;
}
export function isCurrent(manifest: unknown, repoRoot?: string): boolean;
export function standinBundle(cacheDir?: string): Promise<string>;
/** node_modules/.cache/bullpen-standin-<checkout>: the bundle and the stand-in's code cache. */
export function standinCacheDir(): string;
