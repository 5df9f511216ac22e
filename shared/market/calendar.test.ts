import { describe, expect, it, vi } from 'vitest';
import {
  closeMinute,
  dateText,
  dayNumber,
  dayRule,
  easterSunday,
  isTradingDay,
  nyInstant,
  nyLocal,
  nyOffsetMinutes,
  parseDateText,
  sessionAt,
  sessionWindows,
  regularDayAt,
} from './calendar';

const d = (text: string) => parseDateText(text);
/** New York wall clock → instant, for readable boundaries. */
const ny = (date: string, hh: number, mm = 0, ss = 0) => nyInstant(d(date), hh * 60 + mm) + ss * 1000;

describe('NYSE holidays', () => {
  // The exchange's published lists (ad-hoc closures such as 2025-01-09 are not rule-based and not modelled).
  const HOLIDAYS: Record<number, string[]> = {
    2025: [
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ],
    2026: [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ],
    2027: [
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24',
    ],
  };

  it.each(Object.entries(HOLIDAYS))(
    '%s: exactly the published holidays are closed weekdays',
    (year, list) => {
      const closed: string[] = [];
      for (let day = dayNumber(Number(year), 1, 1); day <= dayNumber(Number(year), 12, 31); day++) {
        const wd = new Date(day * 86_400_000).getUTCDay();
        if (wd !== 0 && wd !== 6 && !isTradingDay(day)) closed.push(dateText(day));
      }
      expect(closed).toEqual(list);
    },
  );

  it('computes Easter (computus) for known years', () => {
    expect(dateText(easterSunday(2025))).toBe('2025-04-20');
    expect(dateText(easterSunday(2026))).toBe('2026-04-05');
    expect(dateText(easterSunday(2027))).toBe('2027-03-28');
    expect(dateText(easterSunday(2038))).toBe('2038-04-25');
  });

  it('does not move a Saturday New Year to the Friday before (NYSE Rule 7.2)', () => {
    expect(isTradingDay(d('2027-12-31'))).toBe(true);
    expect(isTradingDay(d('2022-12-30'))).toBe(true);
  });

  it('shifts fixed holidays on weekends: Saturday → Friday, Sunday → Monday', () => {
    expect(dayRule(d('2026-07-03'))?.kind).toBe('holiday');
    expect(dayRule(d('2027-07-05'))?.kind).toBe('holiday');
    expect(dayRule(d('2027-06-18'))?.name).toBe('Juneteenth');
    expect(isTradingDay(d('2021-06-18'))).toBe(true); // before Juneteenth became an exchange holiday
  });

  it('closes early at 13:00 after Thanksgiving, on Christmas Eve and July 3 when they are sessions', () => {
    for (const early of [
      '2025-07-03',
      '2025-11-28',
      '2025-12-24',
      '2026-11-27',
      '2026-12-24',
      '2027-11-26',
    ]) {
      expect(dayRule(d(early))?.kind, early).toBe('early');
      expect(closeMinute(d(early))).toBe(13 * 60);
    }
    expect(dayRule(d('2027-12-23'))).toBeUndefined();
    expect(closeMinute(d('2026-11-20'))).toBe(16 * 60);
  });
});

describe('time zone', () => {
  it('follows DST: 09:30 is 14:30 UTC in winter and 13:30 UTC in summer', () => {
    expect(new Date(ny('2026-03-06', 9, 30)).toISOString()).toBe('2026-03-06T14:30:00.000Z');
    expect(new Date(ny('2026-03-09', 9, 30)).toISOString()).toBe('2026-03-09T13:30:00.000Z');
    expect(new Date(ny('2026-10-30', 16)).toISOString()).toBe('2026-10-30T20:00:00.000Z');
    expect(new Date(ny('2026-11-02', 16)).toISOString()).toBe('2026-11-02T21:00:00.000Z');
  });

  it('switches at 02:00 local on the switch days (23- and 25-hour days)', () => {
    expect(nyOffsetMinutes(Date.parse('2026-03-08T06:59:59Z'))).toBe(-300);
    expect(nyOffsetMinutes(Date.parse('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(nyOffsetMinutes(Date.parse('2026-11-01T05:59:59Z'))).toBe(-240);
    expect(nyOffsetMinutes(Date.parse('2026-11-01T06:00:00Z'))).toBe(-300);
    expect(nyInstant(d('2026-03-09'), 0) - nyInstant(d('2026-03-08'), 0)).toBe(23 * 3_600_000);
    expect(nyInstant(d('2026-11-02'), 0) - nyInstant(d('2026-11-01'), 0)).toBe(25 * 3_600_000);
  });

  it('makes its time-zone formatter on the first question, not when the module loads', async () => {
    vi.resetModules();
    const original = Intl.DateTimeFormat;
    let made = 0;
    const intl = Intl as { DateTimeFormat: typeof Intl.DateTimeFormat };
    intl.DateTimeFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>, newTarget: NewableFunction) {
        made++;
        return Reflect.construct(target, args, newTarget) as Intl.DateTimeFormat;
      },
    });
    try {
      const fresh = await import('./calendar');
      expect(made).toBe(0);
      expect(fresh.nyOffsetMinutes(Date.parse('2026-07-01T12:00:00Z'))).toBe(-240);
      expect(made).toBe(1);
      fresh.nyOffsetMinutes(Date.parse('2027-01-15T12:00:00Z'));
      expect(made).toBe(1);
    } finally {
      intl.DateTimeFormat = original;
    }
  });

  it('round-trips wall clock and instants (outside the repeated 01:00–02:00 hour of November)', () => {
    for (const at of [
      Date.parse('2026-03-08T07:30:00Z'),
      Date.parse('2026-11-01T07:30:00Z'),
      Date.parse('2026-07-01T12:00:00Z'),
    ]) {
      const { day, minute } = nyLocal(at);
      expect(nyInstant(day, minute)).toBe(Math.floor(at / 60_000) * 60_000);
    }
  });
});

describe('sessions', () => {
  it.each<[string, number, number, number, string]>([
    ['2026-11-20', 3, 59, 59, 'OVN'],
    ['2026-11-20', 4, 0, 0, 'PRE'],
    ['2026-11-20', 9, 29, 59, 'PRE'],
    ['2026-11-20', 9, 30, 0, 'RTH'],
    ['2026-11-20', 15, 59, 59, 'RTH'],
    ['2026-11-20', 16, 0, 0, 'ATH'],
    ['2026-11-20', 19, 59, 59, 'ATH'],
    ['2026-11-20', 20, 0, 0, 'CLOSED'], // Friday night: no overnight before a weekend
    ['2026-11-22', 19, 59, 59, 'CLOSED'],
    ['2026-11-22', 20, 0, 0, 'OVN'], // Sunday night
    ['2026-11-23', 20, 0, 0, 'OVN'],
    ['2026-11-25', 20, 0, 0, 'CLOSED'], // the night before Thanksgiving
    ['2026-11-26', 12, 0, 0, 'CLOSED'],
    ['2026-11-26', 20, 0, 0, 'OVN'],
    ['2026-11-27', 12, 59, 59, 'RTH'],
    ['2026-11-27', 13, 0, 0, 'ATH'], // early close
    ['2026-11-27', 16, 59, 59, 'ATH'],
    ['2026-11-27', 17, 0, 0, 'CLOSED'],
    ['2026-03-09', 9, 30, 0, 'RTH'], // first session after the spring switch
    ['2026-11-02', 9, 29, 59, 'PRE'], // first session after the autumn switch
  ])('%s %d:%d:%d is %s', (date, h, m, s, session) => {
    expect(sessionAt(ny(date, h, m, s))).toBe(session);
  });

  it('lays out the four windows of a day back to back', () => {
    const w = sessionWindows(d('2026-11-23'));
    expect(w.map((x) => x.session)).toEqual(['OVN', 'PRE', 'RTH', 'ATH']);
    for (let i = 1; i < w.length; i++) expect(w[i]?.start).toBe(w[i - 1]?.end);
    expect(w[0]?.start).toBe(ny('2026-11-22', 20));
    expect(w[3]?.end).toBe(ny('2026-11-23', 20));
  });

  it('knows the regular day of an instant', () => {
    expect(dateText(regularDayAt(ny('2026-11-23', 9, 29)))).toBe('2026-11-20');
    expect(dateText(regularDayAt(ny('2026-11-23', 9, 30)))).toBe('2026-11-23');
    expect(dateText(regularDayAt(ny('2026-11-26', 12)))).toBe('2026-11-25');
  });
});
