import type { OperationId } from '../../shared/openapi/operations';
import { SandboxError } from './route-types';

/**
 * What an app key is entitled to (docs/sandbox.md "Entitlements"). The real service refuses a quote
 * product the key has no subscription for with 403 `MARKET_DATA_NOT_SUBSCRIBED` naming the product,
 * and an account the key may not act on with 403 `ACCOUNT_ACCESS_DENIED`. A key the sandbox was
 * given no entitlements for is entitled to everything, as is a field left out.
 */
export interface Entitlements {
  /** The quote products the key subscribes to. Absent: every product. */
  marketData?: readonly MarketDataProduct[];
  /** The accounts the key may act on. Absent: every account. */
  accounts?: readonly string[];
}

/** The quote products the sandbox sells: US stocks and ETFs, OPRA options, and the overnight session. */
type MarketDataProduct = 'US_STOCK_QUOTES' | 'US_OPTION_QUOTES' | 'NIGHT_TRADING_QUOTES';

/** How the refusal names each product, in the observed message form (test/fixtures/wire/observed/error-not-subscribed.json). */
const PRODUCT_NAMES: Record<MarketDataProduct, string> = {
  US_STOCK_QUOTES: 'US STOCK QUOTES',
  US_OPTION_QUOTES: 'OPRA OPTION QUOTES',
  NIGHT_TRADING_QUOTES: 'NIGHT TRADING STOCK QUOTES',
};

const STOCK_QUOTE_OPS = new Set<OperationId>(['snapshot', 'quotes', 'ticks', 'bars', 'batchBars']);
const OPTION_QUOTE_OPS = new Set<OperationId>(['optionSnapshot', 'optionBars', 'optionTick']);

type Params = Record<string, unknown>;
const isTrue = (v: unknown) => v === true || v === 'true';

/** The quote products one request draws on: none for screeners, fundamentals, watchlists, trading. */
function productsOf(op: OperationId, raw: Params): MarketDataProduct[] {
  const streamed = op === 'streamingSubscribe';
  if (!streamed && !STOCK_QUOTE_OPS.has(op) && !OPTION_QUOTE_OPS.has(op)) return [];
  const option = OPTION_QUOTE_OPS.has(op) || (streamed && raw.category === 'US_OPTION');
  const out: MarketDataProduct[] = [option ? 'US_OPTION_QUOTES' : 'US_STOCK_QUOTES'];
  if (isTrue(raw.overnight_required)) out.push('NIGHT_TRADING_QUOTES');
  return out;
}

/** Throws the real service's 403 when `appKey` lacks what this request needs. */
export function checkEntitlements(
  entitlements: ReadonlyMap<string, Entitlements> | undefined,
  appKey: string,
  op: OperationId,
  raw: Params,
): void {
  const granted = entitlements?.get(appKey);
  if (!granted) return;
  if (granted.marketData) {
    const missing = productsOf(op, raw).find((p) => !granted.marketData?.includes(p));
    if (missing)
      throw new SandboxError(
        403,
        'MARKET_DATA_NOT_SUBSCRIBED',
        `Insufficient permission, please subscribe to ${PRODUCT_NAMES[missing]}.`,
      );
  }
  const account = raw.account_id;
  if (granted.accounts && typeof account === 'string' && !granted.accounts.includes(account))
    throw new SandboxError(403, 'ACCOUNT_ACCESS_DENIED', `account access denied: ${account}`);
}
