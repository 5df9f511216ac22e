import { describe, expect, it } from 'vitest';
import { MAX_MARKET_SPEED, parseMarketSpeed, pinnedMarketClock, sandboxSpeedFromEnv } from './market-start';

const RTH = Date.parse('2026-11-18T15:00:00Z');

describe('pinnedMarketClock', () => {
  it('runs at the wall clock’s speed by default', () => {
    const wall = { now: 1_000 };
    const market = pinnedMarketClock(RTH, () => wall.now);
    expect(market()).toBe(RTH);
    wall.now += 1_234;
    expect(market()).toBe(RTH + 1_234);
  });

  it('runs `speed` times as fast, in whole milliseconds, from where it was pinned', () => {
    const wall = { now: 50_000 };
    const market = pinnedMarketClock(RTH, () => wall.now, 60);
    expect(market()).toBe(RTH);
    wall.now += 1_000;
    expect(market()).toBe(RTH + 60_000);
    const slow = pinnedMarketClock(RTH, () => wall.now, 0.3);
    wall.now += 1_001;
    expect(slow()).toBe(RTH + 300);
    expect(Number.isInteger(slow())).toBe(true);
  });
});

describe('a market speed factor', () => {
  it('takes a number above 0 and at most the maximum', () => {
    expect(parseMarketSpeed('60', 'x')).toBe(60);
    expect(parseMarketSpeed(' 0.5 ', 'x')).toBe(0.5);
    expect(parseMarketSpeed(String(MAX_MARKET_SPEED), 'x')).toBe(MAX_MARKET_SPEED);
  });

  it('refuses anything else with the source named', () => {
    for (const bad of ['0', '-2', 'fast', '1e3', '', '1001', 'Infinity', '60x'])
      expect(() => parseMarketSpeed(bad, 'sandbox: --speed'), bad).toThrow(
        /sandbox: --speed: .* market speed/,
      );
  });

  it('is BULLPEN_SANDBOX_SPEED for the app: unset or empty is real speed', () => {
    expect(sandboxSpeedFromEnv(undefined)).toBeUndefined();
    expect(sandboxSpeedFromEnv('  ')).toBeUndefined();
    expect(sandboxSpeedFromEnv('40')).toBe(40);
    expect(() => sandboxSpeedFromEnv('slow')).toThrow(/BULLPEN_SANDBOX_SPEED/);
  });
});
