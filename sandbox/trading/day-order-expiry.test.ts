import { describe, expect, it } from 'vitest';
import type { Session } from '../market/market-view';
import { dayNumber, nyInstant } from '../../shared/market/calendar';
import { etDate, nextRegularClose } from './day-order-expiry';

/** Weekdays 09:30–16:00 New York are regular hours, except Thanksgiving 2026-11-26. */
const session = (at?: number): Session => {
  const ms = at ?? 0;
  const d = new Date(ms - 5 * 3_600_000);
  if (d.getUTCDay() === 0 || d.getUTCDay() === 6 || etDate(ms) === '2026-11-26') return 'CLOSED';
  return 'RTH';
};

describe('market clock', () => {
  it('converts New York wall time across daylight saving', () => {
    expect(new Date(nyInstant(dayNumber(2026, 11, 18), 16 * 60)).toISOString()).toBe(
      '2026-11-18T21:00:00.000Z',
    );
    expect(new Date(nyInstant(dayNumber(2026, 7, 1), 16 * 60)).toISOString()).toBe(
      '2026-07-01T20:00:00.000Z',
    );
    expect(etDate(Date.parse('2026-11-19T04:59:00Z'))).toBe('2026-11-18');
    expect(etDate(Date.parse('2026-11-19T05:00:00Z'))).toBe('2026-11-19');
  });

  it('finds the next regular close, skipping weekends and holidays', () => {
    expect(new Date(nextRegularClose(Date.parse('2026-11-18T15:00:00Z'), { session })).toISOString()).toBe(
      '2026-11-18T21:00:00.000Z',
    );
    expect(new Date(nextRegularClose(Date.parse('2026-11-18T21:00:00Z'), { session })).toISOString()).toBe(
      '2026-11-19T21:00:00.000Z',
    );
    expect(new Date(nextRegularClose(Date.parse('2026-11-20T22:00:00Z'), { session })).toISOString()).toBe(
      '2026-11-23T21:00:00.000Z',
    );
    expect(new Date(nextRegularClose(Date.parse('2026-11-25T22:00:00Z'), { session })).toISOString()).toBe(
      '2026-11-27T21:00:00.000Z',
    );
  });
});
