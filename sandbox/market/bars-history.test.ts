import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeBars } from './bars';
import { nyInstant, RTH_OPEN_MIN, tradingDayAt } from '../../shared/market/calendar';
import { PricePaths } from './price-path';
import { lookupSeed, type UniverseSeed } from './universe';

const NOW = Date.UTC(2026, 10, 20, 17, 0, 0); // Friday 12:00 New York
const paths = new PricePaths(42);
const AAPL = lookupSeed('AAPL') as UniverseSeed;
/** The first day the calendar (and so the price history) has. */
const FIRST_DAY = tradingDayAt(0);
const FIRST_OPEN = nyInstant(FIRST_DAY, RTH_OPEN_MIN);

/**
 * A query that walks back past the first day of history once looped forever. The first test runs
 * such a query in a child process with a time limit, so a regression fails instead of hanging the
 * runner; the others run in process once that one has shown the walk ends.
 */
describe('bars at the start of history', () => {
  it('Y×50 and M×400 answer (in a child process with a time limit)', () => {
    const script = fileURLToPath(new URL('./testing/bars-history-probe.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 20_000,
      killSignal: 'SIGKILL',
    });
    expect(run.signal, 'the probe was killed: the bars walk did not end').toBeNull();
    expect(run.status, run.stderr).toBe(0);
    const counts = JSON.parse(run.stdout) as { Y: number; M: number };
    expect(counts.Y).toBeGreaterThan(30);
    expect(counts.M).toBe(400);
  });

  it('asking for more bars than exist gives what exists, each day once, oldest first', () => {
    const years = computeBars(paths, AAPL, { timespan: 'Y', count: 1200 }, NOW);
    expect(years[0]?.time).toBe(FIRST_OPEN);
    expect(years.length).toBe(new Date(NOW).getUTCFullYear() - new Date(FIRST_OPEN).getUTCFullYear() + 1);
    const times = years.map((b) => b.time);
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a range ending before history starts is empty, one starting there begins at the first day', () => {
    for (const timespan of ['D', 'W', 'M', 'Y', 'M1', 'M60'] as const) {
      expect(
        computeBars(paths, AAPL, { timespan, endTime: FIRST_OPEN - 86_400_000, count: 10 }, NOW),
      ).toEqual([]);
      const first = computeBars(
        paths,
        AAPL,
        { timespan, startTime: FIRST_OPEN - 86_400_000 * 30, endTime: FIRST_OPEN + 3_600_000, count: 1200 },
        NOW,
      );
      expect(first.length, timespan).toBeGreaterThan(0);
      expect(first[0]?.time, timespan).toBe(FIRST_OPEN);
    }
  });

  it('intraday bars never repeat the first day when walking past it', () => {
    const bars = computeBars(
      paths,
      AAPL,
      { timespan: 'M240', endTime: FIRST_OPEN + 86_400_000 * 3, count: 1200 },
      NOW,
    );
    const times = bars.map((b) => b.time);
    expect(new Set(times).size).toBe(times.length);
    expect(times[0]).toBe(FIRST_OPEN);
  });
});
