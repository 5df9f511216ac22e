import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../shared/decimal';
import { alertCondition, type AlertCondition } from '../../../shared/ipc/alerts';
import { evaluateCondition, readDecimal, type Side } from './evaluate';

const cond = (c: unknown): AlertCondition => alertCondition.parse(c);
const at = (price: string, preClose?: string) => ({
  price: new Decimal(price),
  preClose: preClose === undefined ? undefined : new Decimal(preClose),
});

/** Feeds prices in order to one condition, as the service does, and returns which samples fired. */
function run(c: AlertCondition, prices: string[], preClose?: string): boolean[] {
  let side: Side | undefined;
  return prices.map((p) => {
    const r = evaluateCondition(c, at(p, preClose), side);
    side = r.side;
    return r.fired;
  });
}

describe('alert conditions', () => {
  it('above fires at or above the threshold (equal counts), not below it', () => {
    expect(run(cond({ kind: 'above', price: '190.00' }), ['189.99', '190', '190.01'])).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('below fires at or below the threshold (equal counts)', () => {
    expect(run(cond({ kind: 'below', price: '50.5' }), ['50.51', '50.50', '50.49'])).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('compares decimals exactly where floats would not (0.1 + 0.2 against 0.3)', () => {
    const sum = new Decimal('0.1').plus('0.2').toString();
    expect(run(cond({ kind: 'above', price: '0.3' }), [sum])).toEqual([true]);
    expect(run(cond({ kind: 'below', price: '0.3' }), [sum])).toEqual([true]);
    expect(run(cond({ kind: 'above', price: '100.00000001' }), ['100.00000000', '100.00000001'])).toEqual([
      false,
      true,
    ]);
  });

  it('cross fires coming up from below', () => {
    expect(run(cond({ kind: 'cross', price: '100' }), ['99', '99.5', '100.2'])).toEqual([false, false, true]);
  });

  it('cross fires coming down from above', () => {
    expect(run(cond({ kind: 'cross', price: '100' }), ['101', '100.01', '99.99'])).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('cross counts reaching the level exactly as crossing it', () => {
    expect(run(cond({ kind: 'cross', price: '100' }), ['99.9', '100'])).toEqual([false, true]);
    expect(run(cond({ kind: 'cross', price: '100' }), ['100.1', '100.00'])).toEqual([false, true]);
  });

  it('cross needs a side first: the first price never fires, even on the level', () => {
    expect(run(cond({ kind: 'cross', price: '100' }), ['100', '100', '101', '99'])).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(run(cond({ kind: 'cross', price: '100' }), ['150'])).toEqual([false]);
  });

  it('moveUp uses the previous close: (price − preClose) / preClose ≥ N %', () => {
    const c = cond({ kind: 'moveUp', percent: '2' });
    // 2 % of 50 is 1: 51 is exactly +2 %.
    expect(run(c, ['50.99', '51', '52'], '50')).toEqual([false, true, true]);
    // The same prices are no move at all against another previous close.
    expect(run(c, ['51'], '51')).toEqual([false]);
  });

  it('moveDown fires at or beyond −N % from the previous close', () => {
    const c = cond({ kind: 'moveDown', percent: '2.5' });
    expect(run(c, ['97.51', '97.5', '90'], '100')).toEqual([false, true, true]);
    expect(run(c, ['120'], '100')).toEqual([false]);
  });

  it('a move cannot fire without a previous close', () => {
    expect(run(cond({ kind: 'moveUp', percent: '1' }), ['500'])).toEqual([false]);
    expect(run(cond({ kind: 'moveDown', percent: '1' }), ['1'], '0')).toEqual([false]);
  });

  it('reads decimals from the feed and skips unreadable ones', () => {
    expect(readDecimal('189.50')?.toString()).toBe('189.5');
    expect(readDecimal('')).toBeUndefined();
    expect(readDecimal(undefined)).toBeUndefined();
    expect(readDecimal('abc')).toBeUndefined();
    expect(readDecimal('NaN')).toBeUndefined();
  });
});

describe('alert condition input', () => {
  it('refuses a zero, negative or non-decimal threshold, naming the field', () => {
    for (const price of ['0', '-1', '1e3', 'abc', '', '1.123456789']) {
      const r = alertCondition.safeParse({ kind: 'above', price });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['price']);
    }
    expect(alertCondition.safeParse({ kind: 'moveUp', percent: '1001' }).success).toBe(false);
    expect(alertCondition.safeParse({ kind: 'moveUp', price: '10' }).success).toBe(false);
    expect(alertCondition.safeParse({ kind: 'sideways', price: '10' }).success).toBe(false);
  });
});
