import { Decimal } from '../../../shared/decimal';
import type { AlertCondition } from '../../../shared/ipc/alerts';

/**
 * One alert condition against the newest regular-session price (docs/ui.md "Alerts").
 *
 * Exactly-at-threshold semantics: `above` fires when the price is at or above the threshold,
 * `below` at or below, and `cross` when the price reaches the threshold (equal counts) coming from
 * the other side. A cross needs a side first: the first price seen strictly above or below sets
 * it, so an alert created while the price sits on its level waits for a move away and back.
 * `moveUp`/`moveDown` compare (price − previous close) / previous close × 100 with the percent,
 * at or beyond counting; without a previous close they cannot fire.
 */
export type Side = -1 | 1;

export interface PriceSample {
  price: Decimal;
  preClose?: Decimal;
}

export interface Evaluation {
  fired: boolean;
  /** For `cross`: the side to remember for the next sample. */
  side?: Side;
}

export function evaluateCondition(
  condition: AlertCondition,
  sample: PriceSample,
  side: Side | undefined,
): Evaluation {
  const { price, preClose } = sample;
  switch (condition.kind) {
    case 'above':
      return { fired: price.greaterThanOrEqualTo(condition.price) };
    case 'below':
      return { fired: price.lessThanOrEqualTo(condition.price) };
    case 'cross': {
      const cmp = price.comparedTo(condition.price);
      if (cmp === 0) return { fired: side !== undefined, side };
      const now: Side = cmp > 0 ? 1 : -1;
      return { fired: side !== undefined && side !== now, side: now };
    }
    case 'moveUp':
    case 'moveDown': {
      if (!preClose || preClose.isZero()) return { fired: false };
      const movePercent = price.minus(preClose).dividedBy(preClose).times(100);
      const fired =
        condition.kind === 'moveUp'
          ? movePercent.greaterThanOrEqualTo(condition.percent)
          : movePercent.lessThanOrEqualTo(new Decimal(condition.percent).negated());
      return { fired };
    }
  }
}

/** A decimal string from the quote stream, or undefined when absent or unreadable. */
export function readDecimal(text: string | undefined): Decimal | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const d = new Decimal(text);
    return d.isFinite() ? d : undefined;
  } catch {
    // A malformed figure from the feed is skipped for this sample; the next one is read afresh.
    return undefined;
  }
}
