import {
  SUBSCRIBE_METHOD_PATH,
  SubscribeRequestCodec,
  SubscribeResponseCodec,
  type SubscribeRequest,
  type SubscribeResponse,
} from './events';

/**
 * A gRPC method as @grpc/grpc-js's `MethodDefinition` has it, over the byte type the library
 * serialises to. Spelled here structurally: shared/ imports neither Node nor the gRPC library.
 */
export interface GrpcMethod<Req, Res, Bytes extends Uint8Array> {
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  requestSerialize: (value: Req) => Bytes;
  requestDeserialize: (bytes: Uint8Array) => Req;
  responseSerialize: (value: Res) => Bytes;
  responseDeserialize: (bytes: Uint8Array) => Res;
}

/**
 * `grpc.trade.event.EventService`'s one method, defined by hand with the protobufjs codec (no
 * proto-loader, no .proto at run time), once for both programs: the sandbox serves it and the app's
 * trade-event client calls it. gRPC's library wants Node Buffers, which shared/ cannot make, so the
 * caller passes `toBytes` (`(b) => Buffer.from(b)`) and gets a `MethodDefinition` back.
 */
export function subscribeMethodOf<Bytes extends Uint8Array>(
  toBytes: (bytes: Uint8Array) => Bytes,
): GrpcMethod<SubscribeRequest, SubscribeResponse, Bytes> {
  return {
    path: SUBSCRIBE_METHOD_PATH,
    requestStream: false,
    responseStream: true,
    requestSerialize: (value) => toBytes(SubscribeRequestCodec.encode(value)),
    requestDeserialize: (bytes) => SubscribeRequestCodec.decode(bytes),
    responseSerialize: (value) => toBytes(SubscribeResponseCodec.encode(value)),
    responseDeserialize: (bytes) => SubscribeResponseCodec.decode(bytes),
  };
}

/** The whole service (`server.addService`). */
export const eventServiceOf = <Bytes extends Uint8Array>(toBytes: (bytes: Uint8Array) => Bytes) => ({
  Subscribe: subscribeMethodOf(toBytes),
});
