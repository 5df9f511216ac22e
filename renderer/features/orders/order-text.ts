import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { Position } from '../../../shared/openapi/records/accounts';
import { parseOptionSymbol } from '../../../shared/market/occ';
import { contractText, occContractText as occContract } from '../../../shared/market/contract-name';
import { Decimal } from '../../../shared/decimal';
import { SIDES, SIDE_LABELS, type Side, isOpenStatus } from '../../../shared/trading';
import { formatMoney } from '../../lib/format';

/** What an order or position is about, written out: "AAPL 20 Nov 2026 190 Call" or "AAPL". */
export function orderContract(o: Pick<OrderRecord, 'symbol' | 'legs' | 'option_symbol'>): string {
  const leg = o.legs?.[0];
  if (leg)
    return contractText({
      underlying: leg.symbol,
      expiry: leg.option_expire_date,
      strike: leg.strike_price,
      optionType: leg.option_type,
    });
  return (o.option_symbol && occContract(o.option_symbol)) || o.symbol;
}

type Sized = Pick<OrderRecord, 'entrust_type' | 'total_cash_amount' | 'quantity' | 'filled_quantity'>;

/**
 * How big an order is, in words: its quantity; for an order by amount (entrust_type AMOUNT,
 * shared/trading/entrust-types.ts) its dollars until anything fills ("$500.00"), then the
 * fractional shares it filled ("2.65083"), which is what the account holds.
 */
export function orderSize(o: Sized): string {
  if (o.entrust_type !== 'AMOUNT') return o.quantity;
  const filled = /^\d+(\.\d+)?$/.test(o.filled_quantity) ? new Decimal(o.filled_quantity) : undefined;
  return filled?.gt(0) ? filled.toFixed() : formatMoney(o.total_cash_amount);
}

/** "2.5 of 10", "1.2 of $500.00": a part fill against the whole. */
export function partFillText(o: Sized): string {
  return `${o.filled_quantity} of ${o.entrust_type === 'AMOUNT' ? formatMoney(o.total_cash_amount) : o.quantity}`;
}

export function positionContract(p: Position): string {
  if (p.option_type && p.strike_price && p.option_expire_date)
    return contractText({
      underlying: p.underlying_symbol ?? p.symbol,
      expiry: p.option_expire_date,
      strike: p.strike_price,
      optionType: p.option_type,
    });
  return occContract(p.symbol) ?? p.symbol;
}

/** The underlying a position belongs to (what a click links). */
export function positionUnderlying(p: Position): string {
  return p.underlying_symbol ?? parseOptionSymbol(p.symbol)?.underlying ?? p.symbol;
}

/** The side in words (the domain's label; a side it does not know, as sent). */
export const sideLabel = (side: string): string =>
  (SIDES as readonly string[]).includes(side) ? SIDE_LABELS[side as Side] : side;

/** Open as the domain's lifecycle says: working, or waiting on a cancel or replace (PENDING). */
export const isOpenOrder = (o: Pick<OrderRecord, 'status'>) => isOpenStatus(o.status);

/** What the user is told about an order event, or nothing when it is not worth a toast. */
export type OrderNoticeKind = 'filled' | 'partial' | 'rejected' | 'cancelled';
export function orderNotice(
  o: OrderRecord,
): { kind: OrderNoticeKind; title: string; body: string } | undefined {
  const what = `${sideLabel(o.side)} ${orderSize(o)} ${orderContract(o)}`;
  if (o.status === 'FILLED')
    return {
      kind: 'filled',
      title: 'Order filled',
      body: `${what}${o.avg_fill_price ? ` at ${o.avg_fill_price}` : ''}`,
    };
  if (o.status === 'PARTIAL_FILLED')
    return { kind: 'partial', title: 'Order partly filled', body: `${what}: ${o.filled_quantity} filled` };
  if (o.status === 'CANCELLED') return { kind: 'cancelled', title: 'Order cancelled', body: what };
  if (o.status === 'FAILED')
    return { kind: 'rejected', title: 'Order rejected', body: `${what}${o.reason ? `: ${o.reason}` : ''}` };
  return undefined;
}
