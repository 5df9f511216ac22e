import type { QuoteLevel, QuoteRecord } from '../../shared/ipc/streams';
import type { QuoteSubType } from '../../shared/proto/quotes';
import type { Logger } from './logger';
import type { ActiveSession, SessionManager } from './session-manager';
import type { StreamSource } from './stream-hub';
import type { Category } from '../../shared/openapi/primitives';

/**
 * The streaming bridge for quotes: each renderer subscription becomes per-symbol subscriptions on
 * the active session's quote feed (which reference-counts them, so ten panels on AAPL are one
 * upstream subscription). When the session is replaced (environment switch, new credentials) every
 * live renderer subscription re-attaches to the new feed; the renderer never has to resubscribe.
 */
interface RendererQuoteSub {
  symbols: string[];
  subTypes: QuoteSubType[];
  category: Category;
  level: QuoteLevel | 'hold';
  emit: (u: QuoteRecord) => void;
  detach: Array<() => void>;
  closed: boolean;
}

export function createQuoteRouter(
  sessions: SessionManager,
  logger: Logger,
): { source: StreamSource<'quotes'>; size(): number } {
  const subs = new Set<RendererQuoteSub>();

  const detach = (sub: RendererQuoteSub) => {
    for (const d of sub.detach.splice(0)) {
      try {
        d();
      } catch (error) {
        logger.warn('quote unsubscribe failed', error);
      }
    }
  };
  const attach = (sub: RendererQuoteSub, session: ActiveSession) => {
    detach(sub);
    if (sub.closed || !session.quotes) return;
    for (const symbol of sub.symbols)
      sub.detach.push(session.quotes.subscribe(symbol, sub.subTypes, sub.emit, sub.category, sub.level));
  };

  sessions.onSession((session) => {
    for (const sub of subs) attach(sub, session);
  });

  return {
    source(params, emit) {
      const sub: RendererQuoteSub = {
        symbols: [...new Set(params.symbols)],
        // The ladder comes from QUOTE: a depth subscriber gets it whatever sub-types it named.
        subTypes:
          params.level === 'depth' && !params.subTypes.includes('QUOTE')
            ? [...params.subTypes, 'QUOTE']
            : params.subTypes,
        category: params.category,
        // Held: routed and tracked upstream, nothing sent to the window (the feed never calls it).
        level: params.hold ? 'hold' : params.level,
        emit,
        detach: [],
        closed: false,
      };
      subs.add(sub);
      const current = sessions.current();
      if (current) attach(sub, current);
      else
        sessions.ensure().then(
          (session) => {
            if (sub.detach.length === 0) attach(sub, session);
          },
          (error: unknown) =>
            logger.warn('quotes wait for a session', error instanceof Error ? error.message : error),
        );
      return () => {
        sub.closed = true;
        subs.delete(sub);
        detach(sub);
      };
    },
    size: () => subs.size,
  };
}
