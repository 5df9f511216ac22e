import { describe, expect, it } from 'vitest';
import type { Position } from '../../../shared/openapi/records/accounts';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { toChartTime } from './clock';
import { refusalMessage, settle, shownLines, withPending } from './order-drag';
import {
  fillMarkersFor,
  orderLinesFor,
  positionLineFor,
  replaceRequest,
  snapToTick,
  stepTicks,
} from './order-lines';

const T = Date.parse('2026-11-18T15:30:00Z');
const order = (over: Partial<OrderRecord>): OrderRecord => ({
  client_order_id: 'a'.repeat(32),
  order_id: '1',
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '0',
  limit_price: '180.00',
  status: 'SUBMITTED',
  place_time: T,
  update_time: T,
  ...over,
});

describe('order lines', () => {
  it('draws one line per working price of the symbol and account, limit and stop told apart', () => {
    const lines = orderLinesFor(
      [
        order({}),
        order({
          client_order_id: 'b'.repeat(32),
          side: 'SELL',
          order_type: 'STOP_LOSS',
          limit_price: undefined,
          stop_price: '170.50',
          quantity: '5',
        }),
        order({
          client_order_id: 'c'.repeat(32),
          order_type: 'STOP_LOSS_LIMIT',
          stop_price: '190.00',
          limit_price: '190.50',
          quantity: '8',
          filled_quantity: '3',
          status: 'PARTIAL_FILLED',
        }),
        order({ client_order_id: 'd'.repeat(32), status: 'FILLED' }),
        order({ client_order_id: 'e'.repeat(32), symbol: 'MSFT' }),
        order({ client_order_id: 'f'.repeat(32), account_id: 'A2' }),
        order({ client_order_id: 'g'.repeat(32), order_type: 'MARKET', limit_price: undefined }),
      ],
      'AAPL',
      'A1',
    );
    expect(lines.map((l) => [l.title, l.price, l.kind])).toEqual([
      ['BUY 10 Limit', '180.00', 'limit'],
      ['SELL 5 Stop loss', '170.50', 'stop'],
      // What is left of a partly filled order; a stop-limit has a line at each of its prices.
      ['BUY 5 Stop loss limit (stop)', '190.00', 'stop'],
      ['BUY 5 Stop loss limit (limit)', '190.50', 'limit'],
    ]);
    expect(lines[0]?.name).toBe('Buy 10 AAPL limit 180.00');
    expect(orderLinesFor([order({})], 'AAPL', undefined)).toEqual([]);
  });

  it('labels the position with its unrealised P&L at the last price, in the one money format', () => {
    const long = {
      symbol: 'AAPL',
      instrument_type: 'EQUITY',
      quantity: '10',
      cost_price: '180.25',
    } as Position;
    expect(positionLineFor([long], 'AAPL', '181.50')).toEqual({
      price: '180.25',
      title: 'Long 10 @ 180.25  +$12.50',
      pnl: 'up',
    });
    const short = { ...long, quantity: '-4' };
    expect(positionLineFor([short], 'AAPL', '181.50')?.title).toBe('Short 4 @ 180.25  -$5.00');
    expect(positionLineFor([long], 'MSFT', '1')).toBeUndefined();
  });

  it('puts a fill in the bar its fill time falls in, at its average price', () => {
    const bar = toChartTime(T);
    const bars = [bar - 300, bar, bar + 300];
    const fills = fillMarkersFor(
      [
        order({
          status: 'FILLED',
          filled_quantity: '10',
          avg_fill_price: '179.95',
          filled_time: T + 120_000,
        }),
        order({ client_order_id: 'b'.repeat(32), status: 'SUBMITTED' }),
        // Before the first bar loaded: no marker to hang it on.
        order({
          client_order_id: 'c'.repeat(32),
          side: 'SELL',
          status: 'FILLED',
          filled_quantity: '2',
          avg_fill_price: '185',
          filled_time: T - 3_600_000,
        }),
      ],
      'AAPL',
      'A1',
      bars,
    );
    expect(fills).toEqual([
      { id: `fill:${'a'.repeat(32)}`, time: bar, price: 179.95, side: 'BUY', text: 'B 10 @ 179.95' },
    ]);
  });

  it('an order by amount draws no line (a market order has no price) and marks its fractional fill', () => {
    const bar = toChartTime(T);
    const byAmount = order({
      order_type: 'MARKET',
      limit_price: undefined,
      entrust_type: 'AMOUNT',
      total_cash_amount: '500.00',
      quantity: '0',
    });
    expect(orderLinesFor([byAmount], 'AAPL', 'A1')).toEqual([]);
    const filled = {
      ...byAmount,
      status: 'FILLED',
      quantity: '2.65083',
      filled_quantity: '2.65083',
      avg_fill_price: '188.62',
      filled_time: T,
    };
    expect(fillMarkersFor([filled], 'AAPL', 'A1', [bar])).toEqual([
      { time: bar, price: 188.62, side: 'BUY', text: 'B 2.65083 @ 188.62' },
    ]);
  });

  it('snaps to the tick: cents from a dollar, hundredths of a cent below', () => {
    expect(snapToTick(181.2349)).toBe('181.23');
    expect(snapToTick(181.235)).toBe('181.24');
    expect(snapToTick(0.51237)).toBe('0.5124');
    expect(stepTicks('181.23', 1)).toBe('181.24');
    expect(stepTicks('181.23', -10)).toBe('181.13');
    expect(stepTicks('0.5000', -1)).toBe('0.4999');
  });
});

describe('dragging a line', () => {
  const [line] = orderLinesFor([order({})], 'AAPL', 'A1');
  if (!line) throw new Error('no line');

  it('asks to replace the dragged price and restates the rest of the order', () => {
    expect(replaceRequest(line, '181.00')).toEqual({
      account_id: 'A1',
      modify_orders: [{ client_order_id: 'a'.repeat(32), quantity: '10', limit_price: '181.00' }],
    });
    const [stop] = orderLinesFor(
      [order({ order_type: 'STOP_LOSS_LIMIT', stop_price: '190.00', limit_price: '190.50' })],
      'AAPL',
      'A1',
    );
    if (!stop) throw new Error('no stop line');
    expect(replaceRequest(stop, '189.00').modify_orders[0]).toMatchObject({
      stop_price: '189.00',
      limit_price: '190.50',
    });
  });

  it('shows the pending price while moving and sending, and the old one again after a refusal', () => {
    let pending = withPending({}, line.key, { price: '181.00', state: 'moving' });
    expect(shownLines([line], pending)[0]).toMatchObject({
      price: '181.00',
      was: '180.00',
      title: 'BUY 10 Limit → 181.00',
    });
    pending = withPending(pending, line.key, { price: '181.00', state: 'sending' });
    expect(shownLines([line], pending)[0]?.title).toBe('BUY 10 Limit → sending 181.00');
    // Refused: the pending price is dropped, the line is where the broker has it.
    pending = withPending(pending, line.key, undefined);
    expect(shownLines([line], pending)[0]).toMatchObject({ price: '180.00', title: 'BUY 10 Limit' });
    expect(refusalMessage(line, '181.00', 'You declined')).toBe(
      'Buy 10 AAPL limit 180.00 was not moved to 181.00: You declined. The order stays at 180.00.',
    );
  });

  it('keeps an accepted price on the line until the order shows it, then lets go', () => {
    const sent = withPending({}, line.key, { price: '181.00', state: 'sent' });
    // The lists are not re-read yet: the line stays at the new price, not back at the old one.
    expect(settle(sent, [line])).toBe(sent);
    expect(shownLines([line], sent)[0]?.price).toBe('181.00');
    const moved = { ...line, price: '181.00' };
    expect(settle(sent, [moved])).toEqual({});
    // A line gone (filled, cancelled) drops whatever was pending on it.
    expect(settle(withPending({}, line.key, { price: '1', state: 'moving' }), [])).toEqual({});
  });
});
