import { instrumentIdOf, UNIVERSE, type UniverseSeed } from './universe';

/**
 * Benchmark-only instruments (`SandboxOptions.syntheticSymbols`, `--synthetic-symbols N`,
 * docs/sandbox.md "Synthetic instruments"): the real universe has about a thousand instruments and
 * a benchmark of main's quote path wants several thousand. The n-th synthetic stock is named
 * `SYN` and five digits (never a real ticker) and copies the reference figures of the real stock it
 * is modelled on (the n-th, round robin), so its price path, volume and book are as believable
 * as that stock's, but its own: the price path is a function of (seed, symbol). Pure and cheap:
 * no file, no randomness.
 */
export const MAX_SYNTHETIC_SYMBOLS = 20_000;

const PREFIX = 'SYN';

export function syntheticSymbol(n: number): string {
  return `${PREFIX}${String(n).padStart(5, '0')}`;
}

export function syntheticSeeds(count: number): UniverseSeed[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SYNTHETIC_SYMBOLS)
    throw new Error(`syntheticSymbols must be an integer in 0..${MAX_SYNTHETIC_SYMBOLS}`);
  // Stocks only (no fund data to copy).
  const models = UNIVERSE.filter((s) => s.category === 'US_STOCK');
  const seeds: UniverseSeed[] = [];
  for (let n = 1; n <= count; n++) {
    const model = models[(n - 1) % models.length] as UniverseSeed;
    const symbol = syntheticSymbol(n);
    seeds.push({
      ...model,
      symbol,
      instrument_id: instrumentIdOf(symbol),
      name: `Synthetic ${n} (after ${model.symbol})`,
      // In no index: fund holdings and index screens stay those of the real universe.
      indexes: [],
    });
  }
  return seeds;
}
