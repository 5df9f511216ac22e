import { badParameter } from '../http/route-types';
import type { MarketSimulator } from './simulator';
import type { UniverseSeed } from './universe';

/**
 * Semantic checks the catalogue schemas cannot make (a 400 that names the
 * parameter): unknown symbols, a symbol of the other category, impossible time ranges.
 */

/** A request may carry a clock a little ahead of ours (the signature allows 5 minutes of skew). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

export function requireSymbol(
  sim: MarketSimulator,
  symbol: string,
  category: string | undefined,
  param = 'symbol',
): UniverseSeed {
  const info = sim.seedOf(symbol);
  if (!info) throw badParameter(param, `unknown symbol ${symbol}`);
  if (category !== undefined && info.category !== category)
    throw badParameter('category', `${symbol} is ${info.category}, not ${category}`);
  return info;
}

export function checkTimeRange(start: number | undefined, end: number | undefined, now: number): void {
  if (start !== undefined && start > now) throw badParameter('start_time', 'start_time is in the future');
  if (end !== undefined && end > now + FUTURE_TOLERANCE_MS)
    throw badParameter('end_time', 'end_time is in the future');
  if (start !== undefined && end !== undefined && start > end)
    throw badParameter('start_time', 'start_time is after end_time');
}

/** Margin requirement ratios by volatility tier (the fields the 2026-06-06 API change added); ETFs a notch lower, leveraged ETFs far higher. */
export function marginRatios(info: UniverseSeed): [string, string, string, string] {
  const v = info.volatility;
  if (info.category === 'US_ETF' && /leveraged/i.test(`${info.sector} ${info.industry}`))
    return ['0.75', '0.90', '0.90', '1.00'];
  const tiers: Array<[number, [string, string, string, string]]> = [
    [0.25, ['0.25', '0.30', '0.30', '0.35']],
    [0.4, ['0.30', '0.35', '0.35', '0.40']],
    [0.6, ['0.40', '0.50', '0.50', '0.60']],
    [Infinity, ['0.50', '0.60', '0.75', '1.00']],
  ];
  const tier = tiers.find(([limit]) => v < limit)?.[1] ?? ['0.50', '0.60', '0.75', '1.00'];
  if (info.category !== 'US_ETF') return tier;
  return tier.map((r, i) => Math.max(i < 2 ? 0.2 : 0.25, Number(r) - 0.05).toFixed(2)) as [
    string,
    string,
    string,
    string,
  ];
}
