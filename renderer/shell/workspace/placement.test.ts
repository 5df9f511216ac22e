import { describe, expect, it } from 'vitest';
import { MIN_PANEL, placeNewPanel } from './placement';

const box = (id: string, width: number, height: number) => ({ id, width, height });

describe('placeNewPanel', () => {
  it('has nowhere to go in an empty dock', () => {
    expect(placeNewPanel([])).toBeUndefined();
  });

  it('splits the largest group, not the active or the first one', () => {
    const groups = [box('watchlist', 540, 560), box('chart', 620, 860), box('quote', 280, 600)];
    expect(placeNewPanel(groups)).toEqual({ group: groups[1], direction: 'below' });
  });

  it('splits along the longer side relative to the minimum size', () => {
    expect(placeNewPanel([box('wide', 1400, 500)])?.direction).toBe('right');
    expect(placeNewPanel([box('tall', 500, 900)])?.direction).toBe('below');
  });

  it('falls back to the other side when the longer one cannot be halved', () => {
    // 700 wide halves to 350 ≥ 340; 430 tall halves to 215 < 220.
    expect(placeNewPanel([box('g', 700, 430)])?.direction).toBe('right');
    expect(placeNewPanel([box('g', 600, 460)])?.direction).toBe('below');
  });

  it('opens as a tab when no half would keep the minimum size', () => {
    const g = box('small', MIN_PANEL.width * 2 - 1, MIN_PANEL.height * 2 - 1);
    expect(placeNewPanel([g])).toEqual({ group: g, direction: 'within' });
  });
});
