import { describe, expect, it } from 'vitest';
import { fillMarkerShapes, fillsAt } from './order-layer';

/**
 * A fill's marker on the canvas: a shape at the fill price, never text. The canvas draws a
 * marker's text beside it, which on the newest bars lay under the position line's label (drawn at
 * the same price at the pane's right edge) and could not be read; the text is the marker's
 * tooltip instead (ChartOrders.test.tsx).
 */
describe('fill markers', () => {
  it('are shapes at the fill price with their fill id, and carry no text to draw beside the position label', () => {
    const markers = fillMarkerShapes([
      { id: 'fill:a', time: 100, price: 211.8, side: 'SELL', text: 'S 10 @ 211.80' },
      { id: 'fill:b', time: 100, price: 211.8, side: 'SHORT', text: 'S 10 @ 211.80' },
      { id: 'fill:c', time: 50, price: 205, side: 'BUY', text: 'B 10 @ 205.00' },
    ]);
    expect(markers.map((m) => [m.id, m.time, m.shape, m.position, m.price])).toEqual([
      ['fill:a', 100, 'arrowDown', 'atPriceMiddle', 211.8],
      ['fill:b', 100, 'arrowDown', 'atPriceMiddle', 211.8],
      ['fill:c', 50, 'arrowUp', 'atPriceMiddle', 205],
    ]);
    for (const m of markers) expect(m.text ?? '').toBe('');
  });

  it('a marker under the pointer stands for every fill of its bar drawn on it, itself first', () => {
    const f = (id: string, time: number, price: number) => ({
      id,
      time,
      price,
      side: 'SELL' as const,
      text: `${id} @ ${price}`,
    });
    const [a, b, c] = [f('a', 100, 211.8), f('b', 100, 211.84), f('c', 100, 215)];
    const fills = [a, b, c, f('d', 50, 211.8), f('e', 100, 211.81)];
    // 10 px a dollar.
    const yOf = (price: number) => (250 - price) * 10;
    expect(fillsAt(fills, b, yOf).map((x) => x.id)).toEqual(['b', 'a', 'e']);
    expect(fillsAt(fills, c, yOf).map((x) => x.id)).toEqual(['c']);
    expect(fillsAt(fills, a, () => null).map((x) => x.id)).toEqual(['a']);
  });
});
