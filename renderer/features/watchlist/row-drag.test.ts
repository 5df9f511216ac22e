import { describe, expect, it } from 'vitest';
import { dropIndex, dropLineTop, rowKeyboardCoordinates } from './row-drag';

describe('row drag without per-row drop targets', () => {
  it('lands on the row whose centre is nearest, inside the list', () => {
    expect(dropIndex(2, 0, 28, 10)).toBe(2);
    expect(dropIndex(2, 13, 28, 10)).toBe(2);
    expect(dropIndex(2, 15, 28, 10)).toBe(3);
    expect(dropIndex(2, -68, 28, 10)).toBe(0);
    expect(dropIndex(2, -500, 28, 10)).toBe(0);
    expect(dropIndex(2, 5_000, 28, 10)).toBe(9);
    expect(dropIndex(0, 40, 22, 1)).toBe(0);
  });

  it('draws the insertion line on the edge the row would take', () => {
    expect(dropLineTop(2, 5, 28)).toBe(6 * 28);
    expect(dropLineTop(5, 2, 28)).toBe(2 * 28);
  });

  it('moves a row height a key press, and ignores other keys', () => {
    const get = rowKeyboardCoordinates(28);
    const at = { x: 10, y: 100 };
    const press = (code: string) =>
      get(
        { code } as KeyboardEvent,
        {
          currentCoordinates: at,
        } as Parameters<typeof get>[1],
      );
    expect(press('ArrowDown')).toEqual({ x: 10, y: 128 });
    expect(press('ArrowUp')).toEqual({ x: 10, y: 72 });
    expect(press('ArrowLeft')).toBeUndefined();
  });
});
