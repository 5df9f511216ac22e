import { describe, expect, it } from 'vitest';
import { displayPeriodMs, inFrames, percentile } from './lib/stats';

describe('scroll frames in display frames', () => {
  // Animation frames at 60 Hz as a page reads them: whole periods, give or take 0.1 ms.
  const frames = [16.7, 16.6, 16.7, 33.4, 16.7, 16.7, 50.0, 16.6, 16.7, 16.7, 33.3, 16.7, 16.8, 66.7];

  it('takes the period from the frames drawn on time', () => {
    expect(displayPeriodMs(frames)).toBeCloseTo(16.6, 5);
  });

  it('counts each frame in whole periods, so three frames against two is 1.5×', () => {
    const period = displayPeriodMs(frames);
    expect(inFrames(frames, period)).toEqual([1, 1, 1, 2, 1, 1, 3, 1, 1, 1, 2, 1, 1, 4]);
    expect(percentile(inFrames([50.0], period), 99) / percentile(inFrames([33.3], period), 99)).toBe(1.5);
  });

  it('never counts a frame as less than one', () => {
    expect(inFrames([4, 16.7], 16.7)).toEqual([1, 1]);
  });
});
