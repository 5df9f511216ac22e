import { describe, expect, it } from 'vitest';
import { assignSlots } from './row-slots';

describe('row slots', () => {
  it('keeps the slot of a row that stays and gives a leaving row’s slot to an entering one', () => {
    const first = assignSlots(new Map(), ['A', 'B', 'C', 'D']);
    expect([...first.values()]).toEqual([0, 1, 2, 3]);
    const next = assignSlots(first, ['C', 'D', 'E', 'F']);
    expect(next.get('C')).toBe(2);
    expect(next.get('D')).toBe(3);
    expect(new Set([next.get('E'), next.get('F')])).toEqual(new Set([0, 1]));
  });

  it('never gives two rows one slot, whatever enters and leaves', () => {
    let slots = new Map<string, number>();
    const windows = [
      ['A', 'B', 'C'],
      ['B', 'C', 'D', 'E', 'F'],
      ['F', 'G'],
      ['A', 'F', 'G', 'H', 'I', 'J'],
      ['J', 'B', 'A'],
    ];
    for (const symbols of windows) {
      slots = assignSlots(slots, symbols);
      expect(new Set(slots.keys())).toEqual(new Set(symbols));
      expect(new Set(slots.values()).size).toBe(symbols.length);
    }
  });

  it('does not hand the kept row’s slot to another row when it leaves', () => {
    const first = assignSlots(new Map(), ['A', 'B', 'C']);
    const next = assignSlots(first, ['B', 'C', 'D'], 'A');
    expect(next.get('D')).not.toBe(first.get('A'));
    expect(new Set(next.values()).size).toBe(3);
  });
});
