import { describe, expect, it } from 'vitest';
import { createMarketSimulator } from '../market/simulator';
import { fundHoldingsOf } from './fund-holdings';
import { quickValuation, valuation } from './valuation';

/**
 * The cheap paths the screeners and fund holdings take over the whole universe must give the
 * figures of the full computation (docs/sandbox.md "Performance").
 */
const NOW = Date.parse('2026-11-18T15:00:00Z');
const sim = createMarketSimulator({ seed: 42, clock: () => NOW });

describe('cheap universe figures', () => {
  it('a market cap and yield without the books equal those of the full valuation', () => {
    const sample = sim.seeds().filter((_, i) => i % 37 === 0);
    expect(sample.some((s) => s.category === 'US_ETF')).toBe(true);
    for (const info of sample) {
      const quick = quickValuation(sim, info, NOW);
      const full = valuation(sim, info, NOW);
      expect(
        [quick.price.toFixed(2), quick.marketCap.toFixed(2), quick.dividendYield.toFixed(4)],
        info.symbol,
      ).toEqual([full.price.toFixed(2), full.marketCap.toFixed(2), full.dividendYield.toFixed(4)]);
    }
  });

  it("an index fund weighs its members by their live state's previous close", () => {
    const spy = sim.seedOf('SPY');
    if (!spy) throw new Error('SPY');
    const holdings = fundHoldingsOf(sim, spy, NOW)
      .filter((h) => h.inUniverse)
      .slice(0, 25);
    expect(holdings).toHaveLength(25);
    for (const h of holdings) expect(h.priceCents, h.symbol).toBe(sim.live(h.symbol, NOW)?.preClose);
  });
});
