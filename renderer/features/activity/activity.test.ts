import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../shared/ipc/contract';
import { describeLinkChange, describeTradeEvent } from './activity';

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
