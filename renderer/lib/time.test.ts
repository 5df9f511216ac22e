import { describe, expect, it } from 'vitest';
import { formatEtDateTimeLabelled, formatEtLabelled } from './time';

describe('exchange-time formatting', () => {
  // 2026-11-25 19:03:07 UTC is 14:03:07 in New York (EST, UTC−5).
  const t = Date.UTC(2026, 10, 25, 19, 3, 7);

  it('labels a time of day in New York time', () => {
    expect(formatEtLabelled(t)).toBe('14:03:07 ET');
    expect(formatEtLabelled(undefined)).toBe('—');
  });

  it('labels a date and time in New York time, whatever the machine zone', () => {
    expect(formatEtDateTimeLabelled(t)).toBe('Nov 25, 2026, 14:03 ET');
    // 02:30 UTC on the 26th is still the 25th in New York.
    expect(formatEtDateTimeLabelled(Date.UTC(2026, 10, 26, 2, 30))).toBe('Nov 25, 2026, 21:30 ET');
    expect(formatEtDateTimeLabelled(undefined)).toBe('—');
  });
});
