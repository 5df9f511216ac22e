import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run bench -- --smoke --json FILE` (docs/benchmark.md) produces every key of every scenario,
 * each a number or a boolean. No figure is judged here: the machine may be loaded.
 */
const KEYS: Record<string, string[]> = {
  streaming: [
    'ingestedPerSec',
    'appliedPerSec',
    'p50Ms',
    'p99Ms',
    'longTasks',
    'finalStateExact',
    'baselineUpdatesPerSec',
    'baselineP50Ms',
    'baselineP99Ms',
    'baselineLongTasks',
  ],
  chart: [
    'firstPaintMs',
    'baselineFirstPaintMs',
    'dataToSetDataMs',
    'baselineDataToSetDataMs',
    'updateMedianMs',
    'baselineUpdateMedianMs',
    'pageBackMs',
  ],
  startup: ['readyMs', 'baselineReadyMs'],
  rateLimit: [
    'snapshotCalls',
    'barsCalls',
    'rejections',
    'maxPerMinute',
    'fillMs',
    'baselineCalls',
    'baselineRejections',
  ],
  memory: ['heapMb', 'baselineHeapMb', 'mainRssMb', 'baselineMainRssMb'],
  eventLoop: ['maxMs', 'p99Ms', 'baselineMaxMs', 'baselineP99Ms'],
  scale: [
    'scrollFrameP50Ms',
    'scrollFrameP99Ms',
    'baselineScrollFrameP50Ms',
    'baselineScrollFrameP99Ms',
    'scrollFrameP50Frames',
    'scrollFrameP99Frames',
    'baselineScrollFrameP50Frames',
    'baselineScrollFrameP99Frames',
    'rowsNotLive',
  ],
  manySymbols: [
    'symbols',
    'connections',
    'ingestedPerSec',
    'baselineUpdatesPerSec',
    'appliedPerSec',
    'windowSymbolsSent',
    'rowsRendered',
    'mainHeapStartMb',
    'mainHeapMidMb',
    'mainHeapEndMb',
    'mainRssStartMb',
    'mainRssMidMb',
    'mainRssEndMb',
    'mainMemoryFlat',
  ],
};
const SANDBOX_CALLS = [
  'snapshot1',
  'snapshot100',
  'snapshot1000',
  'barsM1200',
  'barsM11200',
  'barsD200',
  'barsD1200',
  'screener',
  'fundamentals',
];

describe('npm run bench -- --smoke', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bullpen-bench-smoke-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every scenario key, each numeric or boolean', () => {
    const file = join(dir, 'bench.json');
    // npm test builds the app first; without a build the benchmark makes one.
    const args = ['run', 'bench', '--', '--smoke', '--json', file];
    if (existsSync('out/main/index.js')) args.push('--no-build');
    const run = spawnSync('npm', args, { encoding: 'utf8', timeout: 900_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const result = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    for (const [scenario, keys] of Object.entries(KEYS)) {
      // Exactly these keys: anything else a scenario explains goes under `diagnostics`.
      expect(Object.keys(result[scenario] ?? {}).sort(), scenario).toEqual([...keys].sort());
      for (const key of keys) {
        const value = result[scenario]?.[key];
        const ok = typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
        expect(ok, `${scenario}.${key} = ${JSON.stringify(value)}`).toBe(true);
      }
    }
    // Startup's baseline is started as the stand-in starts; the one from the benchmark's own process stays beside it.
    expect(Number.isFinite(result.diagnostics?.startupWarmEmptyPageMs)).toBe(true);
    // The cold calls' figure is the median of the starts' windows, each start's beside it (one in a smoke run).
    const calls = result.diagnostics?.eventLoopSandboxCalls as
      { each?: Array<{ p99Ms?: unknown }> } | undefined;
    expect(calls?.each?.length).toBe(1);
    expect(Number.isFinite(calls?.each?.[0]?.p99Ms)).toBe(true);
    // The scroll's bare list draws the app's row in view: more than the two texts of the list it
    // replaced (scrolled after it, a diagnostic), no more cells than the app's row renders.
    const scroll = result.diagnostics?.scroll as Record<string, number> | undefined;
    expect(scroll?.bareCellsARow).toBeGreaterThan(2);
    expect(scroll?.bareCellsARow).toBeLessThanOrEqual(scroll?.appCellsARow ?? 0);
    expect(Number.isFinite(scroll?.minimalListScrollFrameP99Ms)).toBe(true);
    expect(Number.isFinite(scroll?.displayPeriodMs)).toBe(true);
    // The app's main and the bare process carry the flood at one priority (main's, as Electron's).
    const nice = result.diagnostics?.transportNice as { main?: unknown; bare?: unknown } | undefined;
    expect(Number.isInteger(nice?.main)).toBe(true);
    expect(nice?.bare).toBe(nice?.main);
    // The window's frames over 50 ms, each with the scripts that ran longest in it (often none).
    expect(Array.isArray(result.diagnostics?.longFrames)).toBe(true);
    expect(Object.keys(result.sandbox ?? {}).sort()).toEqual(
      ['baselineP50Ms', ...SANDBOX_CALLS.flatMap((c) => [`${c}Cold`, `${c}Warm`])].sort(),
    );
    expect(Number.isFinite(result.sandbox?.baselineP50Ms)).toBe(true);
    for (const call of SANDBOX_CALLS)
      for (const temp of ['Cold', 'Warm']) {
        const figures = result.sandbox?.[`${call}${temp}`] as
          { p50Ms?: unknown; p99Ms?: unknown } | undefined;
        expect(Number.isFinite(figures?.p50Ms), `sandbox.${call}${temp}.p50Ms`).toBe(true);
        expect(Number.isFinite(figures?.p99Ms), `sandbox.${call}${temp}.p99Ms`).toBe(true);
      }
  }, 960_000);
});
