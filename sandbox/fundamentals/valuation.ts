import { Decimal } from '../../shared/decimal';
import { nyLocal } from '../../shared/market/calendar';
import type { MarketSimulator } from '../market/simulator';
import type { UniverseSeed } from '../market/universe';
import { dividendPayments } from './dividends';
import { latestReportedQuarter, periods, ttmEps } from './statement-records';
import { companyModelOf, sharesDilutedOf } from './statements';

/**
 * Live valuation of a symbol at `now`: the simulated last price against the latest reported books
 * (P/E = price / TTM diluted EPS, market cap = price × diluted shares) and the dividends of the
 * last twelve months (yield = those dividends / price, a fraction like change_ratio).
 */
export interface Valuation {
  price: Decimal;
  marketCap: Decimal;
  ttmEps?: Decimal;
  pe?: Decimal;
  pb?: Decimal;
  dividendYield: Decimal;
  revenueGrowth?: Decimal;
  netMargin?: Decimal;
}

export function trailingDividends(info: UniverseSeed, now: number): Decimal {
  const today = nyLocal(now).day;
  const cents = dividendPayments(info, today - 365, today).reduce((a, p) => a + p.amount, 0);
  return new Decimal(cents).div(100);
}

/** The last regular price (or the one given, in cents) and the trailing dividend yield at it. */
function priceAndYield(sim: MarketSimulator, info: UniverseSeed, now: number, priceCents?: number) {
  const cents = priceCents ?? sim.live(info.symbol, now)?.regular.last ?? 0;
  const price = new Decimal(cents).div(100);
  const dividendYield = price.isZero()
    ? new Decimal(0)
    : trailingDividends(info, now).div(price).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  return { price, dividendYield };
}

/**
 * Price, market cap and dividend yield only: the same figures as valuation(), without the books
 * (a market cap needs the latest reported quarter's share count, which has a closed form). A
 * screener values the whole universe this way and builds books only for the rows it shows.
 */
export function quickValuation(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  priceCents?: number,
): Pick<Valuation, 'price' | 'marketCap' | 'dividendYield'> {
  const { price, dividendYield } = priceAndYield(sim, info, now, priceCents);
  if (info.category === 'US_ETF')
    return { price, marketCap: price.times(info.sharesOutstanding), dividendYield };
  const model = companyModelOf(sim.seed, info);
  const shares = sharesDilutedOf(model, latestReportedQuarter({ model }, now));
  return { price, marketCap: price.times(shares ?? info.sharesOutstanding), dividendYield };
}

export function valuation(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  priceCents?: number,
): Valuation {
  const { price, dividendYield } = priceAndYield(sim, info, now, priceCents);
  if (info.category === 'US_ETF')
    return { price, marketCap: price.times(info.sharesOutstanding), dividendYield };
  const [latest] = periods(sim.seed, info, 'QUARTERLY', 1, now);
  if (!latest) return { price, marketCap: price.times(info.sharesOutstanding), dividendYield };
  const b = latest.books;
  const eps = ttmEps(latest);
  const ttmRevenue = latest.ttm.reduce((a, q) => a + q.revenue, 0);
  const ttmNet = latest.ttm.reduce((a, q) => a + q.netIncome, 0);
  const marketCap = price.times(b.sharesDiluted);
  return {
    price,
    marketCap,
    ttmEps: eps,
    ...(eps.gt(0) ? { pe: price.div(eps).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) } : {}),
    ...(b.equity > 0 ? { pb: marketCap.div(b.equity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) } : {}),
    dividendYield,
    ...(latest.prior
      ? {
          revenueGrowth: new Decimal(b.revenue - latest.prior.revenue)
            .div(latest.prior.revenue)
            .toDecimalPlaces(4, Decimal.ROUND_HALF_UP),
        }
      : {}),
    netMargin:
      ttmRevenue === 0
        ? new Decimal(0)
        : new Decimal(ttmNet).div(ttmRevenue).toDecimalPlaces(4, Decimal.ROUND_HALF_UP),
  };
}
