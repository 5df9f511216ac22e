import type { GroupKind, OrderType, Side, TrailingType } from '../../../shared/trading';

/** The linked order a ticket places (shared/trading/groups.ts), or none. */
export type LinkedChoice = 'NONE' | GroupKind;

/** A contingent order of an OTO, OCO or OTOCO: its own side, type and prices; the entry's size, time in force and session. */
export interface LegDraft {
  side: Side;
  orderType: OrderType;
  limitPrice: string;
  stopPrice: string;
  trailingType: TrailingType;
  trailingStep: string;
}
export const LEG_FIELDS = ['side', 'orderType', 'limitPrice', 'stopPrice', 'trailingStep'] as const;
export type LegFieldName = (typeof LEG_FIELDS)[number];
export type LegIndex = 0 | 1;
/** A contingent order's field as the ticket names it: `leg0.limitPrice`. */
export type LegField = `leg${LegIndex}.${LegFieldName}`;
export const legField = (i: LegIndex, f: LegFieldName): LegField => `leg${i}.${f}`;

export const EMPTY_LEG: LegDraft = {
  side: 'SELL',
  orderType: 'LIMIT',
  limitPrice: '',
  stopPrice: '',
  trailingType: 'AMOUNT',
  trailingStep: '',
};
