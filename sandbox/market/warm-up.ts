import { performance } from 'node:perf_hooks';
import { computeBars } from './bars';
import type { MarketSimulator } from './simulator';

/**
 * Runs each hot routine of the market model once on one instrument at start (tens of
 * milliseconds, before the sandbox listens), so that the first real request is not also the one
 * that runs them in V8's unoptimised tiers (a cold 5,000-day bar query spent most of its time
 * there). It computes nothing a request reuses apart from that one instrument's figures, so a
 * request on a cold universe still does all of its own work (docs/sandbox.md "Performance").
 * Returns how long it took.
 */
export function warmUpMarket(sim: MarketSimulator, at = sim.now()): number {
  const started = performance.now();
  const seeds = sim.seeds();
  const info = seeds.find((s) => s.symbol === 'SPY') ?? seeds[0];
  if (!info) return 0;
  const paths = sim.paths();
  // Daily walk, daily figures, period grouping (W) and 5-minute buckets with one bucket's steps.
  for (const timespan of ['D', 'W', 'M5'] as const) computeBars(paths, info, { timespan, count: 120 }, at);
  // Running figures of every session and the quote.
  sim.snapshot(info.symbol, { extendHour: true, overnight: true }, at);
  sim.quote(info.symbol, at);
  return performance.now() - started;
}
