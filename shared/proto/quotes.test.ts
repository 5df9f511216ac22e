import { describe, expect, it } from 'vitest';
import { QuoteCodec, SnapshotCodec, TickCodec } from './quotes';
import { EventType, SubscribeRequestCodec, SubscribeResponseCodec } from './events';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('quote protobufs (the service field numbers)', () => {
  it('puts each field on its tag: basic=1, price=3, ovn_change_ratio=24', () => {
    // tag = (field << 3) | 2 for length-delimited: 1 → 0a, 3 → 1a, 24 → c2 01.
    expect(hex(SnapshotCodec.encode({ basic: { symbol: 'A' } }))).toBe('0a030a0141');
    expect(hex(SnapshotCodec.encode({ price: '1' }))).toBe('1a0131');
    expect(hex(SnapshotCodec.encode({ ext_trade_time: '1' }))).toBe('5a0131');
    expect(hex(SnapshotCodec.encode({ ovn_trade_time: '1' }))).toBe('92010131');
    expect(hex(SnapshotCodec.encode({ ovn_change_ratio: '1' }))).toBe('c2010131');
    expect(hex(TickCodec.encode({ side: 'B' }))).toBe('2a0142');
    // Quote: bids = 3; AskBid.order = 3 with Order.mpid = 1; AskBid.broker = 4 with Broker.name = 2.
    expect(hex(QuoteCodec.encode({ bids: [{ order: [{ mpid: 'X' }] }] }))).toBe('1a051a030a0158');
    expect(hex(QuoteCodec.encode({ asks: [{ broker: [{ name: 'Y' }] }] }))).toBe('12052203120159');
  });

  it('round-trips every snapshot field and a depth book', () => {
    const names = Object.keys(SnapshotCodec.decode(new Uint8Array())).filter((k) => k !== 'basic');
    expect(names).toHaveLength(23);
    const full = Object.fromEntries(names.map((n, i) => [n, `${i}.5`]));
    const basic = {
      symbol: 'AAPL',
      instrument_id: '913256135',
      timestamp: '1700000000000',
      trading_session: 'RTH',
    };
    expect(SnapshotCodec.decode(SnapshotCodec.encode({ ...full, basic }))).toEqual({ ...full, basic });
    const book = {
      basic,
      asks: [{ price: '1.01', size: '200', order: [{ mpid: 'NSDQ', size: '200' }], broker: [] }],
      bids: [],
    };
    expect(QuoteCodec.decode(QuoteCodec.encode(book))).toEqual(book);
  });
});

describe('event protobufs', () => {
  it('round-trips the request with int64 timestamp and repeated accounts', () => {
    const request = {
      subscribeType: 1,
      timestamp: 1_767_225_600_123,
      contentType: '',
      payload: '',
      accounts: ['A1', 'B2'],
    };
    const bytes = SubscribeRequestCodec.encode(request);
    expect(hex(bytes).startsWith('0801')).toBe(true);
    expect(SubscribeRequestCodec.decode(bytes)).toEqual(request);
  });

  it('keeps event kinds outside the control enum (open enum) and encodes control values', () => {
    const data = SubscribeResponseCodec.decode(
      SubscribeResponseCodec.encode({ eventType: 1028, payload: '{}', timestamp: 5 }),
    );
    expect(data.eventType).toBe(1028);
    expect(hex(SubscribeResponseCodec.encode({ eventType: EventType.Ping }))).toBe('0801');
    expect(hex(SubscribeResponseCodec.encode({ requestId: 'r' }))).toBe('2a0172');
  });
});
