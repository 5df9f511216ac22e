import { createRequire } from 'node:module';
import type * as Grpc from '@grpc/grpc-js';
import type * as Mqtt from 'mqtt';

/**
 * mqtt.js and gRPC, required when a link is first made instead of as main's body loads: their
 * requires (some hundreds of files between them) ran before main could make its window
 * (docs/architecture.md "Startup order"). `preloadLinkPackages` loads both once the window is on its
 * way, so the first connect does not wait for them either.
 */
const load = createRequire(import.meta.url);
let mqtt: typeof Mqtt | undefined;
let grpc: typeof Grpc | undefined;

export const mqttPackage = (): typeof Mqtt => (mqtt ??= load('mqtt') as typeof Mqtt);
export const grpcPackage = (): typeof Grpc => (grpc ??= load('@grpc/grpc-js') as typeof Grpc);

export function preloadLinkPackages(): void {
  mqttPackage();
  grpcPackage();
}
