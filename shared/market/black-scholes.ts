/**
 * Black–Scholes–Merton for European options with a continuous dividend yield. American exercise is
 * not modelled: the sandbox only needs plausible, internally consistent option prices.
 */

/** Complementary error function, Numerical Recipes' erfcc (fractional error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

const normCdf = (x: number): number => 0.5 * erfc(-x / Math.SQRT2);
const normPdf = (x: number): number => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);

export interface BsInput {
  spot: number;
  strike: number;
  /** Years to expiry. */
  years: number;
  rate: number;
  dividendYield: number;
  vol: number;
  type: 'CALL' | 'PUT';
}

export interface BsResult {
  price: number;
  delta: number;
  gamma: number;
  /** Per calendar day. */
  theta: number;
  /** Per 1 vol point (0.01). */
  vega: number;
}

export function blackScholes(i: BsInput): BsResult {
  const { spot: S, strike: K, rate: r, dividendYield: q, vol: v, type } = i;
  const T = Math.max(i.years, 1e-8);
  if (v <= 0 || S <= 0 || K <= 0) {
    const intrinsic = Math.max(0, type === 'CALL' ? S - K : K - S);
    return {
      price: intrinsic,
      delta: intrinsic > 0 ? (type === 'CALL' ? 1 : -1) : 0,
      gamma: 0,
      theta: 0,
      vega: 0,
    };
  }
  const sqrtT = Math.sqrt(T);
  const d1 = (Math.log(S / K) + (r - q + 0.5 * v * v) * T) / (v * sqrtT);
  const d2 = d1 - v * sqrtT;
  const dq = Math.exp(-q * T);
  const dr = Math.exp(-r * T);
  const gamma = (dq * normPdf(d1)) / (S * v * sqrtT);
  const vega = (S * dq * normPdf(d1) * sqrtT) / 100;
  if (type === 'CALL') {
    const price = S * dq * normCdf(d1) - K * dr * normCdf(d2);
    const theta =
      (-(S * dq * normPdf(d1) * v) / (2 * sqrtT) - r * K * dr * normCdf(d2) + q * S * dq * normCdf(d1)) / 365;
    return { price, delta: dq * normCdf(d1), gamma, theta, vega };
  }
  const price = K * dr * normCdf(-d2) - S * dq * normCdf(-d1);
  const theta =
    (-(S * dq * normPdf(d1) * v) / (2 * sqrtT) + r * K * dr * normCdf(-d2) - q * S * dq * normCdf(-d1)) / 365;
  return { price, delta: dq * (normCdf(d1) - 1), gamma, theta, vega };
}

/**
 * The one implied-volatility solver: the volatility whose Black–Scholes price is `price`, by
 * bisection (60 halvings: bounded); undefined when no volatility in 0.1 %–500 % gives it.
 */
export function impliedVol(price: number, base: Omit<BsInput, 'vol'>): number | undefined {
  let lo = 0.001;
  let hi = 5;
  const at = (v: number) => blackScholes({ ...base, vol: v }).price;
  if (!(price > at(lo)) || !(price < at(hi))) return undefined;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid) < price) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
