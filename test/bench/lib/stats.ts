/** Nearest-rank percentile of unsorted numbers; NaN for none (the report prints it as "n/a"). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const round = (n: number, places = 1) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Wall-clock Unix ms with sub-millisecond precision, comparable across processes (performance.timeOrigin). */
export const epochNow = () => performance.timeOrigin + performance.now();

export const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
