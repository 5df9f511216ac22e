import { Decimal } from '../decimal';
import { dateText, nyLocal } from '../market/calendar';
import type { Side } from '../trading';

/**
 * The trade journal's arithmetic (docs/ui.md "Trade journal"): fills paired first in, first out
 * per instrument, realized P&L in decimal. Sides are the trading domain's (shared/trading). A buy first covers open short lots, the rest opens a long
 * lot; a sell closes long lots and a short sale (`SHORT`) opens a short lot. A sell beyond the long
 * lots the fills hold closed shares bought before them (before the history the journal reads): that
 * quantity is counted as unmatched, with no guessed basis, rather than booked as a short.
 */
export interface Fill {
  /** The order's id (one row a filled order). */
  id: string;
  /** What lots are kept by: the OCC symbol for an option, else the symbol. */
  instrument: string;
  side: string;
  /** Filled quantity, positive. */
  quantity: string;
  /** Average fill price. */
  price: string;
  /** Epoch ms of the fill. */
  time: number;
  /** Contract multiplier (100 for an equity option). */
  multiplier: string;
}

export interface JournalRow extends Fill {
  /** The fill's market-time (New York) date, `YYYY-MM-DD`. */
  date: string;
  /** Realized P&L of the part that closed lots ('0' when it closed none). */
  realized: string;
  /** Quantity that closed lots the journal has no record of. */
  unmatched: string;
}

interface InstrumentRealized {
  instrument: string;
  realized: string;
  /** Quantity closed against known lots. */
  closed: string;
  unmatched: string;
  fills: number;
}

export interface Journal {
  /** Every fill, oldest first, with what it realized. */
  rows: JournalRow[];
  /** Per instrument, in the order first traded. */
  instruments: InstrumentRealized[];
  /** Realized P&L per market date, oldest first. */
  days: { date: string; realized: string; fills: number }[];
  total: string;
}

interface OpenLot {
  /** Signed: negative for a short lot. */
  quantity: Decimal;
  cost: Decimal;
}

/** The New York calendar date of an instant. */
export const marketDate = (ms: number): string => dateText(nyLocal(ms).day);

/** Pairs `fills` FIFO per instrument (any order in; sorted by time, then id, before pairing). */
export function journal(fills: readonly Fill[]): Journal {
  const sorted = [...fills].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
  const lots = new Map<string, OpenLot[]>();
  const per = new Map<string, { realized: Decimal; closed: Decimal; unmatched: Decimal; fills: number }>();
  const days = new Map<string, { realized: Decimal; fills: number }>();
  const rows: JournalRow[] = [];
  let total = new Decimal(0);
  for (const f of sorted) {
    const open = lots.get(f.instrument) ?? [];
    lots.set(f.instrument, open);
    const side = f.side.toUpperCase();
    const buy = side === ('BUY' satisfies Side);
    let remaining = new Decimal(f.quantity).abs();
    const price = new Decimal(f.price);
    let realized = new Decimal(0);
    let closed = new Decimal(0);
    // A buy closes short lots, a sell or short sale closes long ones.
    while (!remaining.isZero() && open[0] && open[0].quantity.isNegative() === buy) {
      const lot = open[0];
      const take = Decimal.min(lot.quantity.abs(), remaining);
      const perUnit = buy ? lot.cost.minus(price) : price.minus(lot.cost);
      realized = realized.plus(perUnit.times(take));
      closed = closed.plus(take);
      remaining = remaining.minus(take);
      const left = lot.quantity.abs().minus(take);
      if (left.isZero()) open.shift();
      else lot.quantity = buy ? left.neg() : left;
    }
    let unmatched = new Decimal(0);
    if (!remaining.isZero()) {
      if (buy) open.push({ quantity: remaining, cost: price });
      else if (side === ('SHORT' satisfies Side)) open.push({ quantity: remaining.neg(), cost: price });
      else unmatched = remaining;
    }
    realized = realized.times(f.multiplier);
    total = total.plus(realized);
    const date = marketDate(f.time);
    rows.push({ ...f, date, realized: realized.toFixed(), unmatched: unmatched.toFixed() });
    const p = per.get(f.instrument) ?? {
      realized: new Decimal(0),
      closed: new Decimal(0),
      unmatched: new Decimal(0),
      fills: 0,
    };
    per.set(f.instrument, {
      realized: p.realized.plus(realized),
      closed: p.closed.plus(closed),
      unmatched: p.unmatched.plus(unmatched),
      fills: p.fills + 1,
    });
    const d = days.get(date) ?? { realized: new Decimal(0), fills: 0 };
    days.set(date, { realized: d.realized.plus(realized), fills: d.fills + 1 });
  }
  return {
    rows,
    instruments: [...per].map(([instrument, p]) => ({
      instrument,
      realized: p.realized.toFixed(),
      closed: p.closed.toFixed(),
      unmatched: p.unmatched.toFixed(),
      fills: p.fills,
    })),
    days: [...days]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, d]) => ({ date, realized: d.realized.toFixed(), fills: d.fills })),
    total: total.toFixed(),
  };
}
