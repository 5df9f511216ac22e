import { describe, expect, it } from 'vitest';
import { tradingDayAt, tradingIndexOnOrBefore, parseDateText } from '../../shared/market/calendar';
import { PricePaths } from './price-path';
import { UNIVERSE } from './universe';

/**
 * Intraday paths must not sit flat at the day's high or low: a real tape touches its extreme and
 * turns, it does not print the same high for many minutes in a row.
 */
describe('intraday path shape', () => {
  it('never repeats the day high (or low) as the high (low) of many consecutive 1-minute bars', () => {
    const paths = new PricePaths(42);
    const last = tradingIndexOnOrBefore(parseDateText('2026-11-20'));
    const symbols = UNIVERSE.filter((_, i) => i % 10 === 0);
    let worst = { run: 0, what: '' };
    for (const info of symbols) {
      for (let d = 0; d < 5; d++) {
        const day = tradingDayAt(last - d);
        const seg = paths.segment(info, day, 'RTH');
        const { high, low } = paths.dayShape(info, day).rth;
        // A range of a few cents legitimately repeats its high (a low-volatility fund); judge days
        // whose range spans enough ticks for the path to move.
        if (high - low < 20) continue;
        let runHi = 0;
        let runLo = 0;
        for (let m = 0; m * 12 < seg.steps; m++) {
          let h = -Infinity;
          let l = Infinity;
          for (let j = m * 12; j <= Math.min(seg.steps, m * 12 + 12); j++) {
            const p = seg.price[j] ?? 0;
            if (p > h) h = p;
            if (p < l) l = p;
          }
          runHi = h === high ? runHi + 1 : 0;
          runLo = l === low ? runLo + 1 : 0;
          const run = Math.max(runHi, runLo);
          if (run > worst.run) worst = { run, what: `${info.symbol} ${day} minute ${m}` };
        }
      }
    }
    // Before the fix a path could sit on its low for 300 minutes in a row.
    expect(worst.run, worst.what).toBeLessThanOrEqual(12);
  });
});
