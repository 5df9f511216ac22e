import protobuf from 'protobufjs';

/**
 * The quote messages of the quotes feed (docs/streaming.md), built in code (no .proto file is loaded at run time, so the
 * bundle needs nothing but protobufjs). Field numbers are the service's: do not renumber.
 * Every value is a string on the wire (decimals and timestamps alike), as the real feed sends them.
 */

/** The seven trade fields that repeat for the extended (`ext_`) and overnight (`ovn_`) sessions. */
export const SESSION_FIELD_NAMES = [
  'trade_time',
  'price',
  'high',
  'low',
  'volume',
  'change',
  'change_ratio',
] as const;

type FieldJson = { type: string; id: number; rule?: 'repeated' };
const strings = (first: number, names: readonly string[]): Record<string, FieldJson> =>
  Object.fromEntries(names.map((name, i) => [name, { type: 'string', id: first + i }]));

// proto3 semantics (implicit presence: empty strings are not written), as the service's .proto.
const message = (fields: Record<string, FieldJson>) => ({ edition: 'proto3', fields });

const root = protobuf.Root.fromJSON({
  nested: {
    quotes: {
      nested: {
        Basic: message(strings(1, ['symbol', 'instrument_id', 'timestamp', 'trading_session'])),
        Snapshot: message({
          basic: { type: 'Basic', id: 1 },
          ...strings(2, [
            'trade_time',
            'price',
            'open',
            'high',
            'low',
            'pre_close',
            'volume',
            'change',
            'change_ratio',
          ]),
          ...strings(
            11,
            SESSION_FIELD_NAMES.map((n) => `ext_${n}`),
          ),
          ...strings(
            18,
            SESSION_FIELD_NAMES.map((n) => `ovn_${n}`),
          ),
        }),
        Order: message(strings(1, ['mpid', 'size'])),
        Broker: message(strings(1, ['bid', 'name'])),
        AskBid: message({
          ...strings(1, ['price', 'size']),
          order: { type: 'Order', id: 3, rule: 'repeated' },
          broker: { type: 'Broker', id: 4, rule: 'repeated' },
        }),
        Quote: message({
          basic: { type: 'Basic', id: 1 },
          asks: { type: 'AskBid', id: 2, rule: 'repeated' },
          bids: { type: 'AskBid', id: 3, rule: 'repeated' },
        }),
        Tick: message({
          basic: { type: 'Basic', id: 1 },
          ...strings(2, ['time', 'price', 'volume', 'side']),
        }),
      },
    },
  },
});
root.resolveAll();
const typeOf = (name: string) => root.lookupType(`quotes.${name}`);

// ---- typed views of the messages ----

interface Basic {
  symbol: string;
  instrument_id: string;
  timestamp: string;
  trading_session: string;
}

type SessionFields<P extends string> = { [K in (typeof SESSION_FIELD_NAMES)[number] as `${P}${K}`]: string };

export type Snapshot = {
  /** null when the sender left it out (proto3 message fields have no default). */
  basic: Basic | null;
  trade_time: string;
  price: string;
  open: string;
  high: string;
  low: string;
  pre_close: string;
  volume: string;
  change: string;
  change_ratio: string;
} & SessionFields<'ext_'> &
  SessionFields<'ovn_'>;

interface DepthOrder {
  mpid: string;
  size: string;
}
interface DepthBroker {
  bid: string;
  name: string;
}
export interface AskBid {
  price: string;
  size: string;
  order: DepthOrder[];
  broker: DepthBroker[];
}
export interface Quote {
  basic: Basic | null;
  asks: AskBid[];
  bids: AskBid[];
}
export interface Tick {
  basic: Basic | null;
  time: string;
  price: string;
  volume: string;
  side: string;
}

/** MQTT topics the quotes service publishes on (docs/streaming.md); `echo`/`notice` carry no data. */
export const QUOTE_TOPICS = { SNAPSHOT: 'snapshot', QUOTE: 'quote', TICK: 'tick' } as const;
export type QuoteSubType = keyof typeof QUOTE_TOPICS;
/** The feeds a quotes subscription can ask for (the IPC contract's `subTypes` too). */
export const QUOTE_SUB_TYPES = ['SNAPSHOT', 'QUOTE', 'TICK'] as const satisfies readonly QuoteSubType[];

/** Partial input for encoding: proto3 leaves absent strings out of the bytes. */
export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (infer U)[]
    ? DeepPartial<U>[]
    : NonNullable<T[K]> extends object
      ? DeepPartial<NonNullable<T[K]>> | null
      : T[K];
};

// `defaults: true` so a decoded message always has every string ('' when absent) and every list.
const TO_OBJECT: protobuf.IConversionOptions = { defaults: true, arrays: true, longs: String, enums: String };

function codec<T>(type: protobuf.Type) {
  return {
    type,
    encode(message: DeepPartial<T>): Uint8Array {
      return type.encode(type.fromObject(message as Record<string, unknown>)).finish();
    },
    decode(bytes: Uint8Array): T {
      return type.toObject(type.decode(bytes), TO_OBJECT) as T;
    },
  };
}

export const SnapshotCodec = codec<Snapshot>(typeOf('Snapshot'));
export const QuoteCodec = codec<Quote>(typeOf('Quote'));
export const TickCodec = codec<Tick>(typeOf('Tick'));

export const QUOTE_CODEC_BY_TOPIC = {
  snapshot: SnapshotCodec,
  quote: QuoteCodec,
  tick: TickCodec,
} as const;
