import type { Instrument } from '../../../shared/openapi/records/market';

/**
 * What the active environment and the instrument allow the stock ticket to offer: fractional
 * shares, the overnight session, linked (bracket) orders. Until the environment says, nothing
 * beyond plain whole-share orders is offered.
 */
export function useStockCapabilities(instrument: Instrument | undefined) {
  void instrument;
  return { fractional: false, overnight: false, brackets: false };
}
