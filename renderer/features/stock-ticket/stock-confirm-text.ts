import { Decimal } from '../../../shared/decimal';
import { sharesForAmount } from '../../../shared/trading';
import { formatMoney } from '../../lib/format';
import type { StockDraft } from './stock-draft';

const VERB: Record<StockDraft['side'], string> = { BUY: 'Buy', SELL: 'Sell', SHORT: 'Sell short' };
const SESSION: Record<StockDraft['session'], string> = {
  CORE: 'regular session only',
  ALL: 'regular and extended hours',
  NIGHT: 'overnight session only',
  ALL_DAY: 'every session, overnight included',
};

const shares = (q: string) => `${q} ${new Decimal(q).eq(1) ? 'share' : 'shares'}`;

/** How the entry is priced, in words: "at a limit of 190.00", "with a stop trailing 2 % above the market". */
function pricedText(d: StockDraft): string {
  const trailBy =
    d.trailingType === 'PERCENTAGE' ? `${d.trailingStep.trim()} %` : `$${d.trailingStep.trim()}`;
  return {
    MARKET: 'at the market',
    LIMIT: `at a limit of ${d.limitPrice.trim()}`,
    STOP_LOSS: `with a stop at ${d.stopPrice.trim()}`,
    STOP_LOSS_LIMIT: `with a stop at ${d.stopPrice.trim()} and a limit of ${d.limitPrice.trim()}`,
    TRAILING_STOP_LOSS: `with a stop trailing ${trailBy} ${d.side === 'BUY' ? 'above' : 'below'} the market`,
  }[d.orderType];
}

/**
 * The order restated in words for the confirmation dialog, naming the account (the ticket may be
 * on another account than the top bar's), e.g. "Sell short 10 shares of AAPL at a limit of 190.00,
 * good for the day, regular session only: about $1,900.00 received, less commission. Account: Margin ·· 1234".
 * `price` is the per-share price the estimate uses (the limit, or the quote for another order type).
 */
export function stockConfirmationText(
  d: StockDraft,
  price: Decimal | undefined,
  accountName: string,
): string {
  const dollars = d.sizing === 'DOLLARS';
  // An order by amount buys what its dollars buy at the fill: the shares are an estimate, so "about".
  const about =
    dollars && price?.gt(0)
      ? ` (about ${shares(sharesForAmount(d.amount.trim(), price).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed())})`
      : '';
  const what = dollars
    ? `${formatMoney(new Decimal(d.amount.trim()).toFixed(2))} of ${d.symbol} at market${about}`
    : `${shares(new Decimal(d.quantity.trim()).toFixed())} of ${d.symbol}`;
  const tif = d.timeInForce === 'DAY' ? 'good for the day' : 'good till cancelled';
  let money = '';
  if (!dollars && price) {
    const amount = formatMoney(price.times(d.quantity.trim()).toFixed(2));
    money =
      d.side === 'BUY' ? `: about ${amount} plus commission` : `: about ${amount} received, less commission`;
  }
  const exits: string[] = [];
  if (d.bracket) {
    const out = d.side === 'BUY' ? 'sell' : 'buy back';
    const q = new Decimal(d.quantity.trim()).toFixed();
    if (d.takeProfit.trim()) exits.push(`take-profit: ${out} ${q} at a limit of ${d.takeProfit.trim()}`);
    if (d.stopLoss.trim()) exits.push(`stop-loss: ${out} ${q} with a stop at ${d.stopLoss.trim()}`);
  }
  const bracket = exits.length
    ? `. Bracket, once it fills (one exit cancels the other): ${exits.join('; ')}`
    : '';
  return `${VERB[d.side]} ${what}${dollars ? '' : ` ${pricedText(d)}`}, ${tif}, ${SESSION[d.session]}${money}${bracket}. Account: ${accountName}`;
}
