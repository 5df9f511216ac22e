import type { OrderLine } from './order-lines';

/**
 * A price a line is being moved to and not yet the broker's: while the trader drags or steps it
 * (`moving`), while the replacement is on its way (`sending`), and after the broker accepted it
 * until the order's own record shows it (`sent`: the blotter's lists are re-read on the trade
 * event, a moment later). A refusal or failure drops it, so the line is back at the old price.
 */
export interface Pending {
  price: string;
  state: 'moving' | 'sending' | 'sent';
}
export type PendingPrices = Readonly<Record<string, Pending>>;

/** A line as drawn: at its pending price when it has one, its label saying so. */
export interface ShownLine extends OrderLine {
  pending?: Pending;
  /** The broker's price, when the line shows another. */
  was?: string;
}

const ARROW: Record<Pending['state'], string> = {
  moving: '→',
  sending: '→ sending',
  sent: '→ sent',
};

export function shownLines(lines: readonly OrderLine[], pending: PendingPrices): ShownLine[] {
  return lines.map((line) => {
    const p = pending[line.key];
    if (!p || p.price === line.price) return line;
    return {
      ...line,
      price: p.price,
      was: line.price,
      pending: p,
      title: `${line.title} ${ARROW[p.state]} ${p.price}`,
    };
  });
}

/** Pending prices still to show: a line gone (filled, cancelled) or showing its price is settled. */
export function settle(pending: PendingPrices, lines: readonly OrderLine[]): PendingPrices {
  const byKey = new Map(lines.map((l) => [l.key, l]));
  let changed = false;
  const next: Record<string, Pending> = {};
  for (const [key, p] of Object.entries(pending)) {
    const line = byKey.get(key);
    if (!line || (p.state === 'sent' && line.price === p.price)) {
      changed = true;
      continue;
    }
    next[key] = p;
  }
  return changed ? next : pending;
}

export function withPending(pending: PendingPrices, key: string, p: Pending | undefined): PendingPrices {
  const next = { ...pending };
  if (p) next[key] = p;
  else delete next[key];
  return next;
}

/** The message for a refused or failed replacement: what was asked, why not, where the order stays. */
export function refusalMessage(line: OrderLine, price: string, reason: string): string {
  return `${line.name} was not moved to ${price}: ${reason}. The order stays at ${line.price}.`;
}
