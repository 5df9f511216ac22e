import { Decimal } from '../decimal';
import type { ListedOptionContract, OptionSnapshot } from '../openapi/records/market';

/**
 * An option chain assembled from what every environment serves: the list-option-contracts rows
 * (expiries, strikes, OCC symbols, the leg's root symbol) and option snapshots (quotes and greeks).
 * Plain data in, plain data out, so the renderer and tests share one reading.
 */
export interface ChainRow {
  /** OCC symbol of the contract. */
  symbol: string;
  underlying_symbol: string;
  /** The symbol an order's leg carries: the OCC root (`SPXW` for SPX weeklies). */
  root_symbol: string;
  option_type: 'CALL' | 'PUT';
  strike_price: string;
  option_expire_date: string;
  bid?: string;
  ask?: string;
  last?: string;
  implied_volatility?: string;
  delta?: string;
  gamma?: string;
  theta?: string;
  vega?: string;
  volume?: string;
  open_interest?: string;
}

/** Rows of a tradable, listed contract, as chain rows; the rest (delisted, closing-only) dropped. */
export function chainRows(listed: readonly ListedOptionContract[]): ChainRow[] {
  const rows: ChainRow[] = [];
  const seen = new Set<string>();
  for (const c of listed) {
    const type = c.option_type.toUpperCase();
    if (type !== 'CALL' && type !== 'PUT') continue;
    if (c.status !== undefined && c.status !== 'LISTING') continue;
    if (c.tradable_status !== undefined && c.tradable_status !== 'OC') continue;
    if (seen.has(c.symbol)) continue;
    seen.add(c.symbol);
    rows.push({
      symbol: c.symbol,
      underlying_symbol: c.underlying_symbol,
      root_symbol: c.root_symbol ?? c.underlying_symbol,
      option_type: type,
      strike_price: new Decimal(c.strike_price).toFixed(),
      option_expire_date: c.expiration_date,
    });
  }
  return rows;
}

/** The distinct expiries, earliest first. */
export const expiriesOf = (rows: readonly ChainRow[]): string[] =>
  [...new Set(rows.map((r) => r.option_expire_date))].sort();

/** The `count` strikes of one expiry and type nearest `spot` (all of them without a spot), by strike. */
export function strikesNear(
  rows: readonly ChainRow[],
  expiry: string,
  type: 'CALL' | 'PUT',
  spot: string | undefined,
  count: number,
): ChainRow[] {
  const of = rows.filter((r) => r.option_expire_date === expiry && r.option_type === type);
  const near = spot
    ? [...of]
        .sort((a, b) =>
          new Decimal(a.strike_price)
            .minus(spot)
            .abs()
            .comparedTo(new Decimal(b.strike_price).minus(spot).abs()),
        )
        .slice(0, count)
    : of;
  return near.sort((a, b) => new Decimal(a.strike_price).comparedTo(b.strike_price));
}

/** The rows with each one's quote and greeks from its snapshot, when there is one. */
export function withQuotes(rows: readonly ChainRow[], snapshots: readonly OptionSnapshot[]): ChainRow[] {
  const by = new Map(snapshots.map((s) => [s.symbol, s]));
  return rows.map((r) => {
    const s = by.get(r.symbol);
    if (!s) return r;
    const pick = {
      bid: s.bid,
      ask: s.ask,
      last: s.price,
      // The real snapshot names it imp_vol (Webull reference option-snapshot).
      implied_volatility: s.implied_volatility ?? textField(s, 'imp_vol'),
      delta: s.delta,
      gamma: s.gamma,
      theta: s.theta,
      vega: s.vega,
      volume: s.volume,
      open_interest: s.open_interest,
    };
    return {
      ...r,
      ...Object.fromEntries(Object.entries(pick).filter(([, v]) => v !== undefined)),
    };
  });
}

function textField(o: object, name: string): string | undefined {
  const v = (o as Record<string, unknown>)[name];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

/** Symbols in groups of `size` (the option snapshot takes at most 20 a call). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
