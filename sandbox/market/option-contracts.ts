import { Decimal } from '../../shared/decimal';
import { formatOptionSymbol } from '../../shared/market/occ';
import type { OpParsedParams, OpResult } from '../../shared/openapi/operations';
import type { ListedOptionContract } from '../../shared/openapi/records/market';
import { badParameter } from '../http/route-types';
import { hashText } from './prng';
import { requireSymbol } from './route-checks';
import type { MarketSimulator } from './simulator';

/**
 * Rows a page of the list-option-contracts operation holds here. The real page size is not
 * documented (docs/sandbox.md); a page smaller than one underlying's listing makes every client
 * follow `pagination_key`, as it must against the real service.
 */
export const CONTRACT_PAGE_SIZE = 200;

type Params = OpParsedParams<'optionContracts'>;

/**
 * The list-option-contracts operation (Webull reference `option-contract-list`) over the simulated
 * listing: static contract facts of the listed expiries × strikes, filtered as the reference lists
 * its parameters, in expiry, strike, CALL-before-PUT order, paged by an opaque `pagination_key`.
 */
export function listOptionContracts(
  sim: MarketSimulator,
  p: Params,
  at: number,
): OpResult<'optionContracts'> {
  if (!p.underlying_symbols && !p.option_symbols)
    throw badParameter('underlying_symbols', 'give underlying_symbols or option_symbols');
  if (p.start_date && p.end_date && p.start_date > p.end_date)
    throw badParameter('start_date', 'must not be after end_date');
  const rows: ListedOptionContract[] = [];
  const underlyings = p.underlying_symbols ?? [];
  for (const u of underlyings) {
    requireSymbol(sim, u, undefined, 'underlying_symbols');
    const listing = sim.options.listing(u, at);
    if (!listing) continue;
    for (const e of listing.expiries)
      for (const k of listing.strikes)
        for (const optionType of ['CALL', 'PUT'] as const) rows.push(row(u, e, optionType, k));
  }
  for (const s of p.option_symbols ?? []) {
    const id = sim.options.resolve(s, at);
    if (!id) throw badParameter('option_symbols', `${s} is not a listed contract`);
    if (!underlyings.includes(id.underlying))
      rows.push(row(id.underlying, id.expireDate, id.optionType, id.strike));
  }
  const kept = rows.filter(
    (r) =>
      (p.status ?? 'LISTING') === 'LISTING' &&
      (!p.root_symbol || r.root_symbol === p.root_symbol) &&
      (!p.option_type || r.option_type === p.option_type) &&
      (!p.style || r.style === p.style) &&
      (!p.start_date || r.expiration_date >= p.start_date) &&
      (!p.end_date || r.expiration_date <= p.end_date) &&
      (p.start_date === undefined || p.end_date !== undefined || r.expiration_date === p.start_date) &&
      (!p.strike_price_gte || new Decimal(r.strike_price).gte(p.strike_price_gte)) &&
      (!p.strike_price_lte || new Decimal(r.strike_price).lte(p.strike_price_lte)),
  );
  const start = p.pagination_key === undefined ? 0 : offsetOf(p.pagination_key);
  if (start > kept.length)
    throw badParameter('pagination_key', `unknown pagination_key '${p.pagination_key}'`);
  const end = start + CONTRACT_PAGE_SIZE;
  return {
    data: kept.slice(start, end),
    ...(end < kept.length ? { pagination_key: `c${end.toString(36)}` } : {}),
  };
}

function offsetOf(key: string): number {
  const n = /^c([0-9a-z]+)$/.exec(key);
  if (!n?.[1]) throw badParameter('pagination_key', `unknown pagination_key '${key}'`);
  return parseInt(n[1], 36);
}

function row(
  underlying: string,
  expireDate: string,
  optionType: 'CALL' | 'PUT',
  strike: string,
): ListedOptionContract {
  const symbol = formatOptionSymbol({ underlying, expireDate, optionType, strike });
  const monthly = isThirdFriday(expireDate);
  return {
    instrument_id: String(hashText(`option:${symbol}`)),
    symbol,
    status: 'LISTING',
    tradable_status: 'OC',
    expiration_date: expireDate,
    root_symbol: underlying,
    underlying_symbol: underlying,
    option_type: optionType,
    style: 'AMERICAN',
    strike_price: strike,
    multiplier: '100',
    settlement_method: 'PHYSICAL',
    expired_cycle: monthly ? 'MONTHLY' : 'WEEKLY',
    currency: 'USD',
  };
}

function isThirdFriday(date: string): boolean {
  const day = Number(date.slice(8, 10));
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 5 && day >= 15 && day <= 21;
}
