import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMarketSimulator } from '../../../sandbox/testing';
import { startSandbox, type SandboxHandle, type SandboxOverrides } from '../../../sandbox/index';
import type { SandboxOptions } from '../../../sandbox/index';
import type { WatchlistFile } from '../../../sandbox/testing';

/**
 * A regular session's morning (Wednesday 18 Nov 2026, 10:00 New York): the market moves whatever
 * the day the benchmark runs, so quotes change and bars are forming.
 */
const BENCH_MARKET_START = Date.parse('2026-11-18T15:00:00Z');
export const BENCH_SANDBOX_CLOCK = '2026-11-18T15:00:00Z';

export interface BenchInstrument {
  symbol: string;
  instrument_id: string;
  category: string;
  name: string;
}

/**
 * The first `n` instruments of the sandbox universe (stocks and ETFs), as the simulator lists them;
 * `synthetic`: with that many synthetic stocks after the real ones (SandboxOptions.syntheticSymbols).
 */
function universe(n: number, synthetic = 0): BenchInstrument[] {
  const sim = createMarketSimulator({
    seed: 42,
    clock: () => BENCH_MARKET_START,
    syntheticSymbols: synthetic,
  });
  return sim
    .universe()
    .slice(0, n)
    .map((u) => ({ symbol: u.symbol, instrument_id: u.instrument_id, category: u.category, name: u.name }));
}

export interface BenchSandbox {
  sandbox: SandboxHandle;
  instruments: BenchInstrument[];
  stop(): Promise<void>;
}

/**
 * A sandbox in this process with its watchlist "Default" holding `watchlistSize` instruments
 * (written to its data folder before it starts), the market clock pinned to BENCH_MARKET_START.
 * More than the real universe's 1,023 needs `options.syntheticSymbols` (docs/sandbox.md).
 */
export async function startBenchSandbox(opts: {
  watchlistSize: number;
  options?: SandboxOptions;
  overrides?: SandboxOverrides;
}): Promise<BenchSandbox> {
  const instruments = universe(opts.watchlistSize, opts.options?.syntheticSymbols);
  if (instruments.length < opts.watchlistSize)
    throw new Error(`the sandbox lists ${instruments.length} instruments, not ${opts.watchlistSize}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-bench-sandbox-'));
  const now = Date.now();
  const file: WatchlistFile = {
    nextId: 2,
    watchlists: [
      {
        watchlist_id: 'WL1',
        name: 'Default',
        sort: 0,
        created_at: now,
        updated_at: now,
        instruments: instruments.map((i, sort) => ({ ...i, sort })),
      },
    ],
  };
  writeFileSync(join(dataDir, 'watchlists.json'), JSON.stringify(file));
  const sandbox = await startSandbox(
    { marketStartAt: BENCH_MARKET_START, ...opts.options, dataDir },
    { log: () => undefined, ...opts.overrides },
  );
  return {
    sandbox,
    instruments,
    async stop() {
      await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
