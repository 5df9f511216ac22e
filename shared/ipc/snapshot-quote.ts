import { nyLocal } from '../market/calendar';
import type { QuoteRecord } from './streams';

/**
 * The one mapping of a snapshot's fields into the quote record (`QuoteRecord`): main's for its
 * stream state (the Snapshot feed's fields, times as text) and the renderer's for the HTTP
 * snapshot that seeds a row before its first streamed quote (times as numbers). Both carry the
 * same snake_case names (docs/streaming.md "Field meanings"); an empty value is left out, so it
 * never erases a known one.
 */
export interface SnapshotQuoteFields {
  price?: string;
  open?: string;
  high?: string;
  low?: string;
  pre_close?: string;
  volume?: string;
  change?: string;
  change_ratio?: string;
  /** Exchange time of the regular-session trade, Unix ms (or its text). */
  trade_time?: number | string;
  ext_price?: string;
  ext_change?: string;
  ext_change_ratio?: string;
  ext_trade_time?: number | string;
  ovn_price?: string;
  ovn_change?: string;
  ovn_change_ratio?: string;
  ovn_trade_time?: number | string;
  bid?: string;
  ask?: string;
  bid_size?: string;
  ask_size?: string;
}

const ms = (v: number | string | undefined): number | undefined =>
  typeof v === 'number' ? (Number.isFinite(v) ? v : undefined) : v && /^\d+$/.test(v) ? Number(v) : undefined;

/**
 * The wire's `ext_` block does not say which extended session it is; its trade time does. The
 * pre-market runs 04:00–09:30 New York and the after-hours 16:00–20:00 (13:00–17:00 on an early
 * close), so a trade before noon New York is pre-market (its 09:30 end included).
 */
export function extSessionOf(tradeTime: number): 'PRE' | 'ATH' {
  return nyLocal(tradeTime).minute < 12 * 60 ? 'PRE' : 'ATH';
}

/** `time` is the record's ordering time (main's receive time; a seed's trade time). */
export function quoteFromSnapshot(symbol: string, time: number, s: SnapshotQuoteFields): QuoteRecord {
  const u: QuoteRecord = { symbol, time };
  if (s.price) u.price = s.price;
  if (s.open) u.open = s.open;
  if (s.high) u.high = s.high;
  if (s.low) u.low = s.low;
  if (s.pre_close) u.preClose = s.pre_close;
  if (s.volume) u.volume = s.volume;
  if (s.change) u.change = s.change;
  if (s.change_ratio) u.changeRatio = s.change_ratio;
  const tradeTime = ms(s.trade_time);
  if (tradeTime !== undefined) u.tradeTime = tradeTime;
  const extTime = ms(s.ext_trade_time);
  if (s.ext_price && extTime !== undefined) {
    u.extSession = extSessionOf(extTime);
    u.extTradeTime = extTime;
    u.extPrice = s.ext_price;
    if (s.ext_change) u.extChange = s.ext_change;
    if (s.ext_change_ratio) u.extChangeRatio = s.ext_change_ratio;
  }
  const ovnTime = ms(s.ovn_trade_time);
  if (s.ovn_price) {
    if (ovnTime !== undefined) u.ovnTradeTime = ovnTime;
    u.ovnPrice = s.ovn_price;
    if (s.ovn_change) u.ovnChange = s.ovn_change;
    if (s.ovn_change_ratio) u.ovnChangeRatio = s.ovn_change_ratio;
  }
  if (s.bid) u.bid = s.bid;
  if (s.ask) u.ask = s.ask;
  if (s.bid_size) u.bidSize = s.bid_size;
  if (s.ask_size) u.askSize = s.ask_size;
  return u;
}
