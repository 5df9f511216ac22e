import { describe, expect, it } from 'vitest';
import { createReadingTurns } from './reading-turn';

describe('reading replies one a turn of the event loop', () => {
  it('lets work queued by one reading run before the next reading', async () => {
    const turn = createReadingTurns();
    const order: string[] = [];
    const a = turn().then(() => {
      order.push('read a');
      // What a turn lets through: work that arrived while `a` was read.
      setImmediate(() => order.push('other work'));
    });
    const b = turn().then(() => order.push('read b'));
    const c = turn().then(() => order.push('read c'));
    await Promise.all([a, b, c]);
    expect(order).toEqual(['read a', 'other work', 'read b', 'read c']);
  });

  it('keeps the order the replies came in', async () => {
    const turn = createReadingTurns();
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => turn().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
  });
});
