export { isQuoteStale, STALE_AFTER_MS } from '../../../shared/market/quote-staleness';
