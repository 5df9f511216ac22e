import type { AlertsState, ConnectionStatus, TradeEventMessage } from '../../../shared/ipc/contract';
import { describeCondition } from '../../../shared/ipc/alert-kinds';

/** One line of the activity feed. */
export interface ActivityEntry {
  id: number;
  time: number;
  kind: 'order' | 'position' | 'link' | 'alert';
  text: string;
  tone: 'up' | 'down' | 'flat' | 'warn';
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A trade event as a readable line; the payload is the order or position record as received. */
export function describeTradeEvent(e: TradeEventMessage): Omit<ActivityEntry, 'id'> {
  const p = (e.payload ?? {}) as Record<string, unknown>;
  if (e.kind === 'order') {
    const status = str(p.status);
    const price = str(p.limit_price) || str(p.avg_fill_price);
    const tone = status === 'FILLED' ? 'up' : status === 'FAILED' || status === 'CANCELLED' ? 'down' : 'flat';
    return {
      time: e.time,
      kind: 'order',
      tone,
      text: `${status} ${str(p.side)} ${str(p.quantity)} ${str(p.symbol)}${price ? ` @ ${price}` : ''} · ${e.accountId}`,
    };
  }
  return {
    time: e.time,
    kind: 'position',
    tone: 'flat',
    text: `Position ${str(p.symbol)} ${str(p.quantity)} · ${e.accountId}`,
  };
}

/** Link changes worth a line (not every status repeat). */
export function describeLinkChange(
  prev: ConnectionStatus | undefined,
  next: ConnectionStatus,
  now: number,
): Array<Omit<ActivityEntry, 'id'>> {
  const out: Array<Omit<ActivityEntry, 'id'>> = [];
  for (const link of ['api', 'quotes', 'events'] as const) {
    if (prev?.[link] === next[link] || next[link] === 'idle') continue;
    const tone = next[link] === 'live' ? 'up' : next[link] === 'offline' ? 'down' : 'warn';
    out.push({
      time: now,
      kind: 'link',
      tone,
      text: `${link === 'api' ? 'API' : link === 'quotes' ? 'Quotes' : 'Trade events'} ${next[link]}`,
    });
  }
  return out;
}

/**
 * A line for each alert main has fired that this feed has not shown yet (`seen` holds
 * `id@triggeredAt`, so a re-armed alert that fires again gets a new line). The stream sends the
 * whole list, so alerts fired while no Activity panel was open are shown when one opens.
 */
export function describeFiredAlerts(state: AlertsState, seen: Set<string>): Array<Omit<ActivityEntry, 'id'>> {
  const out: Array<Omit<ActivityEntry, 'id'>> = [];
  const fired = state.alerts
    .filter((a) => a.status === 'triggered' && a.triggeredAt !== undefined)
    .sort((a, b) => (a.triggeredAt ?? 0) - (b.triggeredAt ?? 0));
  for (const a of fired) {
    const key = `${a.id}@${a.triggeredAt ?? 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      time: a.triggeredAt ?? 0,
      kind: 'alert',
      tone: 'warn',
      text: `Alert ${a.symbol} ${describeCondition(a.condition)} · last ${a.triggerPrice ?? '—'}`,
    });
  }
  return out;
}

/**
 * New lines merged into the feed, newest first by their time (every time is on the market clock, so
 * an order event, a fired alert and a link change sort together), at most `max` kept. Lines of the
 * same time keep their arrival order, the later one first.
 */
export function mergeActivity(
  prev: readonly ActivityEntry[],
  items: readonly ActivityEntry[],
  max: number,
): ActivityEntry[] {
  return [...items, ...prev].sort((a, b) => b.time - a.time || b.id - a.id).slice(0, max);
}
