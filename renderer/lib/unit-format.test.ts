import { describe, expect, it } from 'vitest';
import { formatCompact, formatNumber, formatPointsPercent, formatRatioPercent, text } from './unit-format';

describe('unit formatting', () => {
  it('shows ratios as percents, signed only when asked', () => {
    expect(formatRatioPercent('0.0123')).toBe('1.23%');
    expect(formatRatioPercent('0.0123', { signed: true })).toBe('+1.23%');
    expect(formatRatioPercent('-0.5', { signed: true })).toBe('-50.00%');
    expect(formatRatioPercent('0', { signed: true })).toBe('0.00%');
    expect(formatRatioPercent('0.00095', { places: 2 })).toBe('0.10%');
  });

  it('shows fields already in percent points as they are', () => {
    expect(formatPointsPercent('15.3847')).toBe('15.38%');
    expect(formatPointsPercent('0.10')).toBe('0.10%');
    expect(formatPointsPercent(undefined)).toBe('—');
  });

  it('scales large amounts to K, M, B and T from the decimal string', () => {
    expect(formatCompact('999')).toBe('999');
    expect(formatCompact('1234')).toBe('1.23K');
    expect(formatCompact('45600000')).toBe('45.60M');
    expect(formatCompact('-2100000000')).toBe('-2.10B');
    expect(formatCompact('3000000000000')).toBe('3.00T');
    expect(formatCompact('12.5')).toBe('12.50');
  });

  it('shows "—" for anything missing or not a number, never NaN', () => {
    for (const v of [undefined, null, '', 'n/a', {}, Number.NaN]) {
      expect(formatCompact(v)).toBe('—');
      expect(formatRatioPercent(v)).toBe('—');
      expect(formatNumber(v)).toBe('—');
    }
    expect(text('  ')).toBe('—');
    expect(text(undefined)).toBe('—');
  });

  it('keeps exact digits (no float rounding)', () => {
    expect(formatNumber('0.1000000000000000055511', 2)).toBe('0.10');
    expect(formatNumber('12345678901234567.25', 2)).toBe('12,345,678,901,234,567.25');
  });
});
