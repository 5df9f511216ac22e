import type { ConnectionStatus, TradeEventMessage } from '../../../shared/ipc/contract';

/** One line of the activity feed. */
export interface ActivityEntry {
  id: number;
  time: number;
  kind: 'order' | 'position' | 'link';
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
