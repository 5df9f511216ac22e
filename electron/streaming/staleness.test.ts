import { describe, expect, it } from 'vitest';
import type { MarketClock } from '../../shared/market/market-clock';
import { staleAfterMsAt, STALE_AFTER_MS } from '../../shared/market/quote-staleness';
import { SnapshotCodec } from '../../shared/proto/quotes';
import { quoteStateToRecord } from '../services/quote-state-mapping';
import { decodeQuoteMessage, mergeQuoteMessage } from './quote-state';
import { StalenessTracker, type StalenessChange } from './staleness';

// 2026-11-22 is a Sunday: the wall clock's market is closed all day.
const SUNDAY = Date.UTC(2026, 10, 22, 15, 0, 0);
// The sandbox replays Friday's regular session while the wall clock says Sunday.
const REPLAY: MarketClock = {
  mode: 'replay',
  marketAt: Date.UTC(2026, 10, 20, 16, 0, 0),
  wallAt: SUNDAY,
  loop: { start: Date.UTC(2026, 10, 20, 14, 30, 0), lengthMs: 6.5 * 3_600_000 },
};

/** A tracker on the one rule, on a clock the test moves (its timer is never waited for). */
function trackerOn(clock: MarketClock | undefined) {
  let now = SUNDAY;
  const changes: StalenessChange[] = [];
  const tracker = new StalenessTracker({
    staleAfterMs: (at) => staleAfterMsAt(at, clock),
    now: () => now,
    onChange: (c) => changes.push(...c),
  });
  return { tracker, changes, advance: (ms: number) => (now += ms), at: () => now };
}

describe('staleness in main, by the one rule', () => {
  it('is stale in every mode, replay included: the session is read from the market clock', () => {
    const { tracker, changes, advance, at } = trackerOn(REPLAY);
    tracker.track('AAPL');
    tracker.touch('AAPL', at());
    advance(STALE_AFTER_MS.RTH);
    tracker.check();
    expect(changes).toEqual([]);
    advance(1);
    tracker.check();
    expect(changes).toEqual([{ symbol: 'AAPL', stale: true, lastUpdate: SUNDAY }]);
    tracker.stop();
  });

  it('calls nothing stale by age while the market is closed, but everything once the link drops', () => {
    const { tracker, changes, advance, at } = trackerOn(undefined);
    tracker.track('AAPL');
    tracker.touch('AAPL', at());
    advance(3 * 3_600_000); // 13:00 New York on the Sunday: no session
    tracker.check();
    expect(changes).toEqual([]);
    tracker.markAllStale();
    expect(changes.map((c) => [c.symbol, c.stale])).toEqual([['AAPL', true]]);
    tracker.stop();
  });

  it('carries the verdict into the state and the record the renderer shows', () => {
    const message = decodeQuoteMessage(
      'snapshot',
      SnapshotCodec.encode({ basic: { symbol: 'AAPL', instrument_id: '1' }, price: '1.00' }),
      10,
    );
    if (!message) throw new Error('decode failed');
    const fresh = mergeQuoteMessage(undefined, message);
    expect(quoteStateToRecord(fresh).stale).toBeUndefined();
    const stale = mergeQuoteMessage(fresh, { kind: 'STALE', symbol: 'AAPL', stale: true });
    expect(stale).toMatchObject({ stale: true, lastUpdate: 10, snapshot: { price: '1.00' } });
    expect(quoteStateToRecord(stale)).toMatchObject({ symbol: 'AAPL', price: '1.00', stale: true, time: 10 });
    // The same verdict again changes nothing; a fresh one clears it, and the record says so.
    expect(mergeQuoteMessage(stale, { kind: 'STALE', symbol: 'AAPL', stale: true })).toBe(stale);
    const live = mergeQuoteMessage(stale, { kind: 'STALE', symbol: 'AAPL', stale: false });
    expect(quoteStateToRecord(live).stale).toBe(false);
  });
});
