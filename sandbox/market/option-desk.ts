import type { OptionChain, OptionSnapshot, Tick } from '../../shared/openapi/records/market';
import { barRecord, computeBars, dailyBar, type BarQuery, type BarRecord, type NumericBar } from './bars';
import {
  dateText,
  nyLocal,
  parseDateText,
  regularDayAt,
  sessionAt,
  sessionWindow,
} from '../../shared/market/calendar';
import { liveState, recentTicks, type LiveState } from './live';
import type { OptionQuote } from './market-view';
import { formatOptionSymbol, parseOptionSymbol, type OptionContractId } from '../../shared/market/occ';
import {
  isListedStrike,
  isValidExpiry,
  listedExpiries,
  priceOption,
  strikeIncrement,
  strikesAround,
  strikeText,
} from './options';
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

/** Why an option symbol is not a listed contract: the part at fault and a sentence for the 400. */
export interface ListingProblem {
  part: 'symbol' | 'underlying' | 'expiry' | 'strike';
  message: string;
}

export function createOptionDesk(seed: number, paths: PricePaths) {
  function check(optionSymbol: string, at: number): Resolved | ListingProblem {
    const id = parseOptionSymbol(optionSymbol);
    if (!id)
      return {
        part: 'symbol',
        message: `'${optionSymbol}' is not an option symbol (ROOT + YYMMDD + C/P + strike × 1000 in 8 digits)`,
      };
    const info = lookupSeed(id.underlying);
    if (!info) return { part: 'underlying', message: `unknown underlying '${id.underlying}'` };
    const today = nyLocal(at).day;
    if (!isValidExpiry(id.expireDate, today, at)) {
      const listed = listedExpiries(today, at).map(dateText);
      return {
        part: 'expiry',
        message: `no listed ${id.underlying} expiry on ${id.expireDate} (listed: ${listed.join(', ')})`,
      };
    }
    const strike = Number(id.strike);
    const spot = paths.dayShape(info, regularDayAt(at)).rth.close / 100;
    if (!isListedStrike(strike, spot)) {
      return {
        part: 'strike',
        message: `strike ${id.strike} is not listed for ${id.underlying} (strikes near ${id.strike} are $${strikeIncrement(strike)} apart, within 0.2–5× the stock price)`,
      };
    }
    return { id, info, strike, expiryDay: parseDateText(id.expireDate) };
  }

  function resolve(optionSymbol: string, at: number): Resolved | undefined {
    const r = check(optionSymbol, at);
    return 'part' in r ? undefined : r;
  }

  /** Undefined for a listed contract, otherwise what is wrong with the symbol. */
  function listingProblem(optionSymbol: string, at: number): ListingProblem | undefined {
    const r = check(optionSymbol, at);
    return 'part' in r ? r : undefined;
  }

  const valueAt = (r: Resolved, spotCents: number, at: number) =>
    priceOption(seed, r.info, r.id.optionType, r.strike, r.expiryDay, spotCents / 100, at);

  /**
   * Options trade in regular hours only: outside them a contract's quote stands at the regular
   * session's last trade and instant, however the stock moves pre-market, after hours or overnight.
   */
  const frozen = (state: LiveState, at: number) =>
    state.session === 'RTH'
      ? { spot: state.last, when: at }
      : { spot: state.regular.last, when: state.regular.time };

  /**
   * Contracts a day trades. A stock's whole option market trades about 1 % of its share volume in
   * contracts, more for the most traded names (scaled by √(average volume / 30 M)); a contract's share
   * falls off with distance from the money and with time to expiry. Hashed per contract and day.
   */
  function dailyVolume(r: Resolved, underlyingVolume: number, spot: number, day: number): number {
    const total = 0.01 * underlyingVolume * Math.min(3, Math.sqrt(r.info.averageVolume / 30_000_000));
    const moneyness = Math.abs(Math.log(r.strike / spot));
    const days = Math.max(1, r.expiryDay - day);
    const u = uniformAt(seed, hashText(formatOptionSymbol(r.id)), day);
    return Math.round(
      total * 0.025 * Math.exp(-moneyness * 14) * (0.25 + 0.75 * Math.exp(-days / 45)) * (0.3 + 1.4 * u),
    );
  }

  /** Open interest: the contracts still open, several days of volume, more for far expiries. */
  function openInterest(r: Resolved, underlyingVolume: number, spot: number, day: number): number {
    const u = uniformAt(seed, hashText(`oi:${formatOptionSymbol(r.id)}`), day);
    const days = Math.max(1, r.expiryDay - day);
    return Math.round(
      dailyVolume(r, underlyingVolume, spot, day) * (1.5 + Math.min(20, days / 14)) * (0.5 + u),
    );
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

  /** The listed expiries and strikes of an underlying (strikes around the previous close). */
  function listing(symbol: string, at: number): { expiries: string[]; strikes: string[] } | undefined {
    const info = lookupSeed(symbol);
    if (!info) return undefined;
    const state = liveState(paths, info, at);
    return {
      expiries: listedExpiries(nyLocal(at).day, at).map(dateText),
      strikes: strikesAround(state.preClose / 100).map(strikeText),
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
    // The regular session so far: contracts trade only then, so volume and the last trade come from it.
    const rth = sessionWindow(state.regularDay, 'RTH');
    const until = rth ? Math.min(at, rth.end) : at;
    const elapsed = rth ? Math.max(0, until - rth.start) : 0;
    const share = rth ? elapsed / (rth.end - rth.start) : 0;
    const spotAt = new Map<number, number>();
    const spotAtMinute = (t: number) => {
      const minute = Math.floor(t / 60_000) * 60_000;
      let v = spotAt.get(minute);
      if (v === undefined) spotAt.set(minute, (v = liveState(paths, info, minute).last));
      return v;
    };
    const contracts = [];
    for (const e of chosen) {
      for (const k of strikes) {
        for (const optionType of ['CALL', 'PUT'] as const) {
          const id = { underlying: symbol, expireDate: e, optionType, strike: strikeText(k) };
          const r: Resolved = { id, info, strike: k, expiryDay: parseDateText(e) };
          const p = valueAt(r, spot, when);
          const traded = Math.round(dailyVolume(r, info.averageVolume, state.preClose / 100, today) * share);
          // The last trade happened a hashed fraction of the mean gap between trades ago; none today, no last.
          const gap =
            (elapsed / (traded + 1)) *
            uniformAt(seed, hashText(`last:${formatOptionSymbol(id)}`), Math.floor(at / 60_000));
          const lastTime = until - gap;
          const last = traded > 0 ? valueAt(r, spotAtMinute(lastTime), lastTime).mark : undefined;
          contracts.push({
            symbol: formatOptionSymbol(id),
            underlying_symbol: symbol,
            option_type: optionType,
            strike_price: strikeText(k),
            option_expire_date: e,
            bid: centsText(p.bid),
            ask: centsText(p.ask),
            ...(last !== undefined ? { last: centsText(last) } : {}),
            implied_volatility: p.iv.toFixed(4),
            delta: p.delta.toFixed(4),
            open_interest: String(openInterest(r, info.averageVolume, state.preClose / 100, today)),
            volume: String(traded),
            gamma: p.gamma.toFixed(4),
            theta: p.theta.toFixed(4),
            vega: p.vega.toFixed(4),
          });
        }
      }
    }
    return {
      underlying_symbol: symbol,
      underlying_price: centsText(state.last),
      expirations: expiries,
      contracts,
    };
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
    return {
      time: b.time,
      open,
      high,
      low,
      close,
      volume: dailyVolume(r, b.volume, spot, nyLocal(b.time).day),
      session: b.session,
    };
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
      bid_size: String(
        10 * (1 + Math.floor(uniformAt(seed, hashText(optionSymbol), Math.floor(when / 5000)) * 20)),
      ),
      ask_size: String(
        10 * (1 + Math.floor(uniformAt(seed, hashText(optionSymbol), Math.floor(when / 5000), 1) * 20)),
      ),
      trading_session: sessionAt(at),
      underlying_symbol: r.info.symbol,
      option_type: r.id.optionType,
      strike_price: r.id.strike,
      option_expire_date: r.id.expireDate,
      multiplier: '100',
      open_interest: String(openInterest(r, r.info.averageVolume, spot, nyLocal(at).day)),
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
      volume: String(Math.max(1, dailyVolume(r, t.volume, spot, nyLocal(t.time).day))),
      side: t.side,
      trading_session: t.session,
    }));
  }

  return {
    resolve: (s: string, at: number) => resolve(s, at)?.id,
    listingProblem,
    quote,
    listing,
    chain,
    snapshot,
    bars,
    ticks,
  };
}

export type OptionDesk = ReturnType<typeof createOptionDesk>;
