import {
  closeMinute,
  dateParts,
  nyInstant,
  regularDayAt,
  RTH_OPEN_MIN,
  sessionAt,
  weekday,
} from '../../shared/market/calendar';
import type { Session } from './market-view';

/**
 * A market clock that keeps the sandbox alive when the real US market is shut: on a weekend, a
 * holiday or a night, the simulator would otherwise freeze on the last close (docs/sandbox.md
 * "Replay when closed"). Started in such a session, it maps the wall clock onto the most recent
 * regular session and loops through it from the open:
 *
 *   now() = sessionStart + ((wall() − startedAt) mod sessionLength)
 *
 * so the market "opens" the moment the sandbox starts and runs at real speed to the close
 * (early-close aware), then starts over. Started while a session the sandbox trades in is under
 * way (PRE, RTH, ATH), it is the wall clock itself. The mode is decided once, at creation: a
 * sandbox started on Sunday keeps replaying after Monday's open until it is restarted, so the
 * market never jumps from a replayed Friday to a live Monday under a running client.
 */
interface ReplayCalendar {
  sessionAt(ms: number): Session;
  /** The latest trading day (day number) whose regular session has opened at `ms`. */
  regularDayAt(ms: number): number;
  /** Start and end instants of a trading day's regular session. */
  regularSession(day: number): { start: number; end: number; early: boolean };
}

/** The simulator's own NYSE calendar (holidays, 13:00 early closes, DST): replay and market agree on the session. */
const SIMULATOR_CALENDAR: ReplayCalendar = {
  sessionAt,
  regularDayAt,
  regularSession: (day) => {
    const close = closeMinute(day);
    return { start: nyInstant(day, RTH_OPEN_MIN), end: nyInstant(day, close), early: close !== 16 * 60 };
  },
};

export interface ReplayClockOptions {
  /** The real clock, Unix ms. Default Date.now. */
  wall?: () => number;
  calendar?: ReplayCalendar;
  /**
   * Replay also when started in the overnight session (20:00–04:00 before a trading day). Default
   * true: the sandbox does not trade overnight (docs/sandbox.md "What it does not simulate") and the
   * regular-session figures a watchlist shows stand still, so a weekday night looks as dead as a
   * Saturday. PRE and ATH stay live: extended-hours quotes move and extended-hours limits fill.
   */
  replayOvernight?: boolean;
  /**
   * Where in the session the replay begins, measured from its open. Default 0 (the open). The app
   * starts an hour in, so a chart, volumes and movers have a morning behind them at first sight.
   */
  startOffsetMs?: number;
}

export interface ReplayClock {
  now(): number;
  mode: 'live' | 'replay';
  /** The replayed session (replay mode only). */
  anchor?: { sessionStart: number; sessionEnd: number; label: string };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Fri 20 Nov 2026" of a New York day number. */
function dayLabel(day: number): string {
  const { y, m, d } = dateParts(day);
  return `${WEEKDAYS[weekday(day)] ?? ''} ${d} ${MONTHS[m - 1] ?? ''} ${y}`;
}

export function createReplayClock(opts: ReplayClockOptions = {}): ReplayClock {
  const wall = opts.wall ?? Date.now;
  const calendar = opts.calendar ?? SIMULATOR_CALENDAR;
  const startedAt = wall();
  const session = calendar.sessionAt(startedAt);
  const replay = session === 'CLOSED' || (session === 'OVN' && (opts.replayOvernight ?? true));
  if (!replay) return { now: wall, mode: 'live' };

  // Outside RTH, the latest session that has opened has also closed: that is the one replayed.
  const day = calendar.regularDayAt(startedAt);
  const { start, end, early } = calendar.regularSession(day);
  const length = end - start;
  const offset = Math.min(Math.max(0, opts.startOffsetMs ?? 0), length - 1);
  const label = `Replaying ${dayLabel(day)} regular session${early ? ' (early close)' : ''}`;
  return {
    mode: 'replay',
    anchor: { sessionStart: start, sessionEnd: end, label },
    // The double modulo keeps a wall clock set backwards inside the session instead of before its open.
    now: () => start + ((((wall() - startedAt + offset) % length) + length) % length),
  };
}
