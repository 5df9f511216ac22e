export interface CompileCacheStats {
  /** Files compiled from cached data. */
  hits: number;
  /** Files compiled from source, then cached. */
  written: number;
  /** Cached data V8 refused (another source, V8 version or flags). */
  rejected: number;
  /** Entries kept for another version of the file (replaced). */
  stale: number;
}
export function installCompileCache(options: {
  dir: string;
  include: (file: string) => boolean;
}): CompileCacheStats;
