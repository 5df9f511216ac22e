import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';
import { parseTimestamp } from '../../shared/signing';

describe('ServerClock', () => {
  it('learns the offset from a Date header using the round-trip midpoint', () => {
    let local = Date.parse('2026-11-22T10:00:00.000Z');
    const clock = new ServerClock(() => local);
    const sentAt = local;
    local += 400;
    // The server stamped 10:05:00 (it is five minutes ahead).
    expect(clock.observeDate('Sun, 22 Nov 2026 10:05:00 GMT', sentAt, local)).toBe(true);
    expect(clock.offset()).toBe(300_000 + 500 - 200);
    expect(parseTimestamp(clock.timestamp())).toBe(Date.parse('2026-11-22T10:05:00Z'));
  });

  it('ignores sub-2-second noise, missing and unreadable headers unless forced', () => {
    const local = Date.parse('2026-11-22T10:00:00.000Z');
    const clock = new ServerClock(() => local);
    expect(clock.observeDate('Sun, 22 Nov 2026 10:00:01 GMT', local, local)).toBe(false);
    expect(clock.offset()).toBe(0);
    expect(clock.observeDate(undefined, local, local)).toBe(false);
    expect(clock.observeDate('yesterday', local, local)).toBe(false);
    expect(clock.observeDate('Sun, 22 Nov 2026 10:00:01 GMT', local, local, true)).toBe(true);
    expect(clock.offset()).toBe(1_500);
  });
});
