import { Decimal } from '../../../shared/decimal';
import { parseOptionSymbol } from '../../../shared/market/occ';
import type { Position } from '../../../shared/openapi/records/accounts';
import { CONTRACT_MULTIPLIER, maxGainLoss, type LegFigures, type MaxFigures } from './ticket-math';

/** The contract a ticket names, as a position record would name it. */
export interface ContractRef {
  underlying: string;
  expiry: string;
  strike: string;
  optionType: 'CALL' | 'PUT';
}

/** Held contracts of `c` (signed: negative is short) and their average cost, from the account's positions. */
export function heldContract(
  positions: readonly Position[] | undefined,
  c: ContractRef,
): { quantity: Decimal; cost: string } | undefined {
  if (!c.expiry || !/^\d+(\.\d+)?$/.test(c.strike)) return undefined;
  for (const p of positions ?? []) {
    const occ = parseOptionSymbol(p.symbol);
    const underlying = p.underlying_symbol ?? occ?.underlying;
    const expiry = p.option_expire_date ?? occ?.expireDate;
    const strike = p.strike_price ?? occ?.strike;
    const type = (p.option_type ?? occ?.optionType)?.toUpperCase();
    if (
      underlying === c.underlying &&
      expiry === c.expiry &&
      type === c.optionType &&
      strike !== undefined &&
      new Decimal(strike).eq(c.strike)
    ) {
      const quantity = new Decimal(p.quantity);
      return quantity.isZero() ? undefined : { quantity, cost: p.cost_price };
    }
  }
  return undefined;
}

/**
 * What an order does to what is held: the part that closes (a sell against a long, a buy against a
 * short) and the part that opens a new position. Only the opening part carries new risk.
 */
export interface PositionEffect {
  held: Decimal;
  closing: Decimal;
  opening: Decimal;
}

export function positionEffect(
  held: Decimal | undefined,
  side: 'BUY' | 'SELL',
  quantity: string,
): PositionEffect {
  const h = held ?? new Decimal(0);
  const q = new Decimal(quantity);
  const against = side === 'SELL' ? Decimal.max(0, h) : Decimal.max(0, h.negated());
  const closing = Decimal.min(q, against);
  return { held: h, closing, opening: q.minus(closing) };
}

/** "Opens 2", "Closes 5 of 5 held (long)", "Closes 3 held (long), opens 2 short". */
export function positionEffectText(e: PositionEffect, side: 'BUY' | 'SELL'): string {
  const newSide = side === 'BUY' ? 'long' : 'short';
  if (e.closing.isZero()) return `Opens ${e.opening.toFixed()} ${newSide}`;
  const heldSide = e.held.isNegative() ? 'short' : 'long';
  const closes = `Closes ${e.closing.toFixed()} of ${e.held.abs().toFixed()} held (${heldSide})`;
  return e.opening.isZero() ? closes : `${closes}, opens ${e.opening.toFixed()} ${newSide}`;
}

/**
 * The figures of an order against what is held. The closing part realises (premium − average
 * cost) per contract held long (the reverse for a short) and adds no risk; the max gain and loss
 * are those of the opening part alone (undefined when nothing opens).
 */
export function orderRisk(
  leg: LegFigures,
  effect: PositionEffect,
  heldCost: string | undefined,
): { realized: Decimal | undefined; max: MaxFigures | undefined; opening: LegFigures | undefined } {
  const realized =
    effect.closing.isZero() || heldCost === undefined
      ? undefined
      : new Decimal(leg.premium)
          .minus(heldCost)
          .times(effect.closing)
          .times(CONTRACT_MULTIPLIER)
          .times(leg.side === 'SELL' ? 1 : -1);
  const opening = effect.opening.isZero() ? undefined : { ...leg, quantity: effect.opening.toFixed() };
  return { realized, max: opening ? maxGainLoss(opening) : undefined, opening };
}
