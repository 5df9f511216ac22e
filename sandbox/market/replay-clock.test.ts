import { describe, expect, it } from 'vitest';
import { nyInstant, parseDateText, sessionAt } from '../../shared/market/calendar';
import { createReplayClock } from './replay-clock';

/** New York wall clock → instant, for readable fixtures. */
const ny = (date: string, hh: number, mm = 0) => nyInstant(parseDateText(date), hh * 60 + mm);
const MIN = 60_000;
const RTH_LENGTH = 390 * MIN;

/** A wall clock the test moves by hand. */
function manualWall(start: number) {
  const wall = { now: start, read: () => wall.now };
  return wall;
}

describe('createReplayClock', () => {
  it('can begin part-way into the session and still loops through all of it', () => {
    const wall = manualWall(ny('2026-11-21', 14, 7));
    const clock = createReplayClock({ wall: wall.read, startOffsetMs: 60 * MIN });
    expect(clock.now()).toBe(ny('2026-11-20', 10, 30));
    wall.now += RTH_LENGTH - 60 * MIN; // reaches the close: back at the open, not at 10:30
    expect(clock.now()).toBe(ny('2026-11-20', 9, 30));
    wall.now += 60 * MIN;
    expect(clock.now()).toBe(ny('2026-11-20', 10, 30));
    // An offset past the close is held inside the session.
    expect(createReplayClock({ wall: wall.read, startOffsetMs: 99 * RTH_LENGTH }).now()).toBeLessThan(
      ny('2026-11-20', 16, 0),
    );
  });

  it('on a Saturday replays the Friday session from its open, looping at real speed', () => {
    const wall = manualWall(ny('2026-11-21', 14, 7)); // Saturday afternoon
    const clock = createReplayClock({ wall: wall.read });
    expect(clock.mode).toBe('replay');
    expect(clock.anchor?.label).toBe('Replaying Fri 20 Nov 2026 regular session');
    expect(clock.anchor?.sessionStart).toBe(ny('2026-11-20', 9, 30));
    expect(clock.now()).toBe(ny('2026-11-20', 9, 30));
    expect(sessionAt(clock.now())).toBe('RTH');

    wall.now += 10 * MIN + 5_000;
    expect(clock.now()).toBe(ny('2026-11-20', 9, 40) + 5_000);
    wall.now += RTH_LENGTH - 10 * MIN - 5_000 - 1;
    expect(clock.now()).toBe(ny('2026-11-20', 16, 0) - 1);
    expect(sessionAt(clock.now())).toBe('RTH');
    wall.now += 1; // a full session later: back at the open
    expect(clock.now()).toBe(ny('2026-11-20', 9, 30));
    wall.now += 3 * RTH_LENGTH + 42 * MIN;
    expect(clock.now()).toBe(ny('2026-11-20', 10, 12));
  });

  it('on Thanksgiving (2026-11-26) replays the Wednesday before', () => {
    const clock = createReplayClock({ wall: () => ny('2026-11-26', 11, 0) });
    expect(clock.mode).toBe('replay');
    expect(clock.anchor?.label).toBe('Replaying Wed 25 Nov 2026 regular session');
    expect(clock.now()).toBe(ny('2026-11-25', 9, 30));
  });

  it('the Saturday after Thanksgiving replays the 13:00 early close and loops after 3.5 hours', () => {
    const wall = manualWall(ny('2026-11-28', 12, 0));
    const clock = createReplayClock({ wall: wall.read });
    expect(clock.anchor?.label).toBe('Replaying Fri 27 Nov 2026 regular session (early close)');
    wall.now += 210 * MIN - 1;
    expect(clock.now()).toBe(ny('2026-11-27', 13, 0) - 1);
    wall.now += 1;
    expect(clock.now()).toBe(ny('2026-11-27', 9, 30));
  });

  it('on a weekday during regular hours it is the wall clock', () => {
    const wall = manualWall(ny('2026-11-18', 11, 15));
    const clock = createReplayClock({ wall: wall.read });
    expect(clock.mode).toBe('live');
    expect(clock.anchor).toBeUndefined();
    wall.now += 7 * 3_600_000; // past the close: still live, the mode is decided once
    expect(clock.now()).toBe(wall.now);
  });

  it('pre-market and after-hours stay live (extended hours trade in the sandbox)', () => {
    expect(createReplayClock({ wall: () => ny('2026-11-18', 7, 0) }).mode).toBe('live');
    expect(createReplayClock({ wall: () => ny('2026-11-18', 18, 0) }).mode).toBe('live');
  });

  it('at 22:00 on a weekday (overnight) replays that day, unless overnight replay is off', () => {
    const at = ny('2026-11-18', 22, 0);
    expect(sessionAt(at)).toBe('OVN');
    const clock = createReplayClock({ wall: () => at });
    expect(clock.mode).toBe('replay');
    expect(clock.anchor?.label).toBe('Replaying Wed 18 Nov 2026 regular session');
    expect(clock.now()).toBe(ny('2026-11-18', 9, 30));
    // After midnight the same night still belongs to Wednesday's session.
    expect(createReplayClock({ wall: () => ny('2026-11-19', 2, 0) }).anchor?.label).toBe(
      'Replaying Wed 18 Nov 2026 regular session',
    );
    expect(createReplayClock({ wall: () => at, replayOvernight: false }).mode).toBe('live');
  });

  it('a wall clock set back before the start stays inside the session', () => {
    const wall = manualWall(ny('2026-11-22', 18, 0)); // Sunday
    const clock = createReplayClock({ wall: wall.read });
    wall.now -= 5 * MIN;
    expect(clock.now()).toBe(ny('2026-11-20', 16, 0) - 5 * MIN);
  });

  it('across a DST switch the replayed session keeps its New York hours', () => {
    // Sunday 2026-11-01 is the fall-back day; the Friday before was on daylight time.
    const clock = createReplayClock({ wall: () => ny('2026-11-01', 12, 0) });
    expect(clock.now()).toBe(Date.parse('2026-10-30T13:30:00Z'));
  });
});
