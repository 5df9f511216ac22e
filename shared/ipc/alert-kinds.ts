/**
 * Alert kinds and their wording, without a schema library: the activity feed on the first screen
 * describes a triggered alert without evaluating zod (docs/ui.md "Start"). shared/ipc/alerts.ts
 * builds the alert schemas from these kinds.
 */
export const ALERT_PRICE_KINDS = ['above', 'below', 'cross'] as const;
export const ALERT_MOVE_KINDS = ['moveUp', 'moveDown'] as const;
export const ALERT_KINDS = [...ALERT_PRICE_KINDS, ...ALERT_MOVE_KINDS] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What describeCondition reads of a condition (alerts.ts's AlertCondition fits it). */
export type DescribedCondition =
  | { kind: (typeof ALERT_PRICE_KINDS)[number]; price: string }
  | { kind: (typeof ALERT_MOVE_KINDS)[number]; percent: string };

/** "above 190.00", "up 2.5 % from the previous close". */
export function describeCondition(c: DescribedCondition): string {
  switch (c.kind) {
    case 'above':
      return `at or above ${c.price}`;
    case 'below':
      return `at or below ${c.price}`;
    case 'cross':
      return `crosses ${c.price}`;
    case 'moveUp':
      return `up ${c.percent} % from previous close`;
    case 'moveDown':
      return `down ${c.percent} % from previous close`;
  }
}
