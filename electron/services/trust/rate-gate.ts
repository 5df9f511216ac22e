/**
 * At most `max` events in any `windowMs` (a rolling window): what keeps a compromised renderer from
 * flooding the desktop with notifications, windows or native dialogs. `take()` counts the event and
 * says whether it may happen.
 */
export interface RateGate {
  take(): boolean;
}

export function createRateGate(opts: { max: number; windowMs: number; now?: () => number }): RateGate {
  const now = opts.now ?? Date.now;
  let times: number[] = [];
  return {
    take() {
      const t = now();
      times = times.filter((at) => at > t - opts.windowMs);
      if (times.length >= opts.max) return false;
      times.push(t);
      return true;
    },
  };
}
