export interface BundleManifest {
  /** Each input, relative to the repository: path, size, modification time (ms). */
  inputs: Array<[string, number, number]>;
}
export function isCurrent(manifest: unknown, repoRoot?: string): boolean;
export function standinBundle(cacheDir?: string): Promise<string>;
