import { Decimal } from '../../../shared/decimal';
import type { ComboType, Side } from '../../../shared/trading';
import { takesField, type StockDraft } from './stock-draft';
import { EMPTY_LEG, type LegDraft, type LegIndex, type LinkedChoice } from './stock-legs';

/** What each kind is called where a trader picks it. */
export const LINKED_LABELS: Readonly<Record<LinkedChoice, string>> = {
  NONE: 'None',
  BRACKET: 'Bracket: entry, take-profit, stop-loss',
  OTO: 'OTO: entry triggers one order',
  OCO: 'OCO: two orders, one cancels the other',
  OTOCO: 'OTOCO: entry triggers an OCO pair',
};
export const LINKED_CHOICES = Object.keys(LINKED_LABELS) as LinkedChoice[];

/** The contingent orders a kind has beside the form's order (a bracket's exits are fields of their own). */
export function legsOf(kind: LinkedChoice): LegIndex[] {
  if (kind === 'OTO' || kind === 'OCO') return [0];
  if (kind === 'OTOCO') return [0, 1];
  return [];
}

/** What a contingent order is called in its fields' labels. */
export function legName(kind: LinkedChoice, i: LegIndex): string {
  if (kind === 'OTO') return 'Triggered';
  if (kind === 'OCO') return 'Other';
  return i === 0 ? 'First exit' : 'Second exit';
}

/** The side that closes what `side` opens. */
export const exitSide = (side: Side): Side => (side === 'BUY' ? 'SELL' : 'BUY');

/**
 * The contingent orders a kind starts with, from the entry's side: an OTO's and an OTOCO's close
 * what the entry opens (an OTOCO's pair a take-profit limit and a stop); an OCO's other order trades
 * the same way as the first (a take-profit and a protective stop on a position held).
 */
export function legsFor(kind: LinkedChoice, side: Side): [LegDraft, LegDraft] {
  const out = kind === 'OCO' ? side : exitSide(side);
  if (kind === 'OCO')
    return [
      { ...EMPTY_LEG, side: out, orderType: 'STOP_LOSS' },
      { ...EMPTY_LEG, side: out, orderType: 'STOP_LOSS' },
    ];
  return [
    { ...EMPTY_LEG, side: out },
    { ...EMPTY_LEG, side: out, orderType: 'STOP_LOSS' },
  ];
}

/** A contingent order as a draft of its own: the entry's account, symbol, size, time in force and session. */
export const legAsDraft = (d: StockDraft, leg: LegDraft): StockDraft => ({
  ...d,
  ...leg,
  sizing: 'SHARES',
  amount: '',
  linked: 'NONE',
});

/** Each order a draft sends, in its order: what the ticket calls it, and its combo role. */
export type TicketPart = 'entry' | 'takeProfit' | 'stopLoss' | 'leg0' | 'leg1';
export function ticketParts(d: StockDraft): Array<{ part: TicketPart; role: ComboType }> {
  switch (d.linked) {
    case 'NONE':
      return [{ part: 'entry', role: 'NORMAL' }];
    case 'BRACKET':
      return [
        { part: 'entry', role: 'MASTER' },
        ...(d.takeProfit.trim() ? [{ part: 'takeProfit' as const, role: 'STOP_PROFIT' as const }] : []),
        ...(d.stopLoss.trim() ? [{ part: 'stopLoss' as const, role: 'STOP_LOSS' as const }] : []),
      ];
    case 'OTO':
      return [
        { part: 'entry', role: 'MASTER' },
        { part: 'leg0', role: 'OTO' },
      ];
    case 'OCO':
      return [
        { part: 'entry', role: 'OCO' },
        { part: 'leg0', role: 'OCO' },
      ];
    case 'OTOCO':
      return [
        { part: 'entry', role: 'MASTER' },
        { part: 'leg0', role: 'OCO' },
        { part: 'leg1', role: 'OCO' },
      ];
  }
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** What one linked order would do if it filled at its price: the cash, and the P&L of a closing one against the entry. */
export interface LinkedFigure {
  label: string;
  price: Decimal;
  /** Signed from the account's side: a sale is a credit, a buy a debit. */
  cash: Decimal;
  /** A contingent order that closes what the entry opens: its P&L against the entry's price. */
  pnl?: Decimal;
}

/**
 * The group's figures before anything is sent: each linked order at its own price (a limit, else a
 * stop; a trailing stop has no price yet) for the entry's shares.
 */
export function linkedFigures(d: StockDraft, entry: Decimal | undefined): LinkedFigure[] {
  const q = d.quantity.trim();
  if (d.linked === 'NONE' || !DECIMAL.test(q)) return [];
  const shares = new Decimal(q);
  const orders: Array<{ label: string; side: Side; text: string }> =
    d.linked === 'BRACKET'
      ? [
          { label: 'Take-profit', side: exitSide(d.side), text: d.takeProfit.trim() },
          { label: 'Stop-loss', side: exitSide(d.side), text: d.stopLoss.trim() },
        ]
      : legsOf(d.linked).map((i) => {
          const leg = d.legs[i];
          const text = takesField(leg.orderType, 'limitPrice') ? leg.limitPrice : leg.stopPrice;
          const priced = takesField(leg.orderType, 'trailingStep') ? '' : text.trim();
          return { label: legName(d.linked, i), side: leg.side, text: priced };
        });
  const afterEntry = d.linked !== 'OCO';
  return orders.flatMap(({ label, side, text }) => {
    if (!DECIMAL.test(text) || new Decimal(text).lte(0)) return [];
    const price = new Decimal(text);
    const sells = side !== 'BUY';
    const cash = price.times(shares).times(sells ? 1 : -1);
    const closes = afterEntry && sells === (d.side === 'BUY');
    const pnl =
      closes && entry
        ? price
            .minus(entry)
            .times(shares)
            .times(sells ? 1 : -1)
        : undefined;
    return [{ label, price, cash, ...(pnl ? { pnl } : {}) }];
  });
}
