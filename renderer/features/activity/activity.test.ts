import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, TradeEventMessage } from '../../../shared/ipc/contract';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import {
  describeFiredAlerts,
  describeLinkChange,
  describeTradeEvent,
  mergeActivity,
  type ActivityEntry,
} from './activity';

describe('activity lines', () => {
  it('describes an order event from its record', () => {
    const line = describeTradeEvent({
      environmentId: 'sandbox',
      kind: 'order',
      accountId: 'A1',
      time: 5,
      payload: {
        client_order_id: 'c1',
        order_id: 'o1',
        account_id: 'A1',
        instrument_type: 'EQUITY',
        order_type: 'MARKET',
        time_in_force: 'DAY',
        filled_quantity: '10',
        place_time: 1,
        update_time: 5,
        status: 'FILLED',
        side: 'BUY',
        quantity: '10',
        symbol: 'AAPL',
        avg_fill_price: '189.50',
      },
    });
    expect(line).toEqual({ time: 5, kind: 'order', tone: 'up', text: 'Filled: Buy 10 AAPL at 189.50 · A1' });
  });
  it('describes an order by amount by its dollars until it fills, then by the fractional shares filled', () => {
    const amountOrder = (over: Partial<OrderRecord>): TradeEventMessage => ({
      environmentId: 'sandbox',
      kind: 'order',
      accountId: 'A1',
      time: 5,
      payload: {
        client_order_id: 'c3',
        order_id: 'o3',
        account_id: 'A1',
        instrument_type: 'EQUITY',
        order_type: 'MARKET',
        time_in_force: 'DAY',
        entrust_type: 'AMOUNT',
        total_cash_amount: '500.00',
        quantity: '0',
        filled_quantity: '0',
        place_time: 1,
        update_time: 1,
        status: 'SUBMITTED',
        side: 'BUY',
        symbol: 'AAPL',
        ...over,
      },
    });
    expect(describeTradeEvent(amountOrder({})).text).toBe('Placed: Buy $500.00 AAPL, market · A1');
    expect(
      describeTradeEvent(
        amountOrder({
          status: 'FILLED',
          quantity: '2.65083',
          filled_quantity: '2.65083',
          avg_fill_price: '188.62',
        }),
      ).text,
    ).toBe('Filled: Buy 2.65083 AAPL at 188.62 · A1');
  });

  const optionOrder = (over: Partial<OrderRecord>): TradeEventMessage => ({
    environmentId: 'sandbox',
    kind: 'order',
    accountId: 'A1',
    time: 5,
    payload: {
      client_order_id: 'c2',
      order_id: 'o2',
      account_id: 'A1',
      symbol: 'AAPL',
      instrument_type: 'OPTION',
      order_type: 'LIMIT',
      time_in_force: 'DAY',
      side: 'BUY',
      quantity: '2',
      filled_quantity: '0',
      limit_price: '1.41',
      status: 'SUBMITTED',
      place_time: 1,
      update_time: 1,
      legs: [
        {
          symbol: 'AAPL',
          strike_price: '200',
          option_expire_date: '2025-12-19',
          option_type: 'CALL',
          side: 'BUY',
          quantity: '2',
        },
      ],
      ...over,
    },
  });
  it('names an option order as an option, and a fill at its fill price, not its limit', () => {
    expect(describeTradeEvent(optionOrder({})).text).toBe(
      'Placed: Buy 2 AAPL 19 Dec 2025 200 Call, limit 1.41 · A1',
    );
    expect(
      describeTradeEvent(
        optionOrder({ status: 'FILLED', filled_quantity: '2', avg_fill_price: '1.34', update_time: 9 }),
      ).text,
    ).toBe('Filled: Buy 2 AAPL 19 Dec 2025 200 Call at 1.34 · A1');
  });
  it('tells a replacement and a cancellation from a new order', () => {
    expect(describeTradeEvent(optionOrder({ limit_price: '1.45', update_time: 7 })).text).toBe(
      'Replaced: Buy 2 AAPL 19 Dec 2025 200 Call, limit 1.45 · A1',
    );
    expect(describeTradeEvent(optionOrder({ status: 'CANCELLED', update_time: 8 })).text).toBe(
      'Cancelled: Buy 2 AAPL 19 Dec 2025 200 Call · A1',
    );
  });
  it('names an option position by its contract, not its OCC code', () => {
    const line = describeTradeEvent({
      environmentId: 'sandbox',
      kind: 'position',
      accountId: 'A1',
      time: 5,
      payload: {
        instrument_id: 'p1',
        symbol: 'AAPL251219P00200000',
        instrument_type: 'OPTION',
        quantity: '5',
        cost_price: '1.10',
      },
    });
    expect(line.text).toBe('Position AAPL 19 Dec 2025 200 Put: 5 held · A1');
  });
  it('reports only links that changed', () => {
    const base: ConnectionStatus = {
      environmentId: 'sandbox',
      api: 'live',
      quotes: 'connecting',
      events: 'idle',
      staleSymbols: [],
    };
    const lines = describeLinkChange(base, { ...base, quotes: 'live' }, 9);
    expect(lines).toEqual([{ time: 9, kind: 'link', tone: 'up', text: 'Quotes live' }]);
  });
});

describe('fired alerts in the feed', () => {
  const base = {
    environmentId: 'sandbox',
    symbol: 'AAPL',
    category: 'US_STOCK' as const,
    condition: { kind: 'cross' as const, price: '190' },
    createdAt: 1,
  };
  it('adds one line per fire, once, and again after a re-arm fires it anew', () => {
    const seen = new Set<string>();
    const armed = { ...base, id: 'a', status: 'armed' as const };
    const fired = { ...base, id: 'a', status: 'triggered' as const, triggeredAt: 50, triggerPrice: '190.02' };
    expect(describeFiredAlerts({ environmentId: 'sandbox', alerts: [armed] }, seen)).toEqual([]);
    expect(describeFiredAlerts({ environmentId: 'sandbox', alerts: [fired] }, seen)).toEqual([
      { time: 50, kind: 'alert', tone: 'warn', text: 'Alert AAPL crosses 190 · last 190.02' },
    ]);
    expect(describeFiredAlerts({ environmentId: 'sandbox', alerts: [fired] }, seen)).toEqual([]);
    const again = { ...fired, triggeredAt: 90 };
    expect(describeFiredAlerts({ environmentId: 'sandbox', alerts: [again] }, seen)).toHaveLength(1);
  });
});

describe('the feed order', () => {
  const line = (id: number, time: number, text: string): ActivityEntry => ({
    id,
    time,
    kind: 'order',
    tone: 'flat',
    text,
  });
  it('reads newest first by time, whatever order the lines arrived in', () => {
    let feed = mergeActivity([], [line(1, 1_000, 'filled'), line(2, 1_000, 'position')], 60);
    expect(feed.map((e) => e.text)).toEqual(['position', 'filled']);
    // An alert fired before the fill, delivered after it, goes below it.
    feed = mergeActivity(feed, [line(3, 900, 'alert')], 60);
    expect(feed.map((e) => e.text)).toEqual(['position', 'filled', 'alert']);
    feed = mergeActivity(feed, [line(4, 2_000, 'quotes live')], 3);
    expect(feed.map((e) => e.text)).toEqual(['quotes live', 'position', 'filled']);
  });
});
