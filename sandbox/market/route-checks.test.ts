import { describe, expect, it } from 'vitest';
import { SandboxError } from '../http/route-types';
import { checkTimeRange, FUTURE_TOLERANCE_MS, marginRatios } from './route-checks';
import { lookupSeed } from './universe';

const seed = (s: string) => {
  const info = lookupSeed(s);
  if (!info) throw new Error(s);
  return info;
};

describe('margin ratios', () => {
  it('rise with volatility; ETFs sit lower and leveraged ETFs far higher', () => {
    expect(marginRatios(seed('KO'))).toEqual(['0.25', '0.30', '0.30', '0.35']);
    expect(marginRatios(seed('TSLA'))).toEqual(['0.50', '0.60', '0.75', '1.00']);
    expect(marginRatios(seed('SPY'))).toEqual(['0.20', '0.25', '0.25', '0.30']);
    expect(marginRatios(seed('TQQQ'))).toEqual(['0.75', '0.90', '0.90', '1.00']);
    for (const s of ['AAPL', 'NVDA', 'XOM', 'TLT', 'ARKK']) {
      const [il, is, ml, ms] = marginRatios(seed(s)).map(Number);
      expect(is).toBeGreaterThanOrEqual(il ?? 0);
      expect(ml).toBeGreaterThanOrEqual(il ?? 0);
      expect(ms).toBeGreaterThanOrEqual(ml ?? 0);
    }
  });
});

describe('time ranges', () => {
  const now = 1_800_000_000_000;
  const reject = (start: number | undefined, end: number | undefined) => {
    try {
      checkTimeRange(start, end, now);
    } catch (e) {
      if (e instanceof SandboxError) return e.message;
      throw e;
    }
    return undefined;
  };

  it('names start_time or end_time', () => {
    expect(reject(now - 10, now - 20)).toContain("'start_time'");
    expect(reject(now + 1, undefined)).toContain("'start_time'");
    expect(reject(undefined, now + FUTURE_TOLERANCE_MS + 1)).toContain("'end_time'");
    expect(reject(now - 20, now + 1000)).toBeUndefined(); // a client clock slightly ahead is fine
    expect(reject(undefined, undefined)).toBeUndefined();
  });
});
