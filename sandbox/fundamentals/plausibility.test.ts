import { describe, expect, it } from 'vitest';
import { Decimal } from '../../shared/decimal';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { createMarketSimulator } from '../market/simulator';
import { fundBrief, fundHoldings, fundSplits } from './fund-data';
import { balanceRecord, incomeRecord, indicatorRecord, periods } from './statement-records';

/** Rules a trader checks at a glance, over every company and fund of the universe. */
const NOW = nyInstant(parseDateText('2026-11-20'), 12 * 60);
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
const stocks = sim.seeds().filter((s) => s.category === 'US_STOCK');
const fund = (s: string) => {
  const f = sim.seedOf(s);
  if (!f) throw new Error(s);
  return f;
};

describe('fundamentals a trader would believe (whole universe)', () => {
  const latest = stocks.map((info) => ({
    info,
    q: periods(sim.seed, info, 'QUARTERLY', 8, NOW),
    y: periods(sim.seed, info, 'ANNUAL', 5, NOW),
  }));

  it('keeps retained earnings below total assets and equity a real share of assets', () => {
    for (const { info, q, y } of latest) {
      for (const p of [...q, ...y]) {
        const b = balanceRecord(p);
        expect(
          new Decimal(b.retained_earnings ?? '0').lte(b.total_assets),
          `${info.symbol} ${p.period_end}`,
        ).toBe(true);
      }
    }
  });

  it('reports ROE within a plausible range (no triple-digit ROE from a sliver of equity)', () => {
    for (const { info, q } of latest) {
      for (const p of q) {
        const roe = indicatorRecord(sim, info, p).roe;
        if (roe === undefined) continue;
        expect(Math.abs(Number(roe)), `${info.symbol} ${p.period_end} ROE ${roe}`).toBeLessThanOrEqual(1.5);
      }
    }
  });

  it('does not give many companies the same current ratio', () => {
    const ratios = latest.map(({ info, q }) =>
      q[0] ? indicatorRecord(sim, info, q[0]).current_ratio : undefined,
    );
    const counts = new Map<string, number>();
    for (const r of ratios) if (r) counts.set(r, (counts.get(r) ?? 0) + 1);
    const most = Math.max(...counts.values());
    // Four decimals over ~900 companies: a few coincidences, never a cluster.
    expect(most).toBeLessThanOrEqual(5);
    for (const r of counts.keys()) {
      expect(Number(r)).toBeGreaterThan(0.3);
      expect(Number(r)).toBeLessThan(8);
    }
  });

  it('reports diluted EPS equal to basic EPS for a loss', () => {
    let losses = 0;
    for (const { info, q, y } of latest) {
      for (const p of [...q, ...y]) {
        const r = incomeRecord(p);
        if (Number(r.net_income) < 0) {
          losses++;
          expect(r.eps_diluted, `${info.symbol} ${p.period_end}`).toBe(r.eps_basic);
        }
      }
    }
    expect(losses).toBeGreaterThan(0);
  });
});

describe('fund holdings and splits', () => {
  it('holds every S&P 500 member in SPY, with the real holding count and cap weights', () => {
    const h = fundHoldings(sim, fund('SPY'), NOW);
    const members = stocks.filter((s) => s.indexes.includes('SP500'));
    expect(h.items.length).toBe(members.length);
    expect(fundBrief(sim, fund('SPY'), NOW).holdings_count).toBe(503);
    expect(fundBrief(sim, fund('QQQ'), NOW).holdings_count).toBe(101);
    // The largest names weigh several percent, as in the real index; the smallest a few hundredths.
    const weights = h.items.map((i) => Number(i.weight));
    expect(Math.max(...weights)).toBeGreaterThan(4);
    expect(Math.max(...weights)).toBeLessThan(9);
    expect(Math.min(...weights)).toBeLessThan(0.05);
    expect(h.items.every((i) => i.in_universe === true)).toBe(true);
  });

  it('marks holdings outside the universe', () => {
    const vti = fundHoldings(sim, fund('VTI'), NOW);
    expect(vti.items.some((i) => i.in_universe === false)).toBe(true);
    expect(fundBrief(sim, fund('VTI'), NOW).holdings_count).toBeGreaterThan(vti.items.length);
    const efa = fundHoldings(sim, fund('EFA'), NOW);
    expect(efa.items.find((i) => i.name.startsWith('Nestlé'))?.in_universe).toBe(false);
  });

  it('lists only splits that happened', () => {
    expect(fundSplits(fund('TQQQ'), NOW)).toContainEqual({
      date: '2022-01-13',
      ratio_from: '1',
      ratio_to: '2',
    });
    for (const s of ['SPY', 'QQQ', 'VOO', 'GLD', 'TLT', 'XLK', 'IWM'])
      expect(fundSplits(fund(s), NOW), s).toEqual([]);
  });
});

describe('units', () => {
  it('gives every fraction-kind field of a fund brief as a fraction (expense ratio, yield)', () => {
    const spy = fundBrief(sim, fund('SPY'), NOW);
    expect(spy.expense_ratio).toBe('0.000945');
    for (const s of sim.seeds().filter((x) => x.fund)) {
      const b = fundBrief(sim, s, NOW);
      expect(Number(b.expense_ratio), s.symbol).toBeLessThan(0.02);
      expect(Number(b.dividend_yield ?? '0'), s.symbol).toBeLessThan(1);
    }
  });
});
