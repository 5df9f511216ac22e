/**
 * The sandbox's second public entry, for test suites only (docs/sandbox.md "The package"): the
 * parts a suite drives on their own (the market simulator, the quote broker, the events server, the
 * route tables) without a whole sandbox. The app never imports it (eslint.config.mjs).
 */
export { parseSandboxArgs } from './cli';
export { startEventsServer, type RunningEventsServer } from './events/events-server';
export type { SlowHandler } from './http/http-server';
export { issuePath, queryObject } from './http/params';
export { SandboxError, type RequestContext, type RouteHandler, type RouteTable } from './http/route-types';
export { lacksMargins, WIRE_MODES } from './http/wire';
export type { LiveQuote, MarketView, OptionQuote, Session, UniverseEntry } from './market/market-view';
export { createMarketDataRoutes } from './market/routes';
export { createMarketSimulator, type MarketSimulator } from './market/simulator';
export { UNIVERSE } from './market/universe';
export { startQuoteBroker, type QuoteBroker } from './mqtt/quote-broker';
export { openJsonFile } from './store/atomic-json';
export { createTradeEventBus, type TradeEvent } from './trading/trade-event-bus';
export type { WatchlistFile } from './watchlists/watchlist-store';
