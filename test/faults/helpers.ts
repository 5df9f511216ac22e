export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * `vi.waitFor` options for a condition over real sockets: polled every 10 ms, bounded so a broken
 * build fails instead of hanging.
 */
export const WAIT = { timeout: 10_000, interval: 10 };
