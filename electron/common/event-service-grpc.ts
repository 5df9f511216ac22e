import type { MethodDefinition } from '@grpc/grpc-js';
import type { SubscribeRequest, SubscribeResponse } from '../../shared/proto/events';
import { subscribeMethodOf } from '../../shared/proto/event-service';

/** The app's binding of the event service (shared/proto/event-service.ts) to gRPC's Node Buffers. */
export const subscribeMethod: MethodDefinition<SubscribeRequest, SubscribeResponse> = subscribeMethodOf(
  (bytes) => Buffer.from(bytes),
);
