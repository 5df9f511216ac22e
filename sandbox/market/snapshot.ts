import type { Snapshot } from '../../shared/openapi/records/market';
import { centsText } from './prng';
import type { LiveState, SegmentFigures } from './live';
import type { UniverseSeed } from './universe';

/**
 * The API's market snapshot record (docs/streaming.md, "Field meanings") from a live state: regular-session fields always; `ext_`
 * (pre-market / after-hours) fields when extend_hour_required, `ovn_` (overnight) fields when
 * overnight_required (the streaming Snapshot carries the same seven of each).
 */

/** change_ratio as a fraction with 4 decimals ("0.0123" = +1.23 %), computed from cents. */
export function ratioText(change: number, reference: number): string {
  if (reference === 0) return '0.0000';
  return (Math.round((change / reference) * 10_000) / 10_000).toFixed(4);
}

function session(prefix: 'ext' | 'ovn', f: SegmentFigures) {
  const change = f.last - f.reference;
  return {
    [`${prefix}_trade_time`]: f.time,
    [`${prefix}_price`]: centsText(f.last),
    [`${prefix}_high`]: centsText(f.high),
    [`${prefix}_low`]: centsText(f.low),
    [`${prefix}_volume`]: String(f.volume),
    [`${prefix}_change`]: centsText(change),
    [`${prefix}_change_ratio`]: ratioText(change, f.reference),
  };
}

export interface SnapshotOptions {
  extendHour?: boolean;
  overnight?: boolean;
}

export function snapshotRecord(
  info: UniverseSeed,
  state: LiveState,
  quote: { bid: number; ask: number; bidSize: number; askSize: number },
  opts: SnapshotOptions,
): Snapshot {
  const r = state.regular;
  const change = r.last - state.preClose;
  return {
    symbol: info.symbol,
    instrument_id: info.instrument_id,
    price: centsText(r.last),
    open: centsText(r.open),
    high: centsText(r.high),
    low: centsText(r.low),
    volume: String(r.volume),
    change: centsText(change),
    change_ratio: ratioText(change, state.preClose),
    pre_close: centsText(state.preClose),
    last_trade_time: r.time,
    bid: centsText(quote.bid),
    ask: centsText(quote.ask),
    bid_size: String(quote.bidSize),
    ask_size: String(quote.askSize),
    trading_session: state.session,
    ...(opts.extendHour ? session('ext', state.ext()) : {}),
    ...(opts.overnight ? session('ovn', state.ovn()) : {}),
  };
}
