import { FLAT_HEAP_MB, FLAT_RSS_MB } from './scenarios/many-symbols';
/** The benchmark's plain-text table (docs/benchmark.md): each figure, its baseline, the ratio and the target. */
type Json = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
const fmt = (v: unknown) =>
  typeof v === 'boolean' ? String(v) : Number.isFinite(num(v)) ? String(num(v)) : 'n/a';
const ratio = (a: unknown, b: unknown) =>
  Number.isFinite(num(a)) && Number.isFinite(num(b)) && num(b) !== 0
    ? `${(num(a) / num(b)).toFixed(2)}×`
    : '';

/** Figures the table shows that the JSON does not carry (its keys are fixed, docs/benchmark.md). */
export interface TableExtras {
  /** The longest renderer task while paging back (0: none over 50 ms). */
  pageBackLongestTaskMs?: number;
  /** The pass ran beside the CPU burner (`--busy`): startup's target allows 1 s over twice the empty page, not 0.5 s. */
  busy?: boolean;
}

/** `a / b ≤ limit` as the met column shows it ('' when either figure is missing). */
const within = (a: unknown, b: unknown, limit: number) =>
  Number.isFinite(num(a)) && Number.isFinite(num(b)) && num(b) > 0 ? yes(num(a) / num(b) <= limit) : '';
const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
const known = (...v: unknown[]) => v.every((x) => Number.isFinite(num(x)));

/**
 * A figure beside its same-run baseline: the ratio, and with `limit` the target `≤ limit×` and
 * whether it is met (without, shown and not judged).
 */
const againstBaseline = (
  scenario: string,
  figure: string,
  value: unknown,
  baseline: unknown,
  baselineName: string,
  limit?: number,
) => [
  scenario,
  figure,
  fmt(value),
  `${fmt(baseline)} ${baselineName}`,
  ratio(value, baseline),
  limit === undefined ? '' : `≤ ${limit}×`,
  limit === undefined ? '' : within(value, baseline, limit),
];
/** Main's ingest beside the bare mqtt.js subscriber's, in the same run: at least half. */
const ingestRow = (scenario: string, figure: string, k: Json) => [
  scenario,
  figure,
  fmt(k.ingestedPerSec),
  `${fmt(k.baselineUpdatesPerSec)} bare mqtt.js`,
  ratio(k.ingestedPerSec, k.baselineUpdatesPerSec),
  '≥ 0.5×',
  known(k.ingestedPerSec, k.baselineUpdatesPerSec)
    ? yes(num(k.ingestedPerSec) >= 0.5 * num(k.baselineUpdatesPerSec))
    : '',
];

function tableRows(r: Json, extras: TableExtras = {}): string[][] {
  const s = r.streaming as Json;
  const c = r.chart as Json;
  const st = r.startup as Json;
  const rl = r.rateLimit as Json;
  const m = r.memory as Json;
  const e = r.eventLoop as Json;
  const sb = r.sandbox as Json;
  const startupSlack = extras.busy ? 1000 : 500;
  const startupLimit = 2 * num(st.baselineReadyMs) + startupSlack;
  const rows: string[][] = [
    ingestRow('streaming', 'ingested / s', s),
    ['streaming', 'applied / s (after conflation)', fmt(s.appliedPerSec), '', '', '', ''],
    againstBaseline('streaming', 'tick-to-paint p50 ms', s.p50Ms, s.baselineP50Ms, 'bare list', 1.5),
    againstBaseline('streaming', 'tick-to-paint p99 ms', s.p99Ms, s.baselineP99Ms, 'bare list', 2),
    [
      'streaming',
      'long tasks (> 50 ms)',
      fmt(s.longTasks),
      `${fmt(s.baselineLongTasks)} bare page`,
      '',
      '≤ bare',
      known(s.longTasks, s.baselineLongTasks) ? yes(num(s.longTasks) <= num(s.baselineLongTasks)) : '',
    ],
    [
      'streaming',
      'final state exact',
      fmt(s.finalStateExact),
      '',
      '',
      'true',
      yes(s.finalStateExact === true),
    ],
    againstBaseline(
      'chart',
      'first paint ms (100k bars)',
      c.firstPaintMs,
      c.baselineFirstPaintMs,
      'bare',
      1.15,
    ),
    againstBaseline(
      'chart',
      'data in hand → first setData ms',
      c.dataToSetDataMs,
      c.baselineDataToSetDataMs,
      'bare',
      2,
    ),
    againstBaseline(
      'chart',
      'last-bar update median ms',
      c.updateMedianMs,
      c.baselineUpdateMedianMs,
      'bare',
      1.25,
    ),
    againstBaseline(
      'chart',
      'page back ms (+5k to 100k)',
      c.pageBackMs,
      c.baselineFirstPaintMs,
      'bare first paint',
    ),
    [
      'chart',
      'page back longest task ms',
      fmt(extras.pageBackLongestTaskMs),
      '',
      '',
      '≤ 200',
      known(extras.pageBackLongestTaskMs) ? yes(num(extras.pageBackLongestTaskMs) <= 200) : '',
    ],
    [
      'startup',
      'ready ms (live watchlist)',
      fmt(st.readyMs),
      `${fmt(st.baselineReadyMs)} empty page`,
      ratio(st.readyMs, st.baselineReadyMs),
      `≤ 2× + ${startupSlack / 1000} s (${Number.isFinite(startupLimit) ? startupLimit : 'n/a'})`,
      known(st.readyMs, startupLimit) ? yes(num(st.readyMs) <= startupLimit) : '',
    ],
    ['rateLimit', 'snapshot calls', fmt(rl.snapshotCalls), '', '', '≤ 20', yes(num(rl.snapshotCalls) <= 20)],
    ['rateLimit', 'bars calls', fmt(rl.barsCalls), '', '', '≤ 20', yes(num(rl.barsCalls) <= 20)],
    [
      'rateLimit',
      'calls (all)',
      fmt(num(rl.snapshotCalls) + num(rl.barsCalls)),
      `${fmt(rl.baselineCalls)} naive`,
      ratio(num(rl.snapshotCalls) + num(rl.barsCalls), rl.baselineCalls),
      '',
      '',
    ],
    [
      'rateLimit',
      'rejections (429)',
      fmt(rl.rejections),
      `${fmt(rl.baselineRejections)} naive`,
      '',
      '0',
      yes(num(rl.rejections) === 0),
    ],
    [
      'rateLimit',
      'max calls / rolling min',
      fmt(rl.maxPerMinute),
      '',
      '',
      '≤ 300',
      yes(num(rl.maxPerMinute) <= 300),
    ],
    ['rateLimit', 'fill ms (1,000 symbols)', fmt(rl.fillMs), '', '', '< 60000', yes(num(rl.fillMs) < 60_000)],
    [
      'memory',
      'renderer heap MB',
      fmt(m.heapMb),
      `${fmt(m.baselineHeapMb)} after warm-up`,
      growth(num(m.heapMb) - num(m.baselineHeapMb)),
      '≤ +20 MB',
      known(m.heapMb, m.baselineHeapMb) ? yes(num(m.heapMb) - num(m.baselineHeapMb) <= 20) : '',
    ],
    [
      'memory',
      'main RSS MB',
      fmt(m.mainRssMb),
      `${fmt(m.baselineMainRssMb)} after warm-up`,
      growth(num(m.mainRssMb) - num(m.baselineMainRssMb)),
      '≤ +20 MB',
      known(m.mainRssMb, m.baselineMainRssMb) ? yes(num(m.mainRssMb) - num(m.baselineMainRssMb) <= 20) : '',
    ],
    againstBaseline('eventLoop', 'main max ms', e.maxMs, e.baselineMaxMs, 'bare process'),
    againstBaseline('eventLoop', 'main p99 ms', e.p99Ms, e.baselineP99Ms, 'bare process', 2),
    ...scaleRows(r.scale as Json | undefined),
    ...manySymbolsRows(r.manySymbols as Json | undefined),
    ...phaseRows(r.diagnostics as Json | undefined),
    ...soakRows(r.soak as Json | undefined),
  ];
  const base = num(sb.baselineP50Ms);
  for (const [name, v] of Object.entries(sb)) {
    if (name === 'baselineP50Ms') continue;
    const x = v as Json;
    rows.push([
      'sandbox',
      `${name} p50 / p99 ms`,
      `${fmt(x.p50Ms)} / ${fmt(x.p99Ms)}`,
      `${fmt(base)} trivial call`,
      ratio(x.p50Ms, base),
      '',
    ]);
  }
  return rows;
}

/** The watchlist scrolled during the flood (docs/benchmark.md "scale"). */
function scaleRows(k: Json | undefined): string[][] {
  if (!k) return [];
  // Judged in the display's frames; the milliseconds beside them (docs/benchmark.md "scale").
  const frames = (p: 'P50' | 'P99') => {
    const value = k[`scrollFrame${p}Frames`];
    const row = againstBaseline(
      'scale',
      `scroll 1,000 rows: frame ${p.toLowerCase()}, frames (ms)`,
      value,
      k[`baselineScrollFrame${p}Frames`],
      `(${fmt(k[`baselineScrollFrame${p}Ms`])}) bare list`,
      1.5,
    );
    // The value cell shows the milliseconds too; the ratio and the verdict are the frames'.
    return [...row.slice(0, 2), `${fmt(value)} (${fmt(k[`scrollFrame${p}Ms`])})`, ...row.slice(3)];
  };
  return [
    frames('P50'),
    frames('P99'),
    ['scale', 'rows shown without a price', fmt(k.rowsNotLive), '', '', '0', yes(num(k.rowsNotLive) === 0)],
  ];
}

/** 5,000 symbols through main (docs/benchmark.md "manySymbols"), when it ran. */
function manySymbolsRows(k: Json | undefined): string[][] {
  if (!k) return [];
  const n = `${fmt(k.symbols)} symbols`;
  const memory = (what: string, start: unknown, mid: unknown, end: unknown, slack: number) => [
    'manySymbols',
    `main ${what} MB start / mid / end`,
    `${fmt(start)} / ${fmt(mid)} / ${fmt(end)}`,
    '',
    growth(num(end) - num(mid)),
    `end ≤ mid + ${slack} MB`,
    known(mid, end) ? yes(num(end) - num(mid) <= slack) : '',
  ];
  return [
    ingestRow('manySymbols', `ingested / s (${n}, ${fmt(k.connections)} connection)`, k),
    memory('heap', k.mainHeapStartMb, k.mainHeapMidMb, k.mainHeapEndMb, FLAT_HEAP_MB),
    memory('RSS', k.mainRssStartMb, k.mainRssMidMb, k.mainRssEndMb, FLAT_RSS_MB),
    [
      'manySymbols',
      'main memory flat',
      fmt(k.mainMemoryFlat),
      '',
      '',
      'true',
      yes(k.mainMemoryFlat === true),
    ],
    ['manySymbols', 'updates sent to the window / s', fmt(k.appliedPerSec), '', '', '', ''],
    againstBaseline(
      'manySymbols',
      'symbols sent to the window',
      k.windowSymbolsSent,
      k.rowsRendered,
      'rows rendered',
      2,
    ),
  ];
}

/** The trading day (docs/benchmark.md "soak"), when it ran. */
function soakRows(k: Json | undefined): string[][] {
  if (!k) return [];
  const day = `${fmt(k.daySeconds)} s, ${fmt(k.symbols)} symbols, market ×${fmt(k.marketSpeed)}`;
  return [
    ['soak', 'a trading day', day, '', '', ''],
    [
      'soak',
      'main RSS MB, start of day',
      fmt(k.mainRssStartMb),
      '',
      growth(num(k.mainRssGrowthMb)),
      '≤ +20 MB',
    ],
    ['soak', 'main heap growth MB', fmt(k.mainHeapGrowthMb), '', '', '≤ +20 MB'],
    [
      'soak',
      'renderer heap MB, start of day',
      fmt(k.rendererHeapStartMb),
      '',
      growth(num(k.rendererHeapGrowthMb)),
      '≤ +20 MB',
    ],
    [
      'soak',
      'main event loop p99 / max ms',
      `${fmt(k.eventLoopP99Ms)} / ${fmt(k.eventLoopMaxMs)}`,
      '',
      '',
      '',
    ],
    [
      'soak',
      'reconnects quotes / events',
      `${fmt(k.quoteReconnects)} / ${fmt(k.eventReconnects)}`,
      `${fmt(k.quoteDrops)} / ${fmt(k.eventDrops)} drops`,
      '',
      '= drops',
    ],
    [
      'soak',
      'errors: page / console / main log / unhandled',
      [k.pageErrors, k.consoleErrors, k.mainLogErrors, k.unhandledRejections].map(fmt).join(' / '),
      '',
      '',
      '0',
    ],
    [
      'soak',
      'orders filled / cancelled; alerts fired',
      `${fmt(k.ordersFilled)} / ${fmt(k.ordersCancelled)}; ${fmt(k.alertsFired)}`,
      '',
      '',
      '',
    ],
    [
      'soak',
      'main timers / handles growth',
      `${fmt(k.mainTimersGrowth)} / ${fmt(k.mainHandlesGrowth)}`,
      '',
      '',
      '≤ 0',
    ],
    ['soak', 'every link live at the end', fmt(k.linksLiveAtEnd), '', '', 'true'],
  ];
}

/** Main's event loop in each phase (the fixed keys hold the worse of the two, judged against the bare process). */
function phaseRows(d: Json | undefined): string[][] {
  const phases: Array<[string, unknown]> = [
    ['during the flood', d?.eventLoopStreaming],
    ['during cold sandbox calls', d?.eventLoopSandboxCalls],
  ];
  return phases
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => [
      'eventLoop',
      `main max / p99 ms ${name}`,
      `${fmt((v as Json).maxMs)} / ${fmt((v as Json).p99Ms)}`,
      '',
      '',
      '',
    ]);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
/** A signed change in MB ("+1.5 MB", "−40.5 MB"). */
function growth(mb: number): string {
  if (!Number.isFinite(mb)) return '';
  const r = round1(mb);
  return `${r < 0 ? '−' : '+'}${Math.abs(r)} MB`;
}

export function formatTable(r: Json, extras: TableExtras = {}): string {
  const header = ['scenario', 'figure', 'value', 'baseline (same run)', 'ratio', 'target', 'met'];
  const rows = [header, ...tableRows(r, extras)];
  const widths = header.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    `| ${header.map((_, i) => (row[i] ?? '').padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}
