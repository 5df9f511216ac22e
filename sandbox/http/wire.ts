import Decimal from 'decimal.js';
import { sessionAt } from '../../shared/market/calendar';
import type { OperationId } from '../../shared/openapi/operations';
import { compactDateText, isoTimeText } from '../../shared/openapi/readers';
import { SECTOR_PERIODS } from '../../shared/openapi/catalogue/screener-ops';
import { hashText } from '../market/prng';
import { SandboxError } from './route-types';

/**
 * How the sandbox writes its replies (docs/sandbox.md "Wire forms"). `real` (the default) answers as
 * the real service was observed to (docs/openapi-client.md "Reading replies" lists each form and its
 * source); `documented` answers as the interface text idealises it. The routes build one record
 * either way; this module rewrites it, and the errors, on the way out.
 */
export type WireMode = 'real' | 'documented';
export const WIRE_MODES: readonly WireMode[] = ['real', 'documented'];

/** Shares outstanding and trailing yield (percent) of a symbol, for the snapshot's extra fields. */
export type SeedFacts = (
  symbol: string,
) => { sharesOutstanding: number; dividendYieldPct: number } | undefined;

/** The real service's instrument page: fixed at 1,000 rows. */
export const REAL_INSTRUMENT_PAGE = 1_000;

/** A gateway refusal: the real service answers these with `{"error_msg": …}` only. */
export class GatewayError extends SandboxError {
  constructor(message: string) {
    super(404, 'NOT_FOUND', message);
    this.name = 'GatewayError';
  }
}

// ---- replies ----

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

const barsWithIsoTimes = (value: unknown): unknown =>
  isRow(value) && Array.isArray(value.bars)
    ? { ...value, bars: value.bars.map((b: unknown) => (isRow(b) ? { ...b, time: isoTime(b.time) } : b)) }
    : value;
const isoTime = (t: unknown) => (typeof t === 'number' ? isoTimeText(t) : t);

/** `1.78524330946E8`: how the real service writes large capital-flow amounts (Java's Double form). */
function scientificText(text: string): string {
  const d = new Decimal(text);
  if (d.abs().lt(1e7)) return text;
  const [mantissa, exponent] = d.toExponential().split('e');
  return `${mantissa?.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

const CAPITAL_FLOW_AMOUNTS = ['inflow', 'outflow', 'net_flow', 'large_net', 'medium_net', 'small_net'];

export function realReply(op: OperationId, result: unknown, seeds?: SeedFacts): unknown {
  switch (op) {
    case 'bars':
    case 'optionBars':
      return barsWithIsoTimes(result);
    case 'batchBars':
      return Array.isArray(result) ? result.map(barsWithIsoTimes) : result;
    case 'ticks':
    case 'optionTick':
      return isRow(result) && Array.isArray(result.ticks)
        ? {
            ...result,
            ticks: result.ticks.map((t: unknown) =>
              isRow(t) && typeof t.time === 'number' ? { ...t, time: String(t.time) } : t,
            ),
          }
        : result;
    case 'capitalFlow':
      return Array.isArray(result) ? result.map((r: unknown) => (isRow(r) ? capitalFlowRow(r) : r)) : result;
    case 'watchlistCreate':
      return isRow(result) ? { watchlist_id: result.watchlist_id } : result;
    case 'watchlistUpdate':
    case 'watchlistDelete':
    case 'watchlistAdd':
    case 'watchlistRemove':
    case 'watchlistReorder':
      return true;
    case 'orderPlace':
    case 'optionOrderPlace':
      return groupReceipt(result) ?? result;
    case 'snapshot':
      return Array.isArray(result)
        ? result.map((r: unknown) => (isRow(r) ? snapshotRow(r, seeds) : r))
        : result;
    default:
      return result;
  }
}

/**
 * A linked group's placement is answered with the group's ids only (observed); each order is then
 * looked up by its own `client_order_id`.
 */
function groupReceipt(result: unknown): Row | undefined {
  if (!Array.isArray(result) || result.length === 0) return undefined;
  const first: unknown = result[0];
  if (!isRow(first) || typeof first.combo_order_id !== 'string') return undefined;
  return {
    combo_order_id: first.combo_order_id,
    ...(typeof first.client_combo_order_id === 'string'
      ? { client_combo_order_id: first.client_combo_order_id }
      : {}),
  };
}

function capitalFlowRow(r: Row): Row {
  const out: Row = { ...r, date: typeof r.date === 'string' ? compactDateText(r.date) : r.date };
  for (const name of CAPITAL_FLOW_AMOUNTS)
    if (typeof r[name] === 'string') out[name] = scientificText(r[name]);
  return out;
}

/** The undocumented fields the real service adds to every snapshot. */
function snapshotRow(r: Row, seeds?: SeedFacts): Row {
  const out: Row = { ...r, quote_time: r.last_trade_time, list_status: 'LISTED', lot_size: '1' };
  const facts = typeof r.symbol === 'string' ? seeds?.(r.symbol) : undefined;
  if (facts && typeof r.price === 'string') {
    out.total_shares = String(facts.sharesOutstanding);
    out.market_value = new Decimal(r.price).times(facts.sharesOutstanding).toFixed(4);
    out.yield = new Decimal(facts.dividendYieldPct).div(100).toFixed(6);
  }
  return out;
}

/**
 * Instruments: a page of at most 1,000 rows in `{"result": …}` with `pagination_key` (the last
 * row's id, the next request's `last_instrument_id`) only while more follow; one instrument in
 * seven, by id, comes without the four margin ratios.
 */
export function realInstrumentPage(rows: unknown): unknown {
  if (!Array.isArray(rows)) return rows;
  const page = rows.slice(0, REAL_INSTRUMENT_PAGE).map((r: unknown) => (isRow(r) ? withoutMargins(r) : r));
  const last = page.at(-1);
  return rows.length > REAL_INSTRUMENT_PAGE && isRow(last)
    ? { result: page, pagination_key: last.instrument_id }
    : { result: page };
}

const MARGIN_FIELDS = [
  'intraday_margin_long',
  'intraday_margin_short',
  'maintenance_margin_long',
  'maintenance_margin_short',
];
export const lacksMargins = (instrumentId: string) => hashText(`margins:${instrumentId}`) % 7 === 0;

function withoutMargins(r: Row): Row {
  if (typeof r.instrument_id !== 'string' || !lacksMargins(r.instrument_id)) return r;
  const out = { ...r };
  for (const name of MARGIN_FIELDS) delete out[name];
  return out;
}

// ---- checks only the real service makes ----

type Order = { [name: string]: unknown };
const isEquity = (o: Order) => o.instrument_type === 'EQUITY' || (o.instrument_type === undefined && !o.legs);

/**
 * Before validation: the month periods of the sector screener are `MO1` / `MO3`; the other spellings
 * the documented text allows are refused as the real service refuses them.
 */
export function realRawChecks(op: OperationId, raw: Record<string, unknown>): void {
  if (op !== 'marketSectors' && op !== 'marketSectorsDetail') return;
  const period = raw.period;
  // Only the spellings the catalogue takes from callers (`1M`, `3M`); any other bad value is the
  // schema's to refuse, named like every parameter error.
  if (
    typeof period === 'string' &&
    !(SECTOR_PERIODS as readonly string[]).includes(period) &&
    /^\d+M$/.test(period)
  )
    throw new SandboxError(
      417,
      'UNSUPPORTED_PERIOD',
      `The period is not supported by this interface:${String(period)}`,
    );
}

/**
 * After validation: US equity orders need `support_trading_session`, and a DAY order in the CORE
 * session is placed only while the regular session runs (on the sandbox's market clock).
 */
export function realOrderChecks(op: OperationId, params: unknown, marketNow: number): void {
  if (op !== 'orderPlace' && op !== 'orderPreview') return;
  const orders = isRow(params) && Array.isArray(params.new_orders) ? (params.new_orders as Order[]) : [];
  for (const order of orders) {
    if (!isEquity(order)) continue;
    if (order.support_trading_session === undefined) throw paramError('support_trading_session', undefined);
    if (
      op === 'orderPlace' &&
      order.time_in_force === 'DAY' &&
      order.support_trading_session === 'CORE' &&
      sessionAt(marketNow) !== 'RTH'
    )
      throw new SandboxError(
        417,
        'OPENAPI_DAY_ORDER_NOT_ALLOWED_AFT_CORE_TIME_LIMIT',
        'DAY orders in the core session can only be placed during regular trading hours; use GTC',
      );
  }
}

// ---- errors ----

const paramError = (name: string, value: unknown) =>
  new SandboxError(417, 'OPENAPI_PARAM_ERR', `invalid ${name}, value: [${valueText(value)}]`);

function valueText(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value === 'string') return value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** `"MASTER","OTO"`: the roles of the request's orders, as the real refusal quotes them. */
function comboTypes(raw: unknown): string {
  const orders: unknown[] = isRow(raw) && Array.isArray(raw.new_orders) ? raw.new_orders : [];
  return orders.map((o) => JSON.stringify(isRow(o) ? (o.combo_type ?? null) : null)).join(',');
}

/** `new_orders[0].limit_price` → that value of the raw request. */
function valueAt(raw: unknown, path: string): unknown {
  let at: unknown = raw;
  for (const part of path.split(/\.|\[|\]/).filter((p) => p !== '')) {
    if (!isRow(at) && !Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const NAMED = /^Invalid parameter '([^']+)'/;

/**
 * A documented-form rejection in the real service's form: parameter errors are 417
 * `OPENAPI_PARAM_ERR` (`UNSUPPORTED_CATEGORY`, `UNSUPPORTED_PERIOD` for those two), an unknown
 * account 403 `ACCOUNT_ACCESS_DENIED`, a missing app key 401 `MISSING_APP_KEY`, an unknown key or an
 * unrouted path the gateway's 404.
 */
export function realError(error: SandboxError, raw: unknown): SandboxError {
  if (error instanceof GatewayError) return error;
  if (error.status === 405) return new GatewayError('Route Not Found');
  if (error.code === 'UNKNOWN_APP_KEY') return new GatewayError('Route Not Found');
  if (error.code === 'MISSING_HEADER' && /x-app-key/i.test(error.message))
    return new SandboxError(401, 'MISSING_APP_KEY', 'missing app key', error.headers);
  if (error.code !== 'INVALID_PARAMETER') return error;
  const name = NAMED.exec(error.message)?.[1];
  if (name === undefined) return new SandboxError(417, 'OPENAPI_PARAM_ERR', error.message, error.headers);
  // A refused group names the roles of all its orders, as the real service does (`["MASTER","OTO"]`).
  const value = name === 'combo_type' ? comboTypes(raw) : valueAt(raw, name);
  if (name === 'account_id' && /unknown account/.test(error.message))
    return new SandboxError(403, 'ACCOUNT_ACCESS_DENIED', `account access denied: ${valueText(value)}`);
  if (name === 'category')
    return new SandboxError(
      417,
      'UNSUPPORTED_CATEGORY',
      `The category is not supported by this interface:${valueText(value)}`,
    );
  if (name === 'period')
    return new SandboxError(
      417,
      'UNSUPPORTED_PERIOD',
      `The period is not supported by this interface:${valueText(value)}`,
    );
  const e = paramError(name, value);
  return new SandboxError(e.status, e.code, e.message, error.headers);
}

/** The reply body of an error in the real form: market data adds `status` to the body. */
export function realErrorBody(error: SandboxError, marketData: boolean): Record<string, unknown> {
  if (error instanceof GatewayError) return { error_msg: error.message };
  const body: Record<string, unknown> = { error_code: error.code, message: error.message };
  if (marketData) body.status = error.status;
  return body;
}
