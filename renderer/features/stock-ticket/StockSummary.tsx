import { Decimal } from '../../../shared/decimal';
import { sharesForAmount } from '../../../shared/trading';
import { formatCashFlow, formatPrice } from '../../lib/format';
import type { StockDraft } from './stock-draft';
import styles from './StockTicket.module.css';

const DEC = /^\d+(\.\d+)?$/;
/** Prices below $1 carry four places (the sub-penny tick); others two. */
const price = (p: string | undefined) => formatPrice(p, p && DEC.test(p) && new Decimal(p).lt(1) ? 4 : 2);

/** The live bid, ask and last of the ticket's symbol (the stream, one price per symbol everywhere). */
export function StockQuote({ bid, ask, last }: { bid?: string; ask?: string; last?: string }) {
  return (
    <dl className={styles.quote} aria-label="Market">
      <dt>Bid</dt>
      <dd>{price(bid)}</dd>
      <dt>Ask</dt>
      <dd>{price(ask)}</dd>
      <dt>Last</dt>
      <dd>{price(last)}</dd>
    </dl>
  );
}

/** What the order does to what is held: "Opens 10 long", "Closes 5 of 10 held (long)". */
function positionText(side: StockDraft['side'], qty: Decimal, held: Decimal): string {
  if (side === 'SELL') return `Closes ${qty.toFixed()} of ${held.toFixed()} held (long)`;
  if (side === 'SHORT') return `Opens ${qty.toFixed()} short`;
  if (held.isNegative()) {
    const covering = Decimal.min(qty, held.abs());
    const rest = qty.minus(covering);
    return `Covers ${covering.toFixed()} of ${held.abs().toFixed()} short${rest.gt(0) ? `, opens ${rest.toFixed()} long` : ''}`;
  }
  return held.gt(0)
    ? `Adds ${qty.toFixed()} to ${held.toFixed()} held (long)`
    : `Opens ${qty.toFixed()} long`;
}

/** The order's figures before the broker's preview: its amount at the reference price, and its effect on the position. */
export function StockFigures(props: {
  draft: StockDraft;
  price: Decimal | undefined;
  held: Decimal | undefined;
  /** The broker's preview is shown with its own estimate: this one then steps aside. */
  previewed: boolean;
}) {
  const { draft: d, price: p, held } = props;
  const dollars = d.sizing === 'DOLLARS';
  const q = d.quantity.trim();
  const qty = !dollars && DEC.test(q) && new Decimal(q).gt(0) ? new Decimal(q) : undefined;
  const amount = dollars
    ? DEC.test(d.amount.trim())
      ? new Decimal(d.amount.trim())
      : undefined
    : qty && p
      ? qty.times(p)
      : undefined;
  // Signed from the account's side: a buy is a debit, a sale a credit (renderer/lib/format.ts).
  const cash = amount && (d.side === 'BUY' ? amount.negated() : amount);
  return (
    <dl className={styles.figures} aria-label="Order">
      {!props.previewed && (
        <>
          <dt>Estimated amount</dt>
          <dd>{cash ? formatCashFlow(cash.toFixed(2)) : '—'}</dd>
        </>
      )}
      {dollars && p?.gt(0) && amount && (
        <>
          {/* What the amount buys at the live price: the broker sizes it at the fill. */}
          <dt>Estimated shares</dt>
          <dd>{sharesForAmount(amount, p).toFixed()}</dd>
        </>
      )}
      {qty && held !== undefined && (
        <>
          <dt>Position</dt>
          <dd>{positionText(d.side, qty, held)}</dd>
        </>
      )}
    </dl>
  );
}
