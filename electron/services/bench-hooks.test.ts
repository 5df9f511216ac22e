import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startBenchProbe, type TraceEntry } from './bench-hooks';

/** Main's benchmark probe (docs/benchmark.md): one JSON line per SIGUSR2, the price trace while flagged. */
const dir = mkdtempSync(join(tmpdir(), 'bullpen-bench-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Line {
  rssMb: number;
  heapUsedMb: number;
  gc: boolean;
  quoteUpdatesSent: number;
  quoteSymbolsSent: number;
  resources: Record<string, number>;
  trace?: TraceEntry[];
}

async function signal(file: string): Promise<Line> {
  const before = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
  process.emit('SIGUSR2', 'SIGUSR2');
  let lines: string[] = [];
  await vi.waitFor(
    () => {
      lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      expect(lines.length).toBe(before + 1);
    },
    { timeout: 2_000, interval: 5 },
  );
  return JSON.parse(lines.at(-1) ?? '{}') as Line;
}

const snapshot = (symbol: string, price: string) => ({ kind: 'SNAPSHOT', symbol, snapshot: { price } });
const delivery = (updates: Array<{ symbol: string; price?: string }>) => [
  { subscriptionId: 'q', data: updates.map((u) => ({ time: 1, ...u })) },
];

describe('bench probe', () => {
  it('traces each new decoded and sent price only while flagged, and collects garbage before memory', async () => {
    const file = join(dir, 'probe.jsonl');
    const probe = startBenchProbe(file);
    probe.noteDecoded(snapshot('AAPL', '190.00'));
    probe.countDelivery(delivery([{ symbol: 'AAPL', price: '190.00' }]));
    const first = await signal(file);
    expect(first.trace).toBeUndefined();
    expect(first.quoteUpdatesSent).toBe(1);
    expect(first.quoteSymbolsSent).toBe(1);
    expect(first.gc).toBe(true);
    expect(first.rssMb).toBeGreaterThan(first.heapUsedMb);

    // Main's active resources by kind: a timer armed now is counted in the next line.
    const timer = setTimeout(() => undefined, 60_000);
    const withTimer = await signal(file);
    clearTimeout(timer);
    const without = await signal(file);
    expect((withTimer.resources.Timeout ?? 0) - (without.resources.Timeout ?? 0)).toBe(1);

    writeFileSync(`${file}.trace`, '');
    await signal(file); // tracing starts at this signal
    probe.noteDecoded(snapshot('AAPL', '190.00'));
    probe.noteDecoded(snapshot('AAPL', '190.00')); // the same price again: not new
    probe.noteDecoded({ kind: 'QUOTE', symbol: 'AAPL' }); // no price
    probe.noteDecoded(snapshot('AAPL', '190.10'));
    probe.countDelivery(delivery([{ symbol: 'AAPL', price: '190.10' }, { symbol: 'MSFT' }]));
    probe.countDelivery(delivery([{ symbol: 'AAPL', price: '190.10' }]));
    rmSync(`${file}.trace`);
    const traced = await signal(file);
    expect(traced.trace?.map(([kind, symbol, price]) => [kind, symbol, price])).toEqual([
      ['d', 'AAPL', '190.00'],
      ['d', 'AAPL', '190.10'],
      ['s', 'AAPL', '190.10'],
    ]);
    expect(traced.quoteUpdatesSent).toBe(4);
    // Distinct symbols since the previous signal, not in all.
    expect(traced.quoteSymbolsSent).toBe(2);
    expect(withTimer.quoteSymbolsSent).toBe(0);

    probe.noteDecoded(snapshot('AAPL', '191.00'));
    const after = await signal(file);
    expect(after.trace).toBeUndefined();
  });
});
