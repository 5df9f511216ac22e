import { Decimal } from '../../../shared/decimal';
import type { OptionSnapshot } from '../../../shared/openapi/records/market';
import { formatCashFlow, formatMoney, formatMoneyChange, formatPrice } from '../../lib/format';
import { marketNow } from '../../lib/market-now';
import { formatEtLabelled } from '../../lib/time';
import { ticketGreeks } from './greeks';
import { PayoffChart } from './PayoffChart';
import { breakeven, cashFlow, type LegFigures } from './ticket-math';
import type { TicketDraft } from './ticket-model';
import { orderRisk, positionEffect, positionEffectText } from './ticket-position';
import styles from './OptionTicket.module.css';

const DEC = /^\d+(\.\d+)?$/;
const money = (d: Decimal | undefined) => (d === undefined ? 'Unlimited' : formatMoney(d.toFixed(2)));
const fixed = (n: number | undefined, places: number) =>
  n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(places);

/** Years from now (market time) to the 16:00 ET close of the expiry day (approximate: display only). */
function yearsTo(expiry: string): number {
  const ms = Date.parse(`${expiry}T21:00:00Z`) - marketNow();
  return ms / (365 * 24 * 3600 * 1000);
}

/** The contract's live quote, greeks, cost or credit, breakeven, max gain/loss and payoff chart. */
export function TicketSummary(props: {
  contract: string;
  quote: OptionSnapshot | undefined;
  spot: string | undefined;
  draft: TicketDraft;
  premium: string | undefined;
  mid: string | undefined;
  /** What the ticket's account holds of this contract (signed), with its average cost. */
  held: { quantity: Decimal; cost: string } | undefined;
}) {
  const { quote, draft, premium } = props;
  const g = ticketGreeks({
    broker: quote,
    mid: props.mid,
    spot: props.spot,
    strike: draft.strike,
    type: draft.optionType,
    years: yearsTo(draft.expiry),
  });
  const qtyOk = /^\d+$/.test(draft.quantity.trim()) && Number(draft.quantity) > 0;
  const leg: LegFigures | undefined =
    premium && DEC.test(premium) && qtyOk
      ? {
          optionType: draft.optionType,
          side: draft.side,
          strike: draft.strike,
          premium,
          quantity: draft.quantity.trim(),
        }
      : undefined;
  const est = g.estimated ? ' (est.)' : '';
  const flow = leg ? cashFlow(leg) : undefined;
  const effect = qtyOk ? positionEffect(props.held?.quantity, draft.side, draft.quantity.trim()) : undefined;
  const risk = leg && effect ? orderRisk(leg, effect, props.held?.cost) : undefined;
  return (
    <section className={styles.summary} aria-label="Contract">
      <h3>{props.contract}</h3>
      <dl className={styles.quote}>
        <dt>Bid</dt>
        <dd>{formatPrice(quote?.bid)}</dd>
        <dt>Ask</dt>
        <dd>{formatPrice(quote?.ask)}</dd>
        <dt>Last</dt>
        <dd>{formatPrice(quote?.price)}</dd>
        <dt>Updated</dt>
        <dd>{formatEtLabelled(quote?.last_trade_time)}</dd>
        <dt>IV{est}</dt>
        <dd>{g.iv === undefined ? '—' : `${(g.iv * 100).toFixed(1)}%`}</dd>
        <dt>Delta{est}</dt>
        <dd>{fixed(g.delta, 3)}</dd>
        <dt>Gamma{est}</dt>
        <dd>{fixed(g.gamma, 4)}</dd>
        <dt>Theta{est}</dt>
        <dd>{fixed(g.theta, 3)}</dd>
        <dt>Vega{est}</dt>
        <dd>{fixed(g.vega, 3)}</dd>
      </dl>
      {effect && (
        <dl className={styles.figures}>
          <dt>Position</dt>
          <dd>{positionEffectText(effect, draft.side)}</dd>
        </dl>
      )}
      {leg && flow && effect && risk && (
        <>
          <dl className={styles.figures}>
            <dt>Estimated amount</dt>
            <dd>{formatCashFlow(flow.toFixed(2))}</dd>
            {risk.realized && (
              <>
                <dt>Realized P&amp;L (est.)</dt>
                <dd>{formatMoneyChange(risk.realized.toFixed(2))}</dd>
              </>
            )}
            {risk.max ? (
              <>
                <dt>Breakeven</dt>
                <dd>{formatPrice(breakeven(leg).toFixed(2))}</dd>
                <dt>Max gain</dt>
                <dd>{money(risk.max.maxGain)}</dd>
                <dt>Max loss</dt>
                <dd>{money(risk.max.maxLoss)}</dd>
              </>
            ) : (
              <>
                <dt>Max loss</dt>
                <dd>None: it only closes held contracts</dd>
              </>
            )}
          </dl>
          {risk.opening && <PayoffChart leg={risk.opening} spot={props.spot} />}
        </>
      )}
    </section>
  );
}
