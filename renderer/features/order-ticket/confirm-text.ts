import { Decimal } from '../../../shared/decimal';
import { formatMoney } from '../../lib/format';
import { contractText } from '../../../shared/market/contract-name';
import { CONTRACT_MULTIPLIER } from './ticket-math';
import type { OptionOrderType } from '../../../shared/trading';
import type { TicketDraft } from './ticket-model';

/**
 * The order restated in words for the confirmation dialog, e.g.
 * "Buy 2 AAPL 20 Nov 2026 190 Call at a limit of 1.25, good for the day: about $250.00 plus commission.
 * Account: Margin ·· 1234".
 * `premium` is the per-share price the estimate uses (the limit, or the quote for a market order).
 */
export function confirmationText(d: TicketDraft, premium: string | undefined, accountName?: string): string {
  const qty = new Decimal(d.quantity.trim()).toFixed();
  const contract = contractText({
    underlying: d.underlying,
    expiry: d.expiry,
    strike: d.strike,
    optionType: d.optionType,
  });
  const verb = d.side === 'BUY' ? 'Buy' : 'Sell';
  const how = (
    {
      MARKET: 'at the market',
      LIMIT: `at a limit of ${d.limitPrice.trim()}`,
      STOP_LOSS: `with a stop at ${d.stopPrice.trim()}`,
      STOP_LOSS_LIMIT: `with a stop at ${d.stopPrice.trim()} and a limit of ${d.limitPrice.trim()}`,
    } satisfies Record<OptionOrderType, string>
  )[d.orderType];
  const tif = d.timeInForce === 'DAY' ? 'good for the day' : 'good till cancelled';
  let money = '';
  if (premium && /^\d+(\.\d+)?$/.test(premium)) {
    const amount = new Decimal(premium).times(qty).times(CONTRACT_MULTIPLIER).toFixed(2);
    money =
      d.side === 'BUY'
        ? `: about ${formatMoney(amount)} plus commission`
        : `: about ${formatMoney(amount)} received, less commission`;
  }
  // The account is named: the ticket may be on another account than the top bar's.
  return `${verb} ${qty} ${contract} ${how}, ${tif}${money}${accountName ? `. Account: ${accountName}` : ''}`;
}
