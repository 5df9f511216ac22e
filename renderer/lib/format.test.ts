import { describe, expect, it } from 'vitest';
import {
  direction,
  formatCashFlow,
  formatMoney,
  formatMoneyChange,
  formatPercent,
  formatPrice,
  formatSigned,
  formatVolume,
  REMEMBERED_TEXTS,
} from './format';

describe('display formatting from decimal strings', () => {
  it('formats prices exactly, half-up, with grouping', () => {
    expect(formatPrice('1234.5')).toBe('1,234.50');
    expect(formatPrice('0.125')).toBe('0.13');
    expect(formatPrice('12345678901234567.995')).toBe('12,345,678,901,234,568.00');
    expect(formatPrice(undefined)).toBe('—');
    expect(formatPrice('abc')).toBe('—');
  });
  it('signs changes and percentages', () => {
    expect(formatSigned('1.5')).toBe('+1.50');
    expect(formatSigned('-0.25')).toBe('-0.25');
    expect(formatSigned('0')).toBe('0.00');
    expect(formatPercent('0.012345')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-50.00%');
  });
  it('compacts volumes and reads direction', () => {
    expect(formatVolume('1234567')).toBe('1.23M');
    expect(formatVolume('70000000')).toBe('70.00M');
    expect(formatVolume('4000')).toBe('4.00K');
    expect(formatVolume('950')).toBe('950');
    expect(direction('-0.01')).toBe('down');
    expect(direction('0.00')).toBe('flat');
    expect(direction('3')).toBe('up');
  });
  it('remembers a text by value and places, and stays right past its memory', () => {
    expect(formatPrice('1.005', 2)).toBe('1.01');
    expect(formatPrice('1.005', 3)).toBe('1.005');
    expect(formatPrice('1.005', 2)).toBe('1.01');
    expect(formatSigned('2', 0)).toBe('+2');
    expect(formatSigned('2', 2)).toBe('+2.00');
    for (let i = 0; i <= REMEMBERED_TEXTS; i++) formatPrice(`${i}.5`, 1);
    expect(formatPrice('1.005', 3)).toBe('1.005');
    expect(formatPrice('7.5', 1)).toBe('7.5');
    expect(formatPrice('1234.5', 1)).toBe('1,234.5');
    expect(formatPercent('0.5', 1)).toBe('+50.0%');
    expect(formatPercent('0.5', 0)).toBe('+50%');
  });
  it('writes money one way: $, thousands separators, a debit or credit named, a P&L signed', () => {
    expect(formatMoney('76432.1')).toBe('$76,432.10');
    expect(formatMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatMoney('-0.001')).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('—');
    expect(formatMoneyChange('1234.5')).toBe('+$1,234.50');
    expect(formatMoneyChange('-12')).toBe('-$12.00');
    expect(formatMoneyChange('0')).toBe('$0.00');
    expect(formatCashFlow('-115390')).toBe('$115,390.00 debit');
    expect(formatCashFlow('250')).toBe('$250.00 credit');
    expect(formatCashFlow('0')).toBe('$0.00');
  });
});
