import type { Decimal } from '../../../shared/decimal';
import type { OrderRecord } from '../../../shared/openapi/records/orders';
import type { PlaceCall, ReversePlan } from './hotkey-orders';

/**
 * How long the first order of a reverse may take to fill before the second is given up: a market
 * order in the regular session fills at once or within a few passes of the book; one that has not
 * filled in this time is not going to be followed by an order the trader can no longer foresee.
 */
export const REVERSE_FILL_BOUND_MS = 10_000;

/** How the first order ended, as the trade events (or a read at the bound) told it. */
export interface OrderEnd {
  /** The order's newest record; absent when nothing was heard of it. */
  order?: OrderRecord;
  /** The bound passed before the order reached a final status. */
  timedOut: boolean;
}

export interface ReverseDeps {
  /**
   * Starts following one order before it is placed, so no event about it is missed: `ended`
   * resolves at its final status (FILLED, CANCELLED, FAILED) or when the bound passes.
   */
  follow(clientOrderId: string): { ended: Promise<OrderEnd>; stop(): void };
  /** Places one order through main (its guards and confirmations); throws when it is not placed. */
  place(call: PlaceCall): Promise<void>;
  /** The symbol's shares held now (negative: short), read fresh from the broker. */
  position(): Promise<Decimal>;
  tell(kind: 'info' | 'success' | 'error', title: string, description: string): void;
  errorText(error: unknown): string;
}

export type ReverseOutcome =
  'reversed' | 'flattened' | 'first-not-placed' | 'first-not-filled' | 'not-flat' | 'second-not-placed';

const idOf = (call: PlaceCall) => call.input.new_orders[0]?.client_order_id ?? '';

/** "flat", "long 10 AAPL", "short 10 AAPL". */
function positionText(held: Decimal, symbol: string): string {
  if (held.isZero()) return 'flat';
  return `${held.isPositive() ? 'long' : 'short'} ${held.abs().toString()} ${symbol}`;
}

/** What became of an order that did not fill, in words. */
function unfilledText(what: string, end: OrderEnd): string {
  const o = end.order;
  const filled = o ? `${o.filled_quantity} of ${o.quantity} filled` : 'no fill heard of';
  const why = o?.reason ? ` (${o.reason})` : '';
  if (end.timedOut || !o) {
    const state = o ? `, ${o.status.toLowerCase().replace(/_/g, ' ')}` : '';
    return `${what} did not fill within ${REVERSE_FILL_BOUND_MS / 1000} s (${filled}${state}); it may still be working`;
  }
  const ended = o.status === 'FAILED' ? 'was rejected' : 'was cancelled';
  return `${what} ${ended}${why}, ${filled}`;
}

/**
 * A reverse, one step after another: the first order (close), then, only once it has filled and
 * the position reads flat, the second (open the other way). Every way it can stop short — the
 * first not placed, not filled (refused, cancelled, partly filled, nothing within the bound), the
 * position not flat, the second not placed — sends nothing more and tells the trader what happened
 * and what the position is now.
 */
export async function runReverse(
  plan: ReversePlan,
  symbol: string,
  deps: ReverseDeps,
): Promise<ReverseOutcome> {
  const positionNow = async () => {
    try {
      return positionText(await deps.position(), symbol);
    } catch (error) {
      return `not known (${deps.errorText(error)})`;
    }
  };
  const first = plan.first.what;
  const next = plan.second ? `${plan.second.what} was not sent` : 'Nothing else was sent';
  const watch = deps.follow(idOf(plan.first));
  try {
    try {
      await deps.place(plan.first);
    } catch (error) {
      deps.tell(
        'error',
        `Reverse stopped: ${first} not placed`,
        `${deps.errorText(error)}. ${next}. Position: ${await positionNow()}.`,
      );
      return 'first-not-placed';
    }
    deps.tell(
      'info',
      `Reverse: ${first} sent`,
      plan.second
        ? `${plan.second.what} follows once it has filled.`
        : `${plan.flattenOnly ?? 'No short sale'}: flattening only.`,
    );
    const end = await watch.ended;
    if (end.timedOut || end.order?.status !== 'FILLED') {
      deps.tell(
        'error',
        'Reverse stopped',
        `${unfilledText(first, end)}. ${next}. Position: ${await positionNow()}.`,
      );
      return 'first-not-filled';
    }
  } finally {
    watch.stop();
  }
  let held: Decimal;
  try {
    held = await deps.position();
  } catch (error) {
    deps.tell(
      'error',
      'Reverse stopped',
      `${first} filled, but the position could not be read (${deps.errorText(error)}). ${next}.`,
    );
    return 'not-flat';
  }
  if (!held.isZero()) {
    deps.tell(
      'error',
      'Reverse stopped',
      `${first} filled, but the position reads ${positionText(held, symbol)}, not flat. ${next}.`,
    );
    return 'not-flat';
  }
  if (!plan.second) {
    deps.tell('success', `Flattened ${symbol}`, `${plan.flattenOnly ?? ''}: flattened only. Position: flat.`);
    return 'flattened';
  }
  try {
    await deps.place(plan.second);
  } catch (error) {
    deps.tell(
      'error',
      `Reverse stopped at flat: ${plan.second.what} not placed`,
      `${deps.errorText(error)}. ${first} filled. Position: flat.`,
    );
    return 'second-not-placed';
  }
  deps.tell('success', `Reverse: ${plan.second.what} sent`, `${first} filled; the position was flat.`);
  return 'reversed';
}
