import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSoak, SHORT_SOAK } from './scenarios/soak';

/**
 * The soak's short run (docs/benchmark.md "soak"): a whole regular session in 45 s of wall time
 * through the real built app, one start. Only the end state is judged, never a time: no error
 * anywhere, every link live, exactly one reconnect per drop, every order where it should be, alerts
 * still firing after the drops, and nothing left growing in main. The memory bound is generous for
 * a short run on a loaded machine; the full run's figure is the README's.
 */
describe('a trading day survived (short run)', () => {
  it('ends with no error, every link live, one reconnect per drop and nothing left growing', async () => {
    // npm test builds the app first (test/run-all.mjs).
    expect(existsSync('out/main/index.js'), 'the built app (npx electron-vite build)').toBe(true);
    const { soak, diagnostics } = await runSoak(SHORT_SOAK);
    const context = JSON.stringify({ soak, diagnostics }, null, 1);
    expect(diagnostics.errors, context).toEqual([]);
    expect(soak.unhandledRejections, context).toBe(0);
    expect(soak.linksLiveAtEnd, context).toBe(true);
    expect([soak.quoteReconnects, soak.eventReconnects], context).toEqual([soak.quoteDrops, soak.eventDrops]);
    expect(diagnostics.ordersNotAsExpected, context).toEqual([]);
    expect(soak.ordersFilled, context).toBeGreaterThan(0);
    expect(soak.ordersCancelled, context).toBeGreaterThan(0);
    expect(soak.alertsFiredAfterDrops, context).toBeGreaterThan(0);
    expect(soak.mainTimersGrowth, context).toBeLessThanOrEqual(0);
    expect(soak.mainHandlesGrowth, context).toBeLessThanOrEqual(0);
    expect(soak.mainHeapGrowthMb, context).toBeLessThan(50);
    expect(soak.rendererHeapGrowthMb, context).toBeLessThan(50);
  }, 120_000);
});
