import { performance } from 'node:perf_hooks';

/**
 * Work over the whole universe (a screener, a 1,000-symbol snapshot, an index fund's holdings)
 * done in slices: after each item, once the slice has run `budgetMs`, the loop yields to the event
 * loop (setImmediate), so quotes, other requests and trade events keep flowing while a cold
 * universe is computed (docs/sandbox.md "Performance"). Bounded by the items given.
 */
const SLICE_MS = 20;

export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T) => R,
  budgetMs = SLICE_MS,
): Promise<R[]> {
  const out: R[] = [];
  let started = performance.now();
  for (const item of items) {
    out.push(fn(item));
    if (performance.now() - started >= budgetMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
  return out;
}

/** mapInSlices for work that is itself asynchronous (it may slice its own part). */
export async function mapInSlicesAsync<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  budgetMs = SLICE_MS,
): Promise<R[]> {
  const out: R[] = [];
  let started = performance.now();
  for (const item of items) {
    out.push(await fn(item));
    if (performance.now() - started >= budgetMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
  return out;
}
