/**
 * The market clock a session runs on, as main reports it to every window (docs/ui.md "Time"):
 * the wall clock (`live`), a past regular session looped at real speed while the market is shut
 * (`replay`, the embedded sandbox), or a market started at a chosen instant and running from there
 * (`pinned`). Every time the UI shows is read from it, never from the wall clock alone.
 *
 * It is a reading, not a function, so it crosses threads and IPC: one market instant, the wall
 * instant it was read at and, for a replay, the session it loops through.
 */
export type MarketClockMode = 'live' | 'replay' | 'pinned';

export interface MarketClock {
  mode: MarketClockMode;
  /** What is replayed or where the pinned clock started ("Replaying Fri 20 Nov 2026 regular session"). */
  label?: string;
  /** A market instant (Unix ms) … */
  marketAt: number;
  /** … and the wall instant it was read at. */
  wallAt: number;
  /** Replay: the market runs from `start` for `lengthMs`, then starts over. */
  loop?: { start: number; lengthMs: number };
}

/** The market instant at wall instant `wall` (Unix ms). */
export function marketTimeAt(clock: MarketClock | undefined, wall: number): number {
  if (!clock || clock.mode === 'live') return wall;
  const at = clock.marketAt + (wall - clock.wallAt);
  const loop = clock.loop;
  if (!loop || loop.lengthMs <= 0) return at;
  // The double modulo keeps an instant before the reading inside the session, as the replay does.
  return loop.start + ((((at - loop.start) % loop.lengthMs) + loop.lengthMs) % loop.lengthMs);
}

/** The mode as the top bar names it. */
export const MARKET_CLOCK_BADGE: Record<MarketClockMode, string> = {
  live: 'LIVE',
  replay: 'REPLAY',
  pinned: 'PINNED',
};
