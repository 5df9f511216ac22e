import { Decimal } from '../../../shared/decimal';

/**
 * The money figures of a single-leg option order, all in decimal.js (docs/architecture.md "Money": money never goes
 * through a float). A US equity option covers 100 shares, so a premium of 1.25 is $125 a contract.
 */
export const CONTRACT_MULTIPLIER = 100;

export type OptionType = 'CALL' | 'PUT';
export type Side = 'BUY' | 'SELL';

export interface LegFigures {
  optionType: OptionType;
  side: Side;
  strike: string;
  /** Premium per share (the limit price, or the mid/ask for a market order). */
  premium: string;
  /** Whole contracts. */
  quantity: string;
}

/** Signed cash of the trade: negative is paid (a debit), positive is received (a credit). */
export function cashFlow(f: LegFigures): Decimal {
  const gross = new Decimal(f.premium).times(f.quantity).times(CONTRACT_MULTIPLIER);
  return f.side === 'BUY' ? gross.negated() : gross;
}

/** The underlying's price at expiry where the position neither gains nor loses. */
export function breakeven(f: Pick<LegFigures, 'optionType' | 'strike' | 'premium'>): Decimal {
  const k = new Decimal(f.strike);
  return f.optionType === 'CALL' ? k.plus(f.premium) : k.minus(f.premium);
}

/** Profit or loss at expiry for an underlying price (whole position, in dollars). */
export function payoffAt(f: LegFigures, underlying: string | Decimal): Decimal {
  const s = new Decimal(underlying);
  const k = new Decimal(f.strike);
  const intrinsic = Decimal.max(0, f.optionType === 'CALL' ? s.minus(k) : k.minus(s));
  const perShare = intrinsic.minus(f.premium);
  const signed = f.side === 'BUY' ? perShare : perShare.negated();
  return signed.times(f.quantity).times(CONTRACT_MULTIPLIER);
}

/** `undefined` means unlimited. */
export interface MaxFigures {
  maxGain: Decimal | undefined;
  maxLoss: Decimal | undefined;
}

/**
 * Bounds of the payoff: a long call gains without limit; a short call loses without limit; a put's
 * extremes are at an underlying of 0 or at/above the strike. Losses are reported as positive amounts.
 */
export function maxGainLoss(f: LegFigures): MaxFigures {
  const premium = new Decimal(f.premium).times(f.quantity).times(CONTRACT_MULTIPLIER);
  const atZero = payoffAt(f, '0');
  if (f.optionType === 'CALL') {
    return f.side === 'BUY'
      ? { maxGain: undefined, maxLoss: premium }
      : { maxGain: premium, maxLoss: undefined };
  }
  return f.side === 'BUY'
    ? { maxGain: atZero, maxLoss: premium }
    : { maxGain: premium, maxLoss: atZero.negated() };
}

/** Points of the payoff-at-expiry curve for a chart: prices from `low` to `high`, the strike included. */
export function payoffCurve(
  f: LegFigures,
  low: Decimal,
  high: Decimal,
  steps = 40,
): { price: Decimal; pnl: Decimal }[] {
  const lo = Decimal.max(0, low);
  const span = high.minus(lo);
  if (span.lte(0) || steps < 1) return [];
  const prices: Decimal[] = [];
  for (let i = 0; i <= steps; i++) prices.push(lo.plus(span.times(i).dividedBy(steps)));
  const k = new Decimal(f.strike);
  if (k.gt(lo) && k.lt(high) && !prices.some((p) => p.eq(k))) prices.push(k);
  prices.sort((a, b) => a.comparedTo(b));
  return prices.map((price) => ({ price, pnl: payoffAt(f, price) }));
}
