/**
 * At most `max` events in any `windowMs` (a rolling window): what keeps a compromised renderer from
 * flooding the desktop with notifications, windows or native dialogs. `take()` counts the event and
 * says whether it may happen.
 */
export interface RateGate {
  take(): boolean;
  /** True while the window already holds `max` events (nothing is counted). */
  full(): boolean;
}

export function createRateGate(opts: { max: number; windowMs: number; now?: () => number }): RateGate {
  const now = opts.now ?? Date.now;
  let times: number[] = [];
  const full = () => {
    const t = now();
    times = times.filter((at) => at > t - opts.windowMs);
    return times.length >= opts.max;
  };
  return {
    take() {
      if (full()) return false;
      times.push(now());
      return true;
    },
    full,
  };
}
