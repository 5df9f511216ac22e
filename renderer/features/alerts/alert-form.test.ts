import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, fieldOfPath, parseAlertForm } from './alert-form';

describe('alert form', () => {
  it('builds a price or percent condition from the kind', () => {
    expect(parseAlertForm({ ...EMPTY_FORM, symbol: ' aapl ', value: '190.5' })).toEqual({
      ok: true,
      input: { symbol: 'AAPL', category: 'US_STOCK', condition: { kind: 'above', price: '190.5' } },
    });
    expect(parseAlertForm({ ...EMPTY_FORM, symbol: 'SPY', kind: 'moveDown', value: '2' })).toMatchObject({
      ok: true,
      input: { condition: { kind: 'moveDown', percent: '2' } },
    });
  });

  it('puts each problem beside its field', () => {
    expect(parseAlertForm({ ...EMPTY_FORM, symbol: '', value: '0' })).toEqual({
      ok: false,
      errors: { symbol: expect.any(String) as string, value: 'price must be above 0' },
    });
  });

  it('maps main’s field paths to form fields', () => {
    expect(fieldOfPath('condition.price')).toBe('value');
    expect(fieldOfPath('condition.kind')).toBe('kind');
    expect(fieldOfPath('symbol')).toBe('symbol');
    expect(fieldOfPath('id')).toBeUndefined();
  });
});
