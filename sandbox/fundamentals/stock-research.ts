import { Decimal } from '../../shared/decimal';
import type { OpResult } from '../../shared/openapi/operations';
import { dateText, nyInstant, nyLocal, RTH_CLOSE_MIN } from '../../shared/market/calendar';
import type { MarketSimulator } from '../market/simulator';
import { hashText, normalAt, uniformAt } from '../market/prng';
import type { UniverseSeed } from '../market/universe';
import { quarterNumber, quarterYear, reportDay, type QuarterId } from './company-model';
import { dividendPayments } from './dividends';
import { latestReportedQuarter } from './statement-records';
import { companyBooks, dilutedEps, quarterBooks } from './statements';
import { valuation } from './valuation';

/**
 * Analyst views, forecasts and calendars, all tied to the same books: an EPS estimate is the
 * quarter's eventual actual moved by a hashed "surprise", so a quarter that reports later beats or
 * misses its earlier estimate consistently; targets sit around the last close.
 */

const money = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function analystCount(info: UniverseSeed): number {
  const cap = Number(info.refPrice) * info.sharesOutstanding;
  return Math.max(
    4,
    Math.min(60, Math.round(Math.log10(cap) * 6 - 50 + uniformAt(hashText(`analysts:${info.symbol}`)) * 8)),
  );
}

/** The last close the analysts' figures were updated at (the regular close of the latest session). */
function lastCloseTime(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): { price: Decimal; time: number } {
  const state = sim.live(info.symbol, now);
  const day = state?.regularDay ?? nyLocal(now).day;
  const closed = nyInstant(day, RTH_CLOSE_MIN) <= now;
  const cents = closed ? (state?.regular.last ?? 0) : (state?.preClose ?? 0);
  return {
    price: new Decimal(cents).div(100),
    time: closed ? nyInstant(day, RTH_CLOSE_MIN) : nyInstant(day - 1, RTH_CLOSE_MIN),
  };
}

/** Upside analysts see, per symbol: −5 % … +25 %. */
const upside = (seed: number, info: UniverseSeed) =>
  -0.05 + 0.3 * uniformAt(seed, hashText(`upside:${info.symbol}`));

export function targetPrice(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): OpResult<'analystTargetPrice'> {
  const { price: close, time } = lastCloseTime(sim, info, now);
  const h = hashText(`target:${info.symbol}`);
  const mean = close.times(1 + upside(sim.seed, info));
  const live = valuation(sim, info, now).price;
  return {
    symbol: info.symbol,
    current_price: money(live),
    target_high: money(mean.times(1.15 + 0.25 * uniformAt(sim.seed, h, 1))),
    target_low: money(mean.times(0.6 + 0.25 * uniformAt(sim.seed, h, 2))),
    target_mean: money(mean),
    target_median: money(mean.times(0.98 + 0.04 * uniformAt(sim.seed, h, 3))),
    analyst_count: analystCount(info),
    updated_at: time,
  };
}

export function rating(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'analystRating'> {
  const n = analystCount(info);
  const bias = upside(sim.seed, info) / 0.25; // −0.2 … 1
  const h = hashText(`rating:${info.symbol}`);
  const weights = [
    0.15 + 0.35 * bias,
    0.25 + 0.1 * bias,
    0.35 - 0.2 * bias,
    0.1 - 0.05 * bias,
    0.05 - 0.04 * bias,
  ].map((w, i) => Math.max(0.01, w * (0.8 + 0.4 * uniformAt(sim.seed, h, i))));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / total) * n));
  counts[2] = (counts[2] ?? 0) + n - counts.reduce((a, b) => a + b, 0);
  const [strong_buy = 0, buy = 0, hold = 0, sell = 0, strong_sell = 0] = counts;
  const score = (strong_buy * 1 + buy * 2 + hold * 3 + sell * 4 + strong_sell * 5) / n;
  const consensus =
    score <= 1.5
      ? 'STRONG_BUY'
      : score <= 2.5
        ? 'BUY'
        : score <= 3.5
          ? 'HOLD'
          : score <= 4.5
            ? 'SELL'
            : 'STRONG_SELL';
  return {
    symbol: info.symbol,
    strong_buy,
    buy,
    hold,
    sell,
    strong_sell,
    consensus,
    updated_at: lastCloseTime(sim, info, now).time,
  };
}

interface QuarterView {
  q: QuarterId;
  reportDay: number;
  reported: boolean;
  actualEps: Decimal;
  estimateEps: Decimal;
  revenue: number;
  revenueEstimate: number;
}

function quarterView(
  sim: MarketSimulator,
  info: UniverseSeed,
  q: QuarterId,
  now: number,
): QuarterView | undefined {
  const books = companyBooks(sim.seed, info);
  const b = quarterBooks(books, q);
  if (!b) return undefined;
  const day = reportDay(books.model, q);
  const actualEps = dilutedEps(b);
  // Companies beat more often than they miss: surprise ~ N(+3 %, 5 %).
  const surprise = 0.03 + 0.05 * normalAt(sim.seed, books.model.key, q, 99);
  const estimateEps = actualEps
    .minus(actualEps.abs().times(surprise))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const revenueEstimate = Math.round(b.revenue * (1 - surprise / 3));
  return {
    q,
    reportDay: day,
    reported: day <= nyLocal(now).day,
    actualEps,
    estimateEps,
    revenue: b.revenue,
    revenueEstimate,
  };
}

function quarterRange(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
  back: number,
  ahead: number,
): QuarterView[] {
  const last = latestReportedQuarter(companyBooks(sim.seed, info), now);
  const out: QuarterView[] = [];
  for (let q = last - back + 1; q <= last + ahead; q++) {
    const v = quarterView(sim, info, q, now);
    if (v) out.push(v);
  }
  return out;
}

export function forecastEps(sim: MarketSimulator, info: UniverseSeed, now: number): OpResult<'forecastEps'> {
  const n = analystCount(info);
  return quarterRange(sim, info, now, 4, 4).map((v) => {
    const spread = v.estimateEps.abs().times(0.08).plus(0.01);
    return {
      fiscal_year: quarterYear(v.q),
      fiscal_period: `Q${quarterNumber(v.q)}`,
      report_date: dateText(v.reportDay),
      eps_estimate: money(v.estimateEps),
      eps_high: money(v.estimateEps.plus(spread)),
      eps_low: money(v.estimateEps.minus(spread)),
      ...(v.reported ? { eps_actual: money(v.actualEps), revenue_actual: String(v.revenue) } : {}),
      revenue_estimate: String(v.revenueEstimate),
      analyst_count: n,
    };
  });
}

export function earningsCalendar(
  sim: MarketSimulator,
  info: UniverseSeed,
  now: number,
): OpResult<'earningsCalendar'> {
  const reportTime = companyBooks(sim.seed, info).model.reportTime;
  return quarterRange(sim, info, now, 4, 2).map((v) => ({
    symbol: info.symbol,
    fiscal_year: quarterYear(v.q),
    fiscal_period: `Q${quarterNumber(v.q)}`,
    report_date: dateText(v.reportDay),
    report_time: reportTime,
    eps_estimate: money(v.estimateEps),
    revenue_estimate: String(v.revenueEstimate),
    ...(v.reported ? { eps_actual: money(v.actualEps), revenue_actual: String(v.revenue) } : {}),
  }));
}

/** Paid dividends of the last two years and the announced next one, newest first. */
export function dividendCalendar(info: UniverseSeed, now: number): OpResult<'dividendCalendar'> {
  const today = nyLocal(now).day;
  return dividendPayments(info, today - 730, today + 60)
    .filter((p) => p.announce <= today)
    .reverse()
    .map((p) => ({
      symbol: info.symbol,
      announce_date: dateText(p.announce),
      ex_date: dateText(p.ex),
      record_date: dateText(p.record),
      pay_date: dateText(p.pay),
      amount: new Decimal(p.amount).div(100).toFixed(2),
      currency: 'USD',
      frequency: info.sector === 'Fixed Income' ? 'MONTHLY' : 'QUARTERLY',
      dividend_type: 'CASH',
    }));
}
