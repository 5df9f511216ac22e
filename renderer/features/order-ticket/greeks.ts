import { blackScholes, impliedVol } from '../../../shared/market/black-scholes';

/**
 * Greeks and IV for the ticket: the broker's values when the snapshot carries them, else an
 * estimate from Black–Scholes with the volatility implied by the mid (flagged `estimated`).
 * Display only: nothing computed here is sent back or summed as money.
 */
export interface Greeks {
  iv?: number;
  delta?: number;
  gamma?: number;
  theta?: number;
  vega?: number;
  estimated: boolean;
}

const RATE = 0.04;
const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

export function ticketGreeks(input: {
  broker:
    | { implied_volatility?: string; delta?: string; gamma?: string; theta?: string; vega?: string }
    | undefined;
  mid: string | undefined;
  spot: string | undefined;
  strike: string;
  type: 'CALL' | 'PUT';
  years: number;
}): Greeks {
  const b = input.broker;
  if (b?.delta !== undefined && b.implied_volatility !== undefined)
    return {
      iv: num(b.implied_volatility),
      delta: num(b.delta),
      gamma: num(b.gamma),
      theta: num(b.theta),
      vega: num(b.vega),
      estimated: false,
    };
  const mid = num(input.mid);
  const spot = num(input.spot);
  if (mid === undefined || spot === undefined || input.years <= 0) return { estimated: true };
  const base = { spot, strike: Number(input.strike), years: input.years, type: input.type };
  const iv = impliedVol(mid, { ...base, rate: RATE, dividendYield: 0 });
  if (iv === undefined) return { estimated: true };
  const g = blackScholes({ ...base, rate: RATE, dividendYield: 0, vol: iv });
  return { iv, delta: g.delta, gamma: g.gamma, theta: g.theta, vega: g.vega, estimated: true };
}
