import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../shared/ipc/contract';
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
    expect(line).toEqual({ time: 5, kind: 'order', tone: 'up', text: 'FILLED BUY 10 AAPL @ 189.50 · A1' });
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
