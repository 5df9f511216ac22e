/** Nearest-rank percentile of unsorted numbers; NaN for none (the report prints it as "n/a"). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/**
 * The display's frame period, from the scrolls' frame times: their 10th percentile (an animation
 * frame's time is a whole number of periods, give or take the timer's coarsening, and far more than a
 * tenth of either list's frames are drawn on time in every run).
 */
export function displayPeriodMs(frameMs: readonly number[]): number {
  return percentile(frameMs, 10);
}

/**
 * Frame times as whole display frames: the time between two animation frames is 16.7 ms, 33.3 or
 * 50.0 at 60 Hz, give or take the page timer's coarsening (a tenth of a millisecond), which then
 * decides no ratio (50.0 against 33.3 is three frames against two, not 1.502×).
 */
export function inFrames(frameMs: readonly number[], periodMs: number): number[] {
  return frameMs.map((ms) => Math.max(1, Math.round(ms / periodMs)));
}

export const round = (n: number, places = 1) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Wall-clock Unix ms with sub-millisecond precision, comparable across processes (performance.timeOrigin). */
export const epochNow = () => performance.timeOrigin + performance.now();

export const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
