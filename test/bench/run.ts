import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { runChart } from './scenarios/chart';
import { FULL_MANY_SYMBOLS, runManySymbols, SMOKE_MANY_SYMBOLS } from './scenarios/many-symbols';
import { runRateLimit } from './scenarios/rate-limit';
import { runSandboxCalls } from './scenarios/sandbox';
import { FULL_SOAK, runSoak, SHORT_SOAK } from './scenarios/soak';
import { runStartup } from './scenarios/startup';
import { FULL_STREAMING, runStreaming, SMOKE_STREAMING } from './scenarios/streaming';
import { formatTable } from './report';
import { startBusy } from './lib/busy';
import { log, round } from './lib/stats';

/**
 * `npm run bench [-- --smoke] [-- --busy] [-- --json FILE] [-- --no-build]` (docs/benchmark.md).
 * Every figure stands beside a baseline measured in the same run; nothing here fails on a figure,
 * only on a figure that could not be produced. `--busy`: every scenario once more with one core's
 * worth of CPU-bound work beside it (lib/busy.ts), both tables reported.
 */
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const busy = args.includes('--busy');
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
if (jsonAt >= 0 && !jsonFile) {
  process.stderr.write('--json needs a file name\n');
  process.exit(2);
}
// `--only streaming,chart`: re-run some scenarios (a figure disturbed by load); JSON only, no table.
const onlyAt = args.indexOf('--only');
const SCENARIOS = ['sandbox', 'rateLimit', 'chart', 'startup', 'streaming', 'manySymbols', 'soak'] as const;
// The smoke mode leaves the soak out unless asked for: `npm test` runs its short form on its own
// (test/bench/soak.test.ts), so the smoke test does not pay for it twice.
const DEFAULT = smoke ? SCENARIOS.filter((n) => n !== 'soak') : [...SCENARIOS];
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : DEFAULT;
if (only.length === 0 || only.some((n) => !(SCENARIOS as readonly string[]).includes(n))) {
  process.stderr.write(`--only takes a comma-separated list of ${SCENARIOS.join(', ')}\n`);
  process.exit(2);
}
const runs = (name: string) => only.includes(name);

async function main() {
  // The app under test is the built one (out/): build it unless told it is fresh.
  if (!args.includes('--no-build') || !existsSync('out/main/index.js')) {
    log('building the app (electron-vite build)');
    const built = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('electron-vite build failed');
  }
  const quiet = await runAll('quiet');
  let busyResult: Awaited<ReturnType<typeof runAll>> | undefined;
  if (busy) {
    const burner = startBusy();
    try {
      busyResult = await runAll('busy');
    } finally {
      burner.stop();
    }
  }
  const full = DEFAULT.every((n) => only.includes(n));
  const out = busyResult ? { ...quiet.result, busy: busyResult.result } : quiet.result;
  if (full) {
    process.stdout.write(`${busy ? 'quiet\n' : ''}${formatTable(quiet.result, quiet.extras)}\n`);
    if (busyResult)
      process.stdout.write(
        `\nbusy (one core's worth of CPU-bound work beside it)\n${formatTable(busyResult.result, { ...busyResult.extras, busy: true })}\n`,
      );
  } else process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(out, null, 2) + '\n');
}

/** Every scenario asked for, once; `label` names the pass in the log (quiet or busy). */
async function runAll(label: string) {
  const started = performance.now();
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    if (!runs(name)) return undefined;
    const t0 = performance.now();
    log(`${name} (${label})…`);
    const value = await run();
    // Each scenario's figures as soon as they exist: a run cut short still leaves them in the log.
    log(
      `${name} (${label}) done in ${Math.round((performance.now() - t0) / 1000)} s: ${JSON.stringify(value)}`,
    );
    return value;
  };
  const sandbox = await step('sandbox', () =>
    runSandboxCalls(smoke ? { cold: 2, warm: 3 } : { cold: 5, warm: 10 }),
  );
  const rateLimit = await step('rateLimit', () => runRateLimit(1_000));
  const chartRun = await step('chart', () =>
    runChart(
      smoke
        ? { runs: 1, bars: 20_000, updates: 10, older: 5_000 }
        : { runs: 3, bars: 100_000, updates: 60, older: 5_000 },
    ),
  );
  const chart = chartRun?.figures;
  // Three cold starts: a nearest-rank median of two would be the faster of the two.
  const startup = await step('startup', () => runStartup(smoke ? 1 : 3));
  const streamed = await step('streaming', () => runStreaming(smoke ? SMOKE_STREAMING : FULL_STREAMING));
  // 5,000 symbols through main (docs/benchmark.md "manySymbols").
  const many = await step('manySymbols', () =>
    runManySymbols(smoke ? SMOKE_MANY_SYMBOLS : FULL_MANY_SYMBOLS),
  );
  // Last: a trading day at an accelerated market clock (docs/benchmark.md "soak").
  const soaked = await step('soak', () => runSoak(smoke ? SHORT_SOAK : FULL_SOAK));
  const phases = [streamed?.eventLoopStreaming, startup?.eventLoopSandboxCalls].filter(
    (x) => x !== undefined,
  );
  // Judged against a bare Node process doing the same socket reads (scenarios/streaming-bare.ts).
  const eventLoop =
    phases.length === 0
      ? undefined
      : {
          maxMs: round(Math.max(...phases.map((x) => x.maxMs))),
          p99Ms: round(Math.max(...phases.map((x) => x.p99Ms))),
          baselineMaxMs: round(streamed?.eventLoopBare.maxMs ?? Number.NaN),
          baselineP99Ms: round(streamed?.eventLoopBare.p99Ms ?? Number.NaN),
        };
  // What explains the figures, kept apart so each scenario holds exactly its fixed keys.
  const diagnostics = {
    eventLoopStreaming: streamed && {
      maxMs: round(streamed.eventLoopStreaming.maxMs),
      p99Ms: round(streamed.eventLoopStreaming.p99Ms),
    },
    // The empty page opened from the benchmark's own process, Playwright already loaded (startup.ts).
    startupWarmEmptyPageMs: startup?.warmEmptyPageMs,
    // The median of the starts' windows (startup.ts); each start's beside it.
    eventLoopSandboxCalls: startup && {
      maxMs: round(startup.eventLoopSandboxCalls.maxMs),
      p99Ms: round(startup.eventLoopSandboxCalls.p99Ms),
      each: startup.sandboxCallsEach,
    },
    ...streamed?.diagnostics,
    ...many?.diagnostics,
    soak: soaked?.diagnostics,
  };
  const result = {
    meta: {
      mode: smoke ? 'smoke' : 'full',
      load: label,
      scenarios: only,
      node: process.version,
      cores: (await import('node:os')).cpus().length,
      loadAverage: (await import('node:os')).loadavg().map((n) => round(n, 2)),
      seconds: round((performance.now() - started) / 1000, 0),
      at: new Date().toISOString(),
    },
    streaming: streamed?.streaming,
    chart,
    startup: startup?.startup,
    rateLimit,
    memory: streamed?.memory,
    scale: streamed?.scale,
    manySymbols: many?.manySymbols,
    eventLoop,
    sandbox,
    soak: soaked?.soak,
    diagnostics,
  };
  return { result, extras: { pageBackLongestTaskMs: chartRun?.pageBackLongestTaskMs } };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
