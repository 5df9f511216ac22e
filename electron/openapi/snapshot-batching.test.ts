import { describe, expect, it } from 'vitest';
import { batchSnapshots, splitIntoBatches } from './snapshot-batching';

describe('snapshot batching', () => {
  it('splits unique symbols into batches of the given size', () => {
    expect(splitIntoBatches(['A', 'B', 'C', 'A', 'D', 'E'], 2)).toEqual([['A', 'B'], ['C', 'D'], ['E']]);
    expect(() => splitIntoBatches(['A'], 0)).toThrow(RangeError);
  });

  it('merges results in input order whatever order batches and rows come back in', async () => {
    const symbols = ['Z', 'A', 'M', 'B', 'Q'];
    const rows = await batchSnapshots(symbols, 2, async (batch) => {
      await new Promise((r) => setTimeout(r, batch.includes('Z') ? 20 : 0)); // first batch finishes last
      return [...batch]
        .reverse()
        .filter((s) => s !== 'M')
        .map((symbol) => ({ symbol }));
    });
    expect(rows.map((r) => r.symbol)).toEqual(['Z', 'A', 'B', 'Q']);
  });
});
