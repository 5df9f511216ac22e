import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import {
  SUBSCRIBE_METHOD_PATH,
  SubscribeRequestCodec,
  SubscribeResponseCodec,
  type SubscribeRequest,
  type SubscribeResponse,
} from '../../shared/proto/events';

/**
 * `grpc.trade.event.EventService` defined by hand with the protobufjs codec (no proto-loader, no
 * .proto at run time). The sandbox serves it; the trade-event client calls it.
 */
export const subscribeMethod: MethodDefinition<SubscribeRequest, SubscribeResponse> = {
  path: SUBSCRIBE_METHOD_PATH,
  requestStream: false,
  responseStream: true,
  requestSerialize: (value) => Buffer.from(SubscribeRequestCodec.encode(value)),
  requestDeserialize: (bytes) => SubscribeRequestCodec.decode(bytes),
  responseSerialize: (value) => Buffer.from(SubscribeResponseCodec.encode(value)),
  responseDeserialize: (bytes) => SubscribeResponseCodec.decode(bytes),
};

export const eventServiceDefinition: ServiceDefinition = { Subscribe: subscribeMethod };
