import { useEffect, useState } from 'react';
import { MARKET_CLOCK_BADGE, marketTimeAt } from '../../../shared/market/market-clock';
import { formatEt, formatLocal } from '../../lib/time';
import { useStreamValue } from '../../lib/use-stream';
import styles from './TopBar.module.css';

const MODE_WORDS = { live: 'live', replay: 'replay', pinned: 'pinned' } as const;

/**
 * The app's one clock: market time (New York), labelled ET, read from the market clock main reports
 * (a replayed or pinned session is not the wall clock), with its mode named beside it; the local
 * wall time on hover.
 */
export function Clock() {
  const clock = useStreamValue('connection')?.marketClock;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  const market = marketTimeAt(clock, now);
  const mode = clock?.mode ?? 'live';
  return (
    <span className={styles.clock}>
      <time
        className="num"
        dateTime={new Date(market).toISOString()}
        title={formatLocal(now)}
        aria-label={`Market time ${formatEt(market)} ET, ${MODE_WORDS[mode]}`}
        data-testid="clock"
      >
        {formatEt(market)} <span className={styles.label}>ET</span>
      </time>
      <span
        className={mode === 'live' ? styles.modeBadge : styles.replayBadge}
        title={clock?.label ?? 'Market time is the wall clock'}
        data-testid={mode === 'replay' ? 'sandbox-replay' : 'market-clock-mode'}
      >
        {MARKET_CLOCK_BADGE[mode]}
      </span>
    </span>
  );
}
