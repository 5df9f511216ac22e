import { Decimal } from '../../../shared/decimal';
import type { OptionSnapshot } from '../../../shared/openapi/records/market';
import { formatPrice, formatSigned } from '../../lib/format';
import { marketNow } from '../../lib/market-clock';
import { formatEtLabelled } from '../../lib/time';
import { ticketGreeks } from './greeks';
import { PayoffChart } from './PayoffChart';
import { breakeven, cashFlow, maxGainLoss, type LegFigures } from './ticket-math';
import type { TicketDraft } from './ticket-model';
import styles from './OptionTicket.module.css';

const DEC = /^\d+(\.\d+)?$/;
const money = (d: Decimal | undefined) => (d === undefined ? 'Unlimited' : `$${formatPrice(d.toFixed(2))}`);
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
  const max = leg ? maxGainLoss(leg) : undefined;
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
      {leg && flow && max && (
        <>
          <dl className={styles.figures}>
            <dt>{flow.isNegative() ? 'Estimated cost' : 'Estimated credit'}</dt>
            <dd>{formatSigned(flow.toFixed(2))}</dd>
            <dt>Breakeven</dt>
            <dd>{formatPrice(breakeven(leg).toFixed(2))}</dd>
            <dt>Max gain</dt>
            <dd>{money(max.maxGain)}</dd>
            <dt>Max loss</dt>
            <dd>{money(max.maxLoss)}</dd>
          </dl>
          <PayoffChart leg={leg} spot={props.spot} />
        </>
      )}
    </section>
  );
}
