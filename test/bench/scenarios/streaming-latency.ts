import type { TraceEntry } from '../../../electron/services/bench-hooks';
import { formatPrice } from '../../../renderer/lib/format';
import { percentile, round } from '../lib/stats';

/**
 * Tick-to-paint from the benchmark's records (docs/benchmark.md "streaming"): painted changes
 * matched to the publish of their value, and the split of that time by main's price trace.
 */
export interface MatchedPaint {
  symbol: string;
  text: string;
  /** The frame that showed it, Unix ms. */
  at: number;
  /** When the page's DOM took the new text (React's commit), Unix ms. */
  committed: number;
  /**
   * When it was shown: the frame's time, but no earlier than the commit. A frame's time is when
   * the frame began, and a commit made after that, before the frame's callbacks ran, is painted in
   * that same frame, so `at` can precede `committed` (and, on a fast path, the publish itself).
   */
  shown: number;
  /** When the publisher first wrote that value, Unix ms. */
  published: number;
}

/** The same wall clock read by different processes: slack for their rounding. */
const CLOCK_SLACK_MS = 2;

/** Every painted change whose value the publisher sent, with its publish time. */
export function tickToPaint(
  paints: ReadonlyArray<readonly [string, string, number, number?]>,
  runs: Map<string, Array<[string, number]>>,
): MatchedPaint[] {
  const out: MatchedPaint[] = [];
  for (const [symbol, text, at, committedAt] of paints) {
    const list = runs.get(symbol);
    if (!list) continue;
    const committed = committedAt ?? at;
    // The newest run of this value that began before the DOM took it (CLOCK_SLACK_MS for the two
    // processes' clocks): under a flood the screen can be behind the newest publish, so a painted
    // value is matched to its own run, however old. Matching by the frame's time instead matched
    // a value published a few ms after its frame began to its previous run, seconds earlier.
    for (let i = list.length - 1; i >= 0; i--) {
      const run = list[i];
      if (!run || run[1] > committed + CLOCK_SLACK_MS || run[0] !== text) continue;
      out.push({ symbol, text, at, committed, shown: Math.max(at, committed), published: run[1] });
      break;
    }
  }
  return out;
}

/**
 * Where tick-to-paint goes (docs/benchmark.md "latency split"), from main's price trace: publish →
 * main decoded the value (the sockets and the publisher's window), decoded → sent to the window
 * (read budget, conflation, stream hub), sent → the page's DOM changed (IPC, the store, React's
 * commit), DOM changed → the frame that shows it. Only
 * paints published after the trace began; a stage missing from the trace drops the sample.
 */
export function latencySplit(matched: MatchedPaint[], trace: readonly TraceEntry[], tracedFrom: number) {
  const bySymbol = new Map<string, Array<[TraceEntry[0], string, number]>>();
  for (const [kind, symbol, price, at] of trace) {
    let list = bySymbol.get(symbol);
    if (!list) bySymbol.set(symbol, (list = []));
    list.push([kind, formatPrice(price), at]);
  }
  const first = (symbol: string, kind: TraceEntry[0], text: string, from: number, to: number) =>
    bySymbol
      .get(symbol)
      ?.find(
        ([k, t, at]) => k === kind && t === text && at >= from - CLOCK_SLACK_MS && at <= to + CLOCK_SLACK_MS,
      )?.[2];
  const toDecode: number[] = [];
  const toSend: number[] = [];
  const toCommit: number[] = [];
  const toFrame: number[] = [];
  for (const m of matched) {
    if (m.published < tracedFrom) continue;
    const decoded = first(m.symbol, 'd', m.text, m.published, m.shown);
    if (decoded === undefined) continue;
    const sent = first(m.symbol, 's', m.text, decoded, m.shown);
    if (sent === undefined) continue;
    toDecode.push(decoded - m.published);
    toSend.push(sent - decoded);
    toCommit.push(m.committed - sent);
    toFrame.push(m.at - m.committed);
  }
  const p = (xs: number[], q: number) => (xs.length === 0 ? -1 : round(percentile(xs, q)));
  return {
    samples: toDecode.length,
    publishToDecodeP50Ms: p(toDecode, 50),
    publishToDecodeP99Ms: p(toDecode, 99),
    decodeToSendP50Ms: p(toSend, 50),
    decodeToSendP99Ms: p(toSend, 99),
    sendToCommitP50Ms: p(toCommit, 50),
    sendToCommitP99Ms: p(toCommit, 99),
    commitToFrameP50Ms: p(toFrame, 50),
    commitToFrameP99Ms: p(toFrame, 99),
  };
}
