import { describe, expect, it } from 'vitest';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { createMarketSimulator } from '../market/simulator';
import { range52 } from '../screeners/screener-rows';
import { COMPANY_FACTS } from './company-facts';
import { periods } from './statement-records';
import { profile } from './stock-activity';
import { valuation } from './valuation';

/** Profiles and margins a trader would not question. */
const NOW = nyInstant(parseDateText('2026-11-20'), 12 * 60);
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const seed = (s: string) => {
  const info = sim.seedOf(s);
  if (!info) throw new Error(s);
  return info;
};
const ttmNetMargin = (symbol: string) => {
  const [latest] = periods(sim.seed, seed(symbol), 'QUARTERLY', 1, NOW);
  if (!latest) throw new Error(symbol);
  const revenue = latest.ttm.reduce((a, q) => a + q.revenue, 0);
  return latest.ttm.reduce((a, q) => a + q.netIncome, 0) / revenue;
};

describe('company profiles', () => {
  it('names the CEO and website of a well-known company and counts its employees as it reports them', () => {
    const p = profile(sim, seed('AAPL'), NOW);
    expect(p.ceo).toBe('Tim Cook');
    expect(p.website).toBe('https://www.apple.com');
    // Revenue grows from the reported year, so the head count drifts with it: within 25 %.
    expect(p.employees).toBeGreaterThan(164_000 * 0.75);
    expect(p.employees).toBeLessThan(164_000 * 1.25);
  });

  it("gives P/E and the 52-week range, the range being the max/min of the last year's daily bars", () => {
    const p = profile(sim, seed('AAPL'), NOW);
    expect(Number(p.pe_ratio)).toBeGreaterThan(10);
    expect(Number(p.pe_ratio)).toBeLessThan(80);
    const bars = sim.numericBars('AAPL', { timespan: 'D', count: 252 }, NOW) ?? [];
    expect(bars).toHaveLength(252);
    expect(Number(p.high_52w)).toBeCloseTo(Math.max(...bars.map((b) => b.high)) / 100, 6);
    expect(Number(p.low_52w)).toBeCloseTo(Math.min(...bars.map((b) => b.low)) / 100, 6);
    expect(range52(sim, seed('AAPL'), NOW).high52 / 100).toBeCloseTo(Number(p.high_52w), 6);
    const last = Number(sim.snapshot('AAPL', {}, NOW)?.price);
    expect(last).toBeGreaterThanOrEqual(Number(p.low_52w));
    expect(last).toBeLessThanOrEqual(Number(p.high_52w));
  });

  it('every listed fact reaches the profile: its CEO, and employees within 25 %', () => {
    for (const [symbol, facts] of Object.entries(COMPANY_FACTS)) {
      const p = profile(sim, seed(symbol), NOW);
      expect(p.ceo, symbol).toBe(facts.ceo);
      expect(p.employees ?? 0, symbol).toBeGreaterThan(facts.employees * 0.75);
      expect(p.employees ?? 0, symbol).toBeLessThan(facts.employees * 1.25);
    }
  });
});

describe('statement ratios per industry', () => {
  it('PC makers (DELL, HPQ) earn single-digit net margins, not a software house’s', () => {
    for (const s of ['DELL', 'HPQ']) {
      expect(ttmNetMargin(s), s).toBeGreaterThan(0.01);
      expect(ttmNetMargin(s), s).toBeLessThan(0.1);
    }
  });

  it('no thin-margin industry (hardware, retail, distribution, care providers, cars, airlines) shows a net margin above 15 %', () => {
    const thin = new Set([
      'Technology Hardware',
      'Consumer Staples Distribution & Retail',
      'Distributors',
      'Health Care Providers & Services',
      'Automobiles',
      'Passenger Airlines',
    ]);
    const rich = sim
      .seeds()
      .filter((s) => s.category === 'US_STOCK' && thin.has(s.industry) && !COMPANY_FACTS[s.symbol])
      .map((s) => ({ s: s.symbol, m: ttmNetMargin(s.symbol) }))
      .filter(({ m }) => m > 0.15);
    expect(rich).toEqual([]);
  });

  it('dividend yields stay near the reference yield (no 28 % yield from a price far below its reference)', () => {
    const high = sim
      .seeds()
      .filter((s) => s.dividendYieldPct > 0)
      .map((s) => ({
        s: s.symbol,
        y: Number(valuation(sim, s, NOW).dividendYield),
        ref: s.dividendYieldPct / 100,
      }))
      .filter(({ y, ref }) => y > ref * 2.2);
    expect(high).toEqual([]);
  });
});
