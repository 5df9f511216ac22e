import { describe, expect, it } from 'vitest';
import { nyInstant, parseDateText } from '../../shared/market/calendar';
import { SYMBOL_PATTERN } from '../../shared/openapi/wire-constants';
import { createMarketSimulator } from './simulator';
import { syntheticSeeds, syntheticSymbol } from './synthetic-universe';
import { UNIVERSE } from './universe';

const NOW = nyInstant(parseDateText('2026-11-18'), 11 * 60);

describe('synthetic instruments (SandboxOptions.syntheticSymbols)', () => {
  it('the default market is the real universe alone', () => {
    const sim = createMarketSimulator({ seed: 42, clock: () => NOW });
    expect(sim.universe()).toHaveLength(UNIVERSE.length);
    expect(sim.seeds()).toBe(UNIVERSE);
    expect(sim.lookup(syntheticSymbol(1))).toBeUndefined();
    expect(sim.quote(syntheticSymbol(1))).toBeUndefined();
  });

  it('adds N stocks after the real universe, valid tickers with ids of their own, none a real one', () => {
    const sim = createMarketSimulator({ seed: 42, clock: () => NOW, syntheticSymbols: 5_000 });
    const universe = sim.universe();
    expect(universe).toHaveLength(UNIVERSE.length + 5_000);
    const added = universe.slice(UNIVERSE.length);
    expect(added[0]?.symbol).toBe('SYN00001');
    expect(added[4_999]?.symbol).toBe('SYN05000');
    const real = new Set(UNIVERSE.map((u) => u.symbol));
    const ids = new Set(universe.map((u) => u.instrument_id));
    expect(ids.size).toBe(universe.length);
    for (const u of added) {
      expect(u.symbol).toMatch(SYMBOL_PATTERN);
      expect(real.has(u.symbol)).toBe(false);
      expect(u.category).toBe('US_STOCK');
      expect(sim.lookup(u.symbol)).toEqual(u);
    }
  });

  it('quotes, snapshots and bars like any stock, the same on every run, a path of its own', () => {
    const a = createMarketSimulator({ seed: 42, clock: () => NOW, syntheticSymbols: 10 });
    const b = createMarketSimulator({ seed: 42, clock: () => NOW, syntheticSymbols: 10 });
    const symbol = syntheticSymbol(3);
    const quote = a.quote(symbol);
    expect(quote?.price).toMatch(/^\d+\.\d{2}$/);
    expect(a.snapshot(symbol)?.price).toBe(quote?.price);
    expect(b.quote(symbol)?.price).toBe(quote?.price);
    expect(a.bars(symbol, { timespan: 'M1', count: 5 })).toHaveLength(5);
    // Modelled on a real stock's figures, but not its price path.
    const model = syntheticSeeds(3)[2]?.name.match(/after (\S+)\)/)?.[1] ?? '';
    expect(a.lookup(model)).toBeDefined();
    expect(a.bars(symbol, { timespan: 'M1', count: 30 })?.map((x) => x.close)).not.toEqual(
      a.bars(model, { timespan: 'M1', count: 30 })?.map((x) => x.close),
    );
  });

  it('refuses a count out of range', () => {
    expect(() => syntheticSeeds(-1)).toThrow(/0..20000/);
    expect(() => syntheticSeeds(20_001)).toThrow(/0..20000/);
  });
});
