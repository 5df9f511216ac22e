// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createFlasher, type FlashClock } from './flash';

/** A clock the test moves by hand: timers run when their time is reached. */
function manualClock() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  const clock: FlashClock = {
    now: () => now,
    setTimeout: (run, ms) => void timers.push({ at: now + ms, run }),
  };
  return {
    clock,
    timers,
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
  };
}

describe('the price flash', () => {
  it('is on for its time, then off', () => {
    const c = manualClock();
    const f = createFlasher({ ms: 600, slotMs: 50, clock: c.clock });
    const el = document.createElement('div');
    el.className = 'cell';
    f.flash(el, 'up', ['down']);
    expect(el.className).toBe('cell up');
    c.advance(599);
    expect(el.classList.contains('up')).toBe(true);
    c.advance(1);
    expect(el.className).toBe('cell');
  });

  it('flashes ending in the same slot share one timer', () => {
    const c = manualClock();
    const f = createFlasher({ ms: 600, slotMs: 50, clock: c.clock });
    const cells = Array.from({ length: 100 }, () => document.createElement('div'));
    // A step's 100 moves over 40 ms, all ending between 601 and 641 ms: the slot that ends at 650.
    c.advance(1);
    for (const el of cells) {
      f.flash(el, 'up', []);
      c.advance(0.4);
    }
    expect(c.timers).toHaveLength(1);
    c.advance(650);
    expect(cells.filter((el) => el.classList.contains('up'))).toEqual([]);
  });

  it('a move during a flash turns it to the new direction and keeps it on for the new move', () => {
    const c = manualClock();
    const f = createFlasher({ ms: 600, slotMs: 50, clock: c.clock });
    const el = document.createElement('div');
    f.flash(el, 'up', ['down']);
    c.advance(400);
    f.flash(el, 'down', ['up']);
    expect(el.classList.contains('up')).toBe(false);
    expect(el.classList.contains('down')).toBe(true);
    // The first flash's timer leaves the second alone.
    c.advance(250);
    expect(el.classList.contains('down')).toBe(true);
    c.advance(400);
    expect(el.classList.contains('down')).toBe(false);
  });
});
