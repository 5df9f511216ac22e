import type { QuoteSubType } from '../../shared/proto/quotes';
import { badParameter, SandboxError, type RouteTable } from '../http/route-types';
import type { MarketView } from '../market/market-view';
import type { QuoteRoutingTable } from './quote-routing';

/**
 * `streamingSubscribe` / `streamingUnsubscribe` (docs/streaming.md): the HTTP side of quote streaming.
 * Routing is per MQTT session, so the session must be connected now, with the caller's app key.
 */
export interface StreamingRoutesDeps {
  market: MarketView;
  routing: QuoteRoutingTable;
  /** The app key a connected session logged in with; undefined when it is not connected. */
  sessionAppKey(sessionId: string): string | undefined;
}

export function createStreamingRoutes(deps: StreamingRoutesDeps): RouteTable {
  const requireSession = (sessionId: string, appKey: string) => {
    const owner = deps.sessionAppKey(sessionId);
    if (owner === undefined) throw badParameter('session_id', `no MQTT session '${sessionId}' is connected`);
    // Another app's session is treated like an absent one: never confirm that it exists.
    if (owner !== appKey) throw badParameter('session_id', `no MQTT session '${sessionId}' is connected`);
  };
  const requireKnown = (symbols: readonly string[]) => {
    const unknown = symbols.filter((s) => deps.market.lookup(s) === undefined);
    if (unknown.length > 0) throw badParameter('symbols', `unknown symbol ${unknown.join(', ')}`);
  };

  return {
    streamingSubscribe(params, ctx) {
      requireSession(params.session_id, ctx.appKey);
      requireKnown(params.symbols);
      const subTypes: QuoteSubType[] = [...new Set(params.sub_types)];
      deps.routing.route(
        params.session_id,
        params.symbols,
        subTypes,
        params.depth,
        params.overnight_required,
      );
      return { session_id: params.session_id, symbols: params.symbols, sub_types: subTypes };
    },
    streamingUnsubscribe(params, ctx) {
      requireSession(params.session_id, ctx.appKey);
      if (params.unsubscribe_all) {
        deps.routing.dropSession(params.session_id);
        return { session_id: params.session_id, symbols: [], sub_types: [] };
      }
      const noSymbols = !params.symbols || params.symbols.length === 0;
      if (noSymbols && !params.sub_types) {
        throw new SandboxError(
          400,
          'INVALID_PARAMETER',
          "Invalid parameter 'symbols': give symbols or sub_types, or unsubscribe_all: true",
        );
      }
      // sub_types alone removes those sub-types from every routed symbol.
      deps.routing.unroute(params.session_id, noSymbols ? undefined : params.symbols, params.sub_types);
      return { session_id: params.session_id, symbols: params.symbols, sub_types: params.sub_types ?? [] };
    },
  };
}
