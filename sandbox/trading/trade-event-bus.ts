import type { OrderRecord } from '../../shared/openapi/records/orders';
import type { Position } from '../../shared/openapi/records/accounts';

/**
 * The trading engine publishes here; the gRPC events server (docs/streaming.md) forwards to subscribers.
 * Order events (1024) on every status change, position events (1028) on every fill.
 */
export type TradeEvent =
  | { kind: 'order'; accountId: string; order: OrderRecord; time: number }
  | { kind: 'position'; accountId: string; position: Position; time: number };

export interface TradeEventBus {
  publish(event: TradeEvent): void;
  subscribe(listener: (event: TradeEvent) => void): () => void;
}

export function createTradeEventBus(): TradeEventBus {
  const listeners = new Set<(event: TradeEvent) => void>();
  return {
    publish(event) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
