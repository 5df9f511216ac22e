import { useEffect, useState } from 'react';
import { formatEt, formatLocal } from '../../lib/time';
import styles from './TopBar.module.css';

/** The app's one clock: exchange time (New York), labelled; the local time on hover. */
export function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  return (
    <time
      className="num"
      dateTime={new Date(now).toISOString()}
      title={formatLocal(now)}
      aria-label={`Exchange time ${formatEt(now)} ET`}
      data-testid="clock"
    >
      {formatEt(now)} <span className={styles.label}>ET</span>
    </time>
  );
}
