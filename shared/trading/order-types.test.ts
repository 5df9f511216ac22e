import { describe, expect, it } from 'vitest';
import {
  ORDER_TYPES,
  ORDER_TYPE_VALUES,
  checkOrderFields,
  needsField,
  isOrderTypeAllowed,
  orderTypesFor,
  type OrderPriceFields,
  type OrderType,
} from './order-types';

/** A complete, valid set of fields for each type, and what each type must refuse. */
const CASES: Record<OrderType, { ok: OrderPriceFields; needs: string[] }> = {
  MARKET: { ok: {}, needs: [] },
  LIMIT: { ok: { limit_price: '10.5' }, needs: ['limit_price'] },
  STOP_LOSS: { ok: { stop_price: '9' }, needs: ['stop_price'] },
  STOP_LOSS_LIMIT: { ok: { stop_price: '9', limit_price: '8.9' }, needs: ['limit_price', 'stop_price'] },
  TRAILING_STOP_LOSS: {
    ok: { trailing_type: 'AMOUNT', trailing_stop_step: '0.5' },
    needs: ['trailing_type', 'trailing_stop_step'],
  },
};
const ALL: OrderPriceFields = {
  limit_price: '1',
  stop_price: '1',
  trailing_type: 'PERCENTAGE',
  trailing_stop_step: '0.01',
};

describe('order types', () => {
  it('lists the five types of the stock order reference', () =>
    expect(ORDER_TYPE_VALUES).toEqual([
      'MARKET',
      'LIMIT',
      'STOP_LOSS',
      'STOP_LOSS_LIMIT',
      'TRAILING_STOP_LOSS',
    ]));

  for (const type of ORDER_TYPE_VALUES) {
    const { ok, needs } = CASES[type];
    it(`${type}: its fields pass`, () => expect(checkOrderFields(type, ok)).toEqual([]));
    for (const field of needs) {
      it(`${type}: needs ${field}`, () => {
        const without = { ...ok, [field]: undefined };
        expect(checkOrderFields(type, without)).toEqual([{ field, message: `${type} orders need ${field}` }]);
      });
    }
    it(`${type}: refuses the price fields it does not take`, () => {
      const extra = Object.keys(ALL).filter((f) => !needs.includes(f));
      const problems = checkOrderFields(type, { ...ALL, ...ok });
      expect(problems.map((p) => p.field).sort()).toEqual(extra.sort());
    });
  }

  it('prices are positive decimals', () => {
    expect(checkOrderFields('LIMIT', { limit_price: '0' })[0]?.field).toBe('limit_price');
    expect(checkOrderFields('LIMIT', { limit_price: '-1' })[0]?.field).toBe('limit_price');
    expect(checkOrderFields('STOP_LOSS', { stop_price: '1e3' })[0]?.field).toBe('stop_price');
  });

  it('a percentage trail is a fraction at most 1; an amount trail is any positive price', () => {
    expect(
      checkOrderFields('TRAILING_STOP_LOSS', { trailing_type: 'PERCENTAGE', trailing_stop_step: '1' }),
    ).toEqual([]);
    expect(
      checkOrderFields('TRAILING_STOP_LOSS', { trailing_type: 'PERCENTAGE', trailing_stop_step: '1.5' }),
    ).toHaveLength(1);
    expect(
      checkOrderFields('TRAILING_STOP_LOSS', { trailing_type: 'AMOUNT', trailing_stop_step: '1.5' }),
    ).toEqual([]);
    // Case-sensitive on the wire.
    const lower = { trailing_type: 'amount', trailing_stop_step: '1' } as unknown as OrderPriceFields;
    expect(checkOrderFields('TRAILING_STOP_LOSS', lower)[0]?.field).toBe('trailing_type');
  });

  it('equities take every type; options no trailing stop, and MARKET only where the environment allows', () => {
    expect(orderTypesFor('EQUITY')).toEqual(ORDER_TYPE_VALUES);
    expect(orderTypesFor('OPTION')).toEqual(['MARKET', 'LIMIT', 'STOP_LOSS', 'STOP_LOSS_LIMIT']);
    expect(orderTypesFor('OPTION', { optionMarketOrders: false })).toEqual([
      'LIMIT',
      'STOP_LOSS',
      'STOP_LOSS_LIMIT',
    ]);
    expect(isOrderTypeAllowed('MARKET', 'EQUITY', { optionMarketOrders: false })).toBe(true);
    expect(isOrderTypeAllowed('TRAILING_STOP_LOSS', 'OPTION')).toBe(false);
  });
});

describe('order types: how each works', () => {
  it('names a trigger and an execution for every type', () => {
    const rows = ORDER_TYPE_VALUES.map((t) => [t, ORDER_TYPES[t].trigger, ORDER_TYPES[t].executes]);
    expect(rows).toEqual([
      ['MARKET', 'none', 'market'],
      ['LIMIT', 'none', 'limit'],
      ['STOP_LOSS', 'stop', 'market'],
      ['STOP_LOSS_LIMIT', 'stop', 'limit'],
      ['TRAILING_STOP_LOSS', 'trailing-stop', 'market'],
    ]);
  });
  it('a type that executes at a limit needs limit_price; a stop trigger needs stop_price', () => {
    for (const t of ORDER_TYPE_VALUES) {
      expect(needsField(t, 'limit_price'), t).toBe(ORDER_TYPES[t].executes === 'limit');
      expect(needsField(t, 'stop_price'), t).toBe(ORDER_TYPES[t].trigger === 'stop');
      expect(needsField(t, 'trailing_stop_step'), t).toBe(ORDER_TYPES[t].trigger === 'trailing-stop');
    }
  });
});

describe('order types: sessions', () => {
  it('only a limit order may work outside regular hours', () =>
    expect(ORDER_TYPE_VALUES.filter((t) => ORDER_TYPES[t].extendedHours)).toEqual(['LIMIT']));
});
