import { useEffect, useRef, useState } from 'react';
import type { ConnectionStatus } from '../../../shared/ipc/contract';
import { subscribe } from '../../lib/bridge';
import { Panel } from '../../ui/Panel';
import { marketNow } from '../../lib/market-now';
import { marketTimeAt } from '../../../shared/market/market-clock';
import { formatEt, formatLocal } from '../../lib/time';
import {
  createActivityMemory,
  describeFiredAlerts,
  describeLinkChange,
  describeTradeEvent,
  mergeActivity,
  type ActivityEntry,
} from './activity';
import styles from './Activity.module.css';

const MAX_ENTRIES = 60;

/** Order and position events from the trade-event stream, fired price alerts and link changes, newest first. */
export function ActivityPanel() {
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const nextId = useRef(1);
  useEffect(() => {
    const push = (items: Array<Omit<ActivityEntry, 'id'>>) => {
      if (items.length === 0) return;
      const withIds = items.map((e) => ({ ...e, id: nextId.current++ }));
      setEntries((prev) => mergeActivity(prev, withIds, MAX_ENTRIES));
    };
    let last: ConnectionStatus | undefined;
    const offLinks = subscribe('connection', {}, (next) => {
      // The status carries the market clock itself: the window's shared clock may not have read
      // this status yet (it subscribes on its first use), and a first line on the wall clock would
      // stand hours apart from the top bar's time in a pinned or replayed session.
      push(
        describeLinkChange(
          last,
          next,
          next.marketClock ? marketTimeAt(next.marketClock, Date.now()) : marketNow(),
        ),
      );
      last = next;
    });
    const memory = createActivityMemory();
    const offEvents = subscribe('tradeEvents', {}, (e) => push([describeTradeEvent(e, memory)]));
    const seenAlerts = new Set<string>();
    const offAlerts = subscribe('alerts', {}, (state) => push(describeFiredAlerts(state, seenAlerts)));
    return () => {
      offLinks();
      offEvents();
      offAlerts();
    };
  }, []);
  return (
    <Panel title="Activity" meta={`${entries.length} · times ET`}>
      <ol className={styles.feed} data-testid="activity">
        {entries.map((e) => (
          <li key={e.id} className={`${styles.row} ${styles[e.tone] ?? ''}`}>
            <time className="num dim" dateTime={new Date(e.time).toISOString()} title={formatLocal(e.time)}>
              {formatEt(e.time)}
            </time>
            <span className={styles.text}>{e.text}</span>
          </li>
        ))}
        {entries.length === 0 && (
          <li className="loading" role="status">
            No activity yet
          </li>
        )}
      </ol>
    </Panel>
  );
}
