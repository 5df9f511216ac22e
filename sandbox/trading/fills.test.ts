import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal';
import { SandboxError } from '../http/route-types';
import { checkStopSide, fillQuantity, priceText, type Touch } from './fills';

const touch: Touch = {
  bid: new Decimal('9.99'),
  ask: new Decimal('10.01'),
  last: new Decimal('10.00'),
  bidSize: new Decimal(300),
  askSize: new Decimal(200),
};

describe('fill helpers', () => {
  it('writes prices at the tick: cents for stocks from $1 and options, 1/100 cent below $1', () => {
    expect(priceText('EQUITY', new Decimal('5.8'))).toBe('5.80');
    expect(priceText('EQUITY', new Decimal('0.51'))).toBe('0.5100');
    expect(priceText('OPTION', new Decimal('0.05'))).toBe('0.05');
    expect(priceText('EQUITY', new Decimal('230.6123456'))).toBe('230.6123');
  });

  it('fills at most the size shown at the touch the order trades against', () => {
    expect(fillQuantity('BUY', touch, new Decimal(500)).toFixed()).toBe('200');
    expect(fillQuantity('SELL', touch, new Decimal(500)).toFixed()).toBe('300');
    expect(fillQuantity('BUY', touch, new Decimal(50)).toFixed()).toBe('50');
    const sizeless = { ...touch, askSize: undefined };
    expect(fillQuantity('BUY', sizeless, new Decimal(500)).toFixed()).toBe('500');
  });

  it('accepts a stop only on the far side of the last price', () => {
    const stop = (side: 'BUY' | 'SELL', stop_price: string) => () =>
      checkStopSide({ order_type: 'STOP_LOSS', side, stop_price }, touch, 'new_orders[0]');
    expect(stop('BUY', '10.01')).not.toThrow();
    expect(stop('SELL', '9.99')).not.toThrow();
    for (const wrong of [
      stop('BUY', '10.00'),
      stop('BUY', '9.00'),
      stop('SELL', '10.00'),
      stop('SELL', '11'),
    ]) {
      expect(wrong).toThrow(SandboxError);
      expect(wrong).toThrow("'new_orders[0].stop_price'");
    }
    // Limit orders carry no stop to check.
    expect(() =>
      checkStopSide({ order_type: 'LIMIT', side: 'BUY', stop_price: undefined }, touch, 'x'),
    ).not.toThrow();
  });
});
