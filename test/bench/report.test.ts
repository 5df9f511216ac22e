import { describe, expect, it } from 'vitest';
import { formatTable } from './report';

/** The table's cells of the row whose figure is `figure`, trimmed. */
const row = (table: string, figure: string) =>
  table
    .split('\n')
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .find((cells) => cells[1] === figure);

const result = (over: Record<string, unknown> = {}) => ({
  streaming: { ingestedPerSec: 1_000, baselineUpdatesPerSec: 3_000, p50Ms: 12, baselineP50Ms: 10 },
  chart: { pageBackMs: 50, baselineFirstPaintMs: 100 },
  startup: {},
  rateLimit: {},
  memory: {},
  eventLoop: { p99Ms: 15 },
  sandbox: {},
  ...over,
});

describe('bench table', () => {
  it('judges a figure against its same-run baseline by the target ratio', () => {
    const table = formatTable(result());
    expect(row(table, 'tick-to-paint p50 ms')).toEqual([
      'streaming',
      'tick-to-paint p50 ms',
      '12',
      '10 bare list',
      '1.20×',
      '≤ 1.5×',
      'yes',
    ]);
    expect(row(table, 'ingested / s')).toEqual([
      'streaming',
      'ingested / s',
      '1000',
      '3000 bare mqtt.js',
      '0.33×',
      '≥ 0.5×',
      'NO',
    ]);
  });

  it("judges the scroll's frame times in display frames, the milliseconds beside them", () => {
    const table = formatTable(
      result({
        scale: {
          scrollFrameP50Ms: 16.7,
          baselineScrollFrameP50Ms: 16.7,
          scrollFrameP99Ms: 50,
          baselineScrollFrameP99Ms: 33.3,
          scrollFrameP50Frames: 1,
          baselineScrollFrameP50Frames: 1,
          scrollFrameP99Frames: 3,
          baselineScrollFrameP99Frames: 2,
          rowsNotLive: 0,
        },
      }),
    );
    expect(row(table, 'scroll 1,000 rows: frame p99, frames (ms)')).toEqual([
      'scale',
      'scroll 1,000 rows: frame p99, frames (ms)',
      '3 (50)',
      '2 (33.3) bare list',
      '1.50×',
      '≤ 1.5×',
      'yes',
    ]);
    expect(row(table, 'scroll 1,000 rows: frame p50, frames (ms)')?.[6]).toBe('yes');
  });

  it('shows a figure with no target unjudged, and leaves a figure without its baseline unjudged', () => {
    const table = formatTable(result());
    expect(row(table, 'page back ms (+5k to 100k)')).toEqual([
      'chart',
      'page back ms (+5k to 100k)',
      '50',
      '100 bare first paint',
      '0.50×',
      '',
      '',
    ]);
    expect(row(table, 'main p99 ms')).toEqual([
      'eventLoop',
      'main p99 ms',
      '15',
      'n/a bare process',
      '',
      '≤ 2×',
      '',
    ]);
  });

  it('gives manySymbols its ingest row when it ran', () => {
    const many = { symbols: 5_000, connections: 1, ingestedPerSec: 2_000, baselineUpdatesPerSec: 3_000 };
    const table = formatTable(result({ manySymbols: many }));
    expect(row(table, 'ingested / s (5000 symbols, 1 connection)')?.slice(2)).toEqual([
      '2000',
      '3000 bare mqtt.js',
      '0.67×',
      '≥ 0.5×',
      'yes',
    ]);
  });
});
