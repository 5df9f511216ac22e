import {
  ALERT_MOVE_KINDS,
  createAlertInput,
  type AlertCondition,
  type AlertKind,
  type PriceAlert,
} from '../../../shared/ipc/contract';
import type { Category } from '../../../shared/openapi/primitives';

/** What the Alerts form edits: text as typed, checked with the contract's own schema. */
export interface AlertFormValues {
  symbol: string;
  category: Category;
  kind: AlertKind;
  value: string;
  note: string;
}
export type AlertFormField = 'symbol' | 'category' | 'kind' | 'value' | 'note';
export type AlertFormErrors = Partial<Record<AlertFormField, string>>;

export const EMPTY_FORM: AlertFormValues = {
  symbol: '',
  category: 'US_STOCK',
  kind: 'above',
  value: '',
  note: '',
};

export const KIND_LABELS: Record<AlertKind, string> = {
  above: 'Price at or above',
  below: 'Price at or below',
  cross: 'Price crosses',
  moveUp: 'Up % from previous close',
  moveDown: 'Down % from previous close',
};

export const isMoveKind = (kind: AlertKind) => (ALERT_MOVE_KINDS as readonly string[]).includes(kind);

function conditionOf(kind: AlertKind, value: string): AlertCondition {
  return (isMoveKind(kind) ? { kind, percent: value } : { kind, price: value }) as AlertCondition;
}

export function formFromAlert(a: PriceAlert): AlertFormValues {
  const c = a.condition;
  return {
    symbol: a.symbol,
    category: a.category,
    kind: c.kind,
    value: 'price' in c ? c.price : c.percent,
    note: a.note ?? '',
  };
}

/** The form field a contract path (from zod or main's INVALID_INPUT `field`) belongs to. */
export function fieldOfPath(path: string): AlertFormField | undefined {
  if (path === 'symbol' || path === 'category' || path === 'note') return path;
  if (path === 'condition.kind') return 'kind';
  if (path.startsWith('condition')) return 'value';
  return undefined;
}

export type ParsedForm =
  | { ok: true; input: { symbol: string; category: Category; condition: AlertCondition; note?: string } }
  | { ok: false; errors: AlertFormErrors };

/** Checks the form with `createAlertInput`, so the renderer and main agree on every rule. */
export function parseAlertForm(v: AlertFormValues): ParsedForm {
  const parsed = createAlertInput.safeParse({
    symbol: v.symbol.trim().toUpperCase(),
    category: v.category,
    condition: conditionOf(v.kind, v.value.trim()),
    ...(v.note.trim() ? { note: v.note } : {}),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: AlertFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path.map(String).join('.')) ?? 'value';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
