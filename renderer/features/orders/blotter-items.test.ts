import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import { blotterItems, childStatus, groupCancels, groupKindName, groupStatus } from './blotter-items';

const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord => ({
  client_order_id: id,
  order_id: id,
  account_id: 'A1',
  symbol: 'AAPL',
  instrument_type: 'EQUITY',
  side: 'BUY',
  order_type: 'LIMIT',
  time_in_force: 'DAY',
  quantity: '10',
  filled_quantity: '0',
  status: 'SUBMITTED',
  place_time: 1,
  update_time: 1,
  ...over,
});
const master = order('m', { combo_type: 'MASTER', combo_order_id: 'G' });
const profit = order('p', { combo_type: 'STOP_PROFIT', combo_order_id: 'G', side: 'SELL' });
const loss = order('l', {
  combo_type: 'STOP_LOSS',
  combo_order_id: 'G',
  side: 'SELL',
  order_type: 'STOP_LOSS',
});

describe('blotter rows', () => {
  it('shows a group as one item in the place of its first order, entry first', () => {
    const lone = order('x');
    const items = blotterItems([
      loss,
      lone,
      master,
      profit,
      order('n', { combo_type: 'NORMAL', combo_order_id: 'Z' }),
    ]);
    expect(
      items.map((i) =>
        i.kind === 'group' ? i.orders.map((o) => o.client_order_id) : i.order.client_order_id,
      ),
    ).toEqual([['m', 'p', 'l'], 'x', 'n']);
  });

  it('cancels a group by its open entry, else by each exit still working', () => {
    expect(groupCancels([master, profit, loss]).map((o) => o.client_order_id)).toEqual(['m']);
    const filled = { ...master, status: 'FILLED', filled_quantity: '10' };
    expect(groupCancels([filled, profit, loss]).map((o) => o.client_order_id)).toEqual(['p', 'l']);
    expect(groupCancels([filled, { ...profit, status: 'CANCELLED' }, { ...loss, status: 'FILLED' }])).toEqual(
      [],
    );
  });

  it('names the group’s state: the entry’s, then its exits working, then which exit closed it', () => {
    expect(groupStatus([master, profit, loss])).toBe('SUBMITTED');
    const filled = { ...master, status: 'FILLED' };
    expect(groupStatus([filled, profit, loss])).toBe('FILLED · exits working');
    expect(groupStatus([filled, { ...profit, status: 'CANCELLED' }, { ...loss, status: 'FILLED' }])).toBe(
      'CLOSED by stop-loss',
    );
    expect(groupStatus([{ ...master, status: 'CANCELLED' }, profit, loss])).toBe('CANCELLED');
  });
});

describe('a group whose entry filled in part', () => {
  const big = { quantity: '150' };
  const part = { ...master, ...big, status: 'PARTIAL_FILLED', filled_quantity: '100' };
  it('shows the exits waiting while they wait for the whole entry (the sandbox’s default)', () => {
    const exits = [
      { ...profit, ...big },
      { ...loss, ...big },
    ];
    expect(groupStatus([part, ...exits])).toBe('PARTIAL_FILLED 100 of 150 · exits waiting');
    expect(exits.map((o) => childStatus(o, [part, ...exits]))).toEqual([
      'Waiting for entry',
      'Waiting for entry',
    ]);
    // Before any fill the exits wait too.
    expect(childStatus(profit, [master, profit, loss])).toBe('Waiting for entry');
  });
  it('shows the exits working for the filled shares when they work for them', () => {
    const first = { ...profit, quantity: '100' };
    const exits = [first, { ...loss, quantity: '100' }];
    expect(groupStatus([part, ...exits])).toBe('PARTIAL_FILLED 100 of 150 · exits working for 100');
    expect(childStatus(first, [part, ...exits])).toBe('SUBMITTED');
  });
  it('after the entry’s rest is cancelled, the exits work for what it filled and cancel the group from there', () => {
    const ended = { ...part, status: 'CANCELLED' };
    const exits = [
      { ...profit, quantity: '100' },
      { ...loss, quantity: '100' },
    ];
    expect(groupStatus([ended, ...exits])).toBe('CANCELLED after 100 of 150 · exits working');
    expect(groupCancels([ended, ...exits]).map((o) => o.client_order_id)).toEqual(['p', 'l']);
    // Cancelling the group while the entry works cancels its unfilled rest only (the exits stay for the filled part).
    expect(groupCancels([part, ...exits]).map((o) => o.client_order_id)).toEqual(['m']);
  });
  it('names the group by its kind, and how an OCO pair ended', () => {
    const oto = order('o', { combo_type: 'OTO', combo_order_id: 'G', side: 'SELL' });
    const oco = order('c', { combo_type: 'OCO', combo_order_id: 'G', side: 'SELL' });
    expect(groupKindName([master, profit, loss])).toBe('bracket');
    expect(groupKindName([master, oto])).toBe('OTO');
    expect(groupStatus([{ ...master, status: 'FILLED' }, oto])).toBe('FILLED · triggered order working');
    expect(groupKindName([oco, { ...oco, client_order_id: 'd' }])).toBe('OCO');
    expect(groupKindName([master, oco, { ...oco, client_order_id: 'd' }])).toBe('OTOCO');
    const filled = { status: 'FILLED', filled_quantity: '10' };
    expect(
      groupStatus([
        { ...oco, ...filled },
        { ...oco, client_order_id: 'd', status: 'CANCELLED' },
      ]),
    ).toBe('FILLED · other cancelled');
    expect(
      groupStatus([
        { ...master, ...filled },
        { ...oco, ...filled },
        { ...oco, client_order_id: 'd', status: 'CANCELLED' },
      ]),
    ).toBe('CLOSED by an exit');
  });
});
