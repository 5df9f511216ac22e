import { describe, expect, it } from 'vitest';
import { renderedRange } from './SentRows';

describe('renderedRange', () => {
  it('tells its listeners of a new block after the task that moved it, once for every move before then', () => {
    const due: Array<() => void> = [];
    const range = renderedRange((run) => due.push(run));
    const seen: Array<readonly [number, number]> = [];
    range.subscribe(() => seen.push(range.get()));
    range.set(0, 15); // the first block still: nothing to tell
    expect(due).toHaveLength(0);
    range.set(25, 60);
    range.set(45, 80);
    // Read at once, told later: the scroll's own task opens no subscription.
    expect(range.get()).toEqual([40, 99]);
    expect(seen).toEqual([]);
    expect(due).toHaveLength(1);
    due.shift()?.();
    expect(seen).toEqual([[40, 99]]);
    range.set(60, 95);
    expect(due).toHaveLength(1);
  });
});
