import protobuf from 'protobufjs';

/**
 * The trade-event stream (docs/streaming.md): `grpc.trade.event.EventService/Subscribe`, server streaming.
 * Messages built in code with the service's field numbers. `eventType` is an open enum: besides the
 * five control values, data messages carry the event kind itself (1024 order, 1028 position) in it,
 * which is how the official SDK tells data from control (anything not 0–4 is a message).
 */

const EVENT_SERVICE_NAME = 'grpc.trade.event.EventService';
export const SUBSCRIBE_METHOD_PATH = `/${EVENT_SERVICE_NAME}/Subscribe`;

export const EventType = {
  SubscribeSuccess: 0,
  Ping: 1,
  AuthError: 2,
  NumOfConnExceed: 3,
  SubscribeExpired: 4,
} as const;

/** Event kinds (docs/streaming.md). The official SDK's constants name 1025 for positions; the API's published documentation says 1028. */
export const TRADE_EVENT_KIND = { order: 1024, position: 1028 } as const;
export const POSITION_EVENT_KINDS: readonly number[] = [1028, 1025];

/** `subscribeType` values: the SDK subscribes with 1 ("only 1 allowed now"); 2 marks position changes. */
export const SUBSCRIBE_TYPE = { orderStatusChanged: 1, positionChanged: 2 } as const;

export const CONTENT_TYPE_JSON = 'application/json';
export const CONTENT_TYPE_TEXT = 'text/plain';

// proto3, as the service's .proto: the enum is open, so 1024/1028 survive decoding.
const root = protobuf.Root.fromJSON({
  nested: {
    grpc: {
      nested: {
        trade: {
          nested: {
            event: {
              nested: {
                EventType: { edition: 'proto3', values: { ...EventType } },
                SubscribeRequest: {
                  edition: 'proto3',
                  fields: {
                    subscribeType: { type: 'uint32', id: 1 },
                    timestamp: { type: 'int64', id: 2 },
                    contentType: { type: 'string', id: 3 },
                    payload: { type: 'string', id: 4 },
                    accounts: { type: 'string', id: 5, rule: 'repeated' },
                  },
                },
                SubscribeResponse: {
                  edition: 'proto3',
                  fields: {
                    eventType: { type: 'EventType', id: 1 },
                    subscribeType: { type: 'uint32', id: 2 },
                    contentType: { type: 'string', id: 3 },
                    payload: { type: 'string', id: 4 },
                    requestId: { type: 'string', id: 5 },
                    timestamp: { type: 'int64', id: 6 },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
root.resolveAll();
const requestType = root.lookupType('grpc.trade.event.SubscribeRequest');
const responseType = root.lookupType('grpc.trade.event.SubscribeResponse');

export interface SubscribeRequest {
  subscribeType: number;
  /** Unix ms. */
  timestamp: number;
  contentType: string;
  payload: string;
  accounts: string[];
}

export interface SubscribeResponse {
  /** A control value of `EventType`, or an event kind (1024, 1028) on data messages. */
  eventType: number;
  subscribeType: number;
  contentType: string;
  payload: string;
  requestId: string;
  /** Unix ms. */
  timestamp: number;
}

// int64 as a JS number: Unix ms stay far below 2^53. Enums as numbers: the enum is open.
const TO_OBJECT: protobuf.IConversionOptions = { defaults: true, arrays: true, longs: Number, enums: Number };

function codec<T extends object>(type: protobuf.Type) {
  return {
    type,
    encode(message: Partial<T>): Uint8Array {
      // `create` rather than `fromObject`: fromObject would refuse event kinds outside the enum.
      return type.encode(type.create(message as Record<string, unknown>)).finish();
    },
    decode(bytes: Uint8Array): T {
      return type.toObject(type.decode(bytes), TO_OBJECT) as T;
    },
  };
}

export const SubscribeRequestCodec = codec<SubscribeRequest>(requestType);
export const SubscribeResponseCodec = codec<SubscribeResponse>(responseType);
