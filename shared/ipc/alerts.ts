import { z } from 'zod';
import { Decimal } from '../decimal';
import { category, symbol } from '../openapi/primitives';
import { ALERT_MOVE_KINDS, ALERT_PRICE_KINDS } from './alert-kinds';

/**
 * Price alerts (docs/ui.md "Alerts"): declared once here, evaluated in main on the live quote
 * stream, persisted in the user-data folder. Prices and percents are decimal strings, compared
 * with decimal.js (never floats).
 */

const DECIMAL_TEXT = /^\d{1,12}(\.\d{1,8})?$/;

/** A positive decimal string such as `189.5` or `2`. */
const positiveDecimal = (what: string) =>
  z
    .string()
    .trim()
    .regex(DECIMAL_TEXT, `expected a ${what} such as 189.50`)
    .refine((s) => !DECIMAL_TEXT.test(s) || new Decimal(s).greaterThan(0), `${what} must be above 0`);

// The plain kinds and wording live in alert-kinds.ts, which the renderer's first screen (the
// activity feed) reads without zod (docs/ui.md "Start").
export { ALERT_KINDS, ALERT_MOVE_KINDS, describeCondition, type AlertKind } from './alert-kinds';

/**
 * above: the last price is at or above `price`; below: at or below; cross: the price reaches
 * `price` coming from the other side. moveUp / moveDown: the last price is at least `percent` %
 * above / below the previous close.
 */
export const alertCondition = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(ALERT_PRICE_KINDS), price: positiveDecimal('price') }).strict(),
  z
    .object({
      kind: z.enum(ALERT_MOVE_KINDS),
      percent: positiveDecimal('percent').refine(
        (s) => !DECIMAL_TEXT.test(s) || new Decimal(s).lessThanOrEqualTo(1000),
        {
          message: 'percent must be at most 1000',
        },
      ),
    })
    .strict(),
]);
export type AlertCondition = z.output<typeof alertCondition>;

const ALERT_STATUSES = ['armed', 'triggered'] as const;

const note = z.string().trim().max(200, 'at most 200 characters');

export const priceAlertSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** The environment the alert was set in: it is only watched while that environment is active. */
  environmentId: z.string().min(1),
  symbol,
  category,
  condition: alertCondition,
  note: note.optional(),
  status: z.enum(ALERT_STATUSES),
  /** Unix ms. */
  createdAt: z.number().int().nonnegative(),
  triggeredAt: z.number().int().nonnegative().optional(),
  /** The last price that fired it (decimal string). */
  triggerPrice: z.string().optional(),
});
export type PriceAlert = z.output<typeof priceAlertSchema>;

export const createAlertInput = z
  .object({
    symbol,
    category: category.default('US_STOCK'),
    condition: alertCondition,
    note: note.optional(),
  })
  .strict();

/** Edit an alert; its status is kept (re-arming is its own request). */
export const updateAlertInput = z
  .object({
    id: priceAlertSchema.shape.id,
    symbol: symbol.optional(),
    category: category.optional(),
    condition: alertCondition.optional(),
    note: note.optional(),
  })
  .strict();

export const alertRef = z.object({ id: priceAlertSchema.shape.id }).strict();

/** What `alerts.list` answers and the `alerts` stream pushes: the active environment's alerts. */
export interface AlertsState {
  environmentId: string;
  alerts: PriceAlert[];
}
