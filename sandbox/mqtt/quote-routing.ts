import type { QuoteSubType } from '../../shared/proto/quotes';

/**
 * Which symbols and sub-types are routed to which MQTT session (the HTTP subscribe call
 * routes data to a session; nothing is routed until it is made, and a dropped session loses it all).
 */
export interface SymbolRoute {
  subTypes: Set<QuoteSubType>;
  /** Depth levels for QUOTE; the last subscribe call for the symbol decides. */
  depth: number;
  overnight: boolean;
}

const DEFAULT_DEPTH = 1;

export class QuoteRoutingTable {
  private readonly bySession = new Map<string, Map<string, SymbolRoute>>();

  route(
    sessionId: string,
    symbols: readonly string[],
    subTypes: readonly QuoteSubType[],
    depth?: number,
    overnight?: boolean,
  ): void {
    let routes = this.bySession.get(sessionId);
    if (!routes) {
      routes = new Map();
      this.bySession.set(sessionId, routes);
    }
    for (const symbol of symbols) {
      const existing = routes.get(symbol);
      if (existing) {
        for (const t of subTypes) existing.subTypes.add(t);
        if (depth !== undefined) existing.depth = depth;
        if (overnight !== undefined) existing.overnight = overnight;
      } else {
        routes.set(symbol, {
          subTypes: new Set(subTypes),
          depth: depth ?? DEFAULT_DEPTH,
          overnight: overnight ?? false,
        });
      }
    }
  }

  /** Removes the sub-types (all of them when none are given) of the symbols (all when none are given). */
  unroute(sessionId: string, symbols?: readonly string[], subTypes?: readonly QuoteSubType[]): void {
    const routes = this.bySession.get(sessionId);
    if (!routes) return;
    for (const symbol of symbols ?? [...routes.keys()]) {
      const route = routes.get(symbol);
      if (!route) continue;
      if (subTypes && subTypes.length > 0) for (const t of subTypes) route.subTypes.delete(t);
      else route.subTypes.clear();
      if (route.subTypes.size === 0) routes.delete(symbol);
    }
    if (routes.size === 0) this.bySession.delete(sessionId);
  }

  dropSession(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  sessions(): IterableIterator<[string, ReadonlyMap<string, SymbolRoute>]> {
    return this.bySession.entries();
  }

  routesOf(sessionId: string): ReadonlyMap<string, SymbolRoute> {
    return this.bySession.get(sessionId) ?? new Map();
  }

  isEmpty(): boolean {
    return this.bySession.size === 0;
  }
}
