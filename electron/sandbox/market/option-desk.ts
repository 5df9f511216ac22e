import type { OptionChain, OptionSnapshot, Tick } from '../../../shared/openapi/records/market';
import { barRecord, computeBars, dailyBar, type BarQuery, type BarRecord, type NumericBar } from './bars';
import { dateText, nyLocal, parseDateText, regularDayAt, sessionAt } from '../../../shared/market/calendar';
import { liveState, recentTicks, type LiveState } from './live';
import type { OptionQuote } from './market-view';
import { formatOptionSymbol, parseOptionSymbol, type OptionContractId } from '../../../shared/market/occ';
import { isValidExpiry, listedExpiries, priceOption, strikesAround, strikeText } from './options';
import type { PricePaths } from './price-path';
import { centsText, hashText, uniformAt } from './prng';
import { ratioText } from './snapshot';
import { lookupSeed, type UniverseSeed } from './universe';

/**
 * Options on the simulated underlyings: chain listing, quotes, snapshots, and bars/ticks that are
 * the Black–Scholes image of the underlying's own bars/ticks (so an option chart moves with its
 * stock). Contracts are accepted when their expiry follows the listing rules and is not past.
 */

interface Resolved {
  id: OptionContractId;
  info: UniverseSeed;
  strike: number;
  expiryDay: number;
}

export function createOptionDesk(seed: number, paths: PricePaths) {
  function resolve(optionSymbol: string, at: number): Resolved | undefined {
    const id = parseOptionSymbol(optionSymbol);
    if (!id) return undefined;
    const info = lookupSeed(id.underlying);
    if (!info) return undefined;
    const today = nyLocal(at).day;
    if (!isValidExpiry(id.expireDate, today, at)) return undefined;
    const strike = Number(id.strike);
    const spot = paths.dayShape(info, regularDayAt(at)).rth.close / 100;
    if (!(strike > 0) || strike > spot * 10) return undefined;
    return { id, info, strike, expiryDay: parseDateText(id.expireDate) };
  }

  const valueAt = (r: Resolved, spotCents: number, at: number) =>
    priceOption(seed, r.info, r.id.optionType, r.strike, r.expiryDay, spotCents / 100, at);

  /**
   * Options trade in regular hours only: outside them a contract's quote stands at the regular
   * session's last trade and instant, however the stock moves pre-market, after hours or overnight.
   */
  const frozen = (state: LiveState, at: number) =>
    state.session === 'RTH' ? { spot: state.last, when: at } : { spot: state.regular.last, when: state.regular.time };

  /** Contracts a day trades: more near the money, hashed per contract and day. */
  function dailyVolume(r: Resolved, underlyingVolume: number, spot: number, day: number): number {
    const moneyness = Math.abs(Math.log(r.strike / spot));
    const u = uniformAt(seed, hashText(formatOptionSymbol(r.id)), day);
    return Math.round((underlyingVolume / 400) * Math.exp(-moneyness * 12) * (0.3 + u));
  }

  function quote(optionSymbol: string, at: number): OptionQuote | undefined {
    const r = resolve(optionSymbol, at);
    if (!r) return undefined;
    const state = liveState(paths, r.info, at);
    const { spot, when } = frozen(state, at);
    const p = valueAt(r, spot, when);
    return {
      symbol: formatOptionSymbol(r.id),
      underlying: r.info.symbol,
      optionType: r.id.optionType,
      strike: r.id.strike,
      expireDate: r.id.expireDate,
      bid: centsText(p.bid),
      ask: centsText(p.ask),
      mark: centsText(p.mark),
      preClose: centsText(valueAt(r, state.preClose, when).mark),
      impliedVolatility: Math.round(p.iv * 10_000) / 10_000,
      delta: Math.round(p.delta * 10_000) / 10_000,
    };
  }

  function chain(symbol: string, expireDate: string | undefined, at: number): OptionChain | undefined {
    const info = lookupSeed(symbol);
    if (!info) return undefined;
    const today = nyLocal(at).day;
    const expiries = listedExpiries(today, at).map(dateText);
    const state = liveState(paths, info, at);
    const { spot, when } = frozen(state, at);
    // Strikes are listed around the previous close so the chain does not shift during the day.
    const strikes = strikesAround(state.preClose / 100);
    const chosen = expireDate ? [expireDate] : expiries.slice(0, 1);
    const contracts = [];
    for (const e of chosen) {
      for (const k of strikes) {
        for (const optionType of ['CALL', 'PUT'] as const) {
          const id = { underlying: symbol, expireDate: e, optionType, strike: strikeText(k) };
          const r: Resolved = { id, info, strike: k, expiryDay: parseDateText(e) };
          const p = valueAt(r, spot, when);
          contracts.push({
            symbol: formatOptionSymbol(id),
            underlying_symbol: symbol,
            option_type: optionType,
            strike_price: strikeText(k),
            option_expire_date: e,
            bid: centsText(p.bid),
            ask: centsText(p.ask),
            last: centsText(p.mark),
            implied_volatility: p.iv.toFixed(4),
            delta: p.delta.toFixed(4),
            open_interest: String(Math.round(dailyVolume(r, info.averageVolume, state.preClose / 100, 0) * 8)),
          });
        }
      }
    }
    return { underlying_symbol: symbol, underlying_price: centsText(state.last), expirations: expiries, contracts };
  }

  /** Maps an underlying bar to the option's bar (a put's high comes from the stock's low). */
  function mapBar(r: Resolved, b: NumericBar, spot: number): NumericBar {
    const v = (s: number) => valueAt(r, s, b.time).mark;
    const hi = v(b.high);
    const lo = v(b.low);
    const call = r.id.optionType === 'CALL';
    const open = v(b.open);
    const close = v(b.close);
    const high = Math.max(open, close, call ? hi : lo);
    const low = Math.min(open, close, call ? lo : hi);
    return { time: b.time, open, high, low, close, volume: Math.round(dailyVolume(r, b.volume, spot, 0)), session: b.session };
  }

  function snapshot(optionSymbol: string, at: number): OptionSnapshot | undefined {
    const r = resolve(optionSymbol, at);
    if (!r) return undefined;
    const state = liveState(paths, r.info, at);
    const { spot: last, when } = frozen(state, at);
    const p = valueAt(r, last, when);
    const today = dailyBar(paths, r.info, state.regularDay, when);
    const spot = state.preClose / 100;
    const day = today ? mapBar(r, today, spot) : undefined;
    const preCloseValue = valueAt(r, state.preClose, when).mark;
    const change = p.mark - preCloseValue;
    return {
      symbol: formatOptionSymbol(r.id),
      instrument_id: String(hashText(`option:${formatOptionSymbol(r.id)}`)),
      price: centsText(p.mark),
      open: centsText(day?.open ?? p.mark),
      high: centsText(Math.max(day?.high ?? p.mark, p.mark)),
      low: centsText(Math.min(day?.low ?? p.mark, p.mark)),
      volume: String(day?.volume ?? 0),
      change: centsText(change),
      change_ratio: ratioText(change, preCloseValue),
      pre_close: centsText(preCloseValue),
      last_trade_time: state.regular.time,
      bid: centsText(p.bid),
      ask: centsText(p.ask),
      bid_size: String(10 * (1 + Math.floor(uniformAt(seed, hashText(optionSymbol), Math.floor(when / 5000)) * 20))),
      ask_size: String(10 * (1 + Math.floor(uniformAt(seed, hashText(optionSymbol), Math.floor(when / 5000), 1) * 20))),
      trading_session: sessionAt(at),
      underlying_symbol: r.info.symbol,
      option_type: r.id.optionType,
      strike_price: r.id.strike,
      option_expire_date: r.id.expireDate,
      multiplier: '100',
      open_interest: String(Math.round(dailyVolume(r, r.info.averageVolume, spot, 0) * 8)),
      implied_volatility: p.iv.toFixed(4),
      delta: p.delta.toFixed(4),
      gamma: p.gamma.toFixed(4),
      theta: p.theta.toFixed(4),
      vega: p.vega.toFixed(4),
    };
  }

  function bars(optionSymbol: string, q: BarQuery, at: number): BarRecord[] | undefined {
    const r = resolve(optionSymbol, at);
    if (!r) return undefined;
    const spot = paths.dayShape(r.info, regularDayAt(at)).preClose / 100;
    return computeBars(paths, r.info, q, at).map((b) => barRecord(mapBar(r, b, spot)));
  }

  function ticks(optionSymbol: string, count: number, at: number): Tick[] | undefined {
    const r = resolve(optionSymbol, at);
    if (!r) return undefined;
    const spot = paths.dayShape(r.info, regularDayAt(at)).preClose / 100;
    return recentTicks(paths, r.info, at, count, ['RTH']).map((t) => ({
      time: t.time,
      price: centsText(valueAt(r, t.price, t.time).mark),
      volume: String(Math.max(1, Math.round(dailyVolume(r, t.volume, spot, 0)))),
      side: t.side,
      trading_session: t.session,
    }));
  }

  return { resolve: (s: string, at: number) => resolve(s, at)?.id, quote, chain, snapshot, bars, ticks };
}

export type OptionDesk = ReturnType<typeof createOptionDesk>;
