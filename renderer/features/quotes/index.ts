/**
 * The quotes feature's public face: the live quote store, the subscription hook (main decides
 * staleness: a record's `stale`). Other features import these from here, never a file inside (docs/architecture.md, "Layers").
 */
export { livePrice, onlyTimeMoved, useLiveQuote, useQuoteStore, type LiveQuote } from './quote-store';
export { groupByCategory, quoteCategory, useQuoteSubscription, type InstrumentRef } from './use-quotes';
