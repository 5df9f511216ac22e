import type { ApiErrorShape } from '../../../shared/errors';
import {
  optionOrdersOf,
  optionRulesOf,
  pathSchemeOf,
  REAL_OPTION_RULES,
  type EnvironmentSettings,
  type OptionRules,
} from '../../../shared/environments';
import { customEnvironmentFields } from '../../../shared/ipc/app-types';
import type { z } from 'zod';

/**
 * The environment editor's form model, kept apart from the components so it is unit-tested.
 * Validation uses the very schema main applies to `environments.add/update`
 * (`customEnvironmentFields` = `environmentSettings` minus id/kind, shared/ipc/app-types.ts), so a
 * draft that passes here is one main accepts; main's own INVALID_INPUT is mapped back onto fields.
 */
export type CustomEnvironmentFields = z.output<typeof customEnvironmentFields>;

export interface EnvironmentDraft {
  name: string;
  apiBaseUrl: string;
  quotesUrl: string;
  eventsAddress: string;
  eventsTls: boolean;
  algorithm: EnvironmentSettings['algorithm'];
  xVersion: EnvironmentSettings['xVersion'];
  accountListPath: EnvironmentSettings['accountListPath'];
  pathScheme: 'openapi' | 'v3';
  optionOrders: 'unified' | 'option';
  optionRules: OptionRules;
  signHostWithPort: boolean;
  /** PEM of an extra trusted CA; '' for none. */
  caCertificate: string;
}
type DraftField = keyof EnvironmentDraft;
/** Per-field messages; `form` holds what belongs to no field. */
export type FieldErrors = Partial<Record<DraftField | 'form', string>>;

const DRAFT_FIELDS: readonly DraftField[] = [
  'name',
  'apiBaseUrl',
  'quotesUrl',
  'eventsAddress',
  'eventsTls',
  'algorithm',
  'xVersion',
  'accountListPath',
  'pathScheme',
  'optionOrders',
  'optionRules',
  'signHostWithPort',
  'caCertificate',
];

/** A new custom environment: the real service's defaults (docs/openapi-client.md), hosts left for the user. */
export const EMPTY_DRAFT: EnvironmentDraft = {
  name: '',
  apiBaseUrl: '',
  quotesUrl: '',
  eventsAddress: '',
  eventsTls: true,
  algorithm: 'HMAC-SHA1',
  xVersion: 'v2',
  accountListPath: '/openapi/account/list',
  pathScheme: 'openapi',
  optionOrders: 'unified',
  optionRules: REAL_OPTION_RULES,
  signHostWithPort: true,
  caCertificate: '',
};

export function draftFrom(env: EnvironmentSettings): EnvironmentDraft {
  return {
    name: env.name,
    apiBaseUrl: env.apiBaseUrl,
    quotesUrl: env.quotesUrl,
    eventsAddress: env.eventsAddress,
    eventsTls: env.eventsTls,
    algorithm: env.algorithm,
    xVersion: env.xVersion,
    accountListPath: env.accountListPath,
    pathScheme: pathSchemeOf(env),
    optionOrders: optionOrdersOf(env),
    optionRules: optionRulesOf(env),
    signHostWithPort: env.signHostWithPort,
    caCertificate: env.caCertificate ?? '',
  };
}

function isDraftField(name: string): name is DraftField {
  return (DRAFT_FIELDS as readonly string[]).includes(name);
}

/** Text fields are trimmed: a pasted URL with a trailing space is not a different URL. */
export function validateDraft(
  draft: EnvironmentDraft,
): { ok: true; value: CustomEnvironmentFields } | { ok: false; errors: FieldErrors } {
  const parsed = customEnvironmentFields.safeParse({
    ...draft,
    name: draft.name.trim(),
    apiBaseUrl: draft.apiBaseUrl.trim(),
    quotesUrl: draft.quotesUrl.trim(),
    eventsAddress: draft.eventsAddress.trim(),
    caCertificate: draft.caCertificate.trim(),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const head = String(issue.path[0] ?? '');
    const key = isDraftField(head) ? head : 'form';
    errors[key] ??= friendly(key, issue.message);
  }
  return { ok: false, errors };
}

function friendly(field: DraftField | 'form', message: string): string {
  if (/invalid url/i.test(message)) {
    if (field === 'apiBaseUrl') return 'Enter a full URL, e.g. https://api.webull.com';
    if (field === 'quotesUrl') return 'Enter a full URL, e.g. mqtts://data-api.webull.com:1883';
  }
  if (field === 'name' && /too_small|>=1|at least 1/i.test(message)) return 'Name is required';
  return message;
}

/**
 * Main's INVALID_INPUT names the field path (`Invalid input for environments.add: settings.apiBaseUrl:
 * Invalid URL; …`, shared/ipc/validate.ts): put each issue next to its field, the rest on the form.
 */
export function fieldErrorsFromApi(error: Pick<ApiErrorShape, 'code' | 'message'>): FieldErrors {
  if (error.code !== 'INVALID_INPUT') return { form: `${error.code}: ${error.message}` };
  const body = error.message.replace(/^Invalid input for [^:]+:\s*/, '');
  const errors: FieldErrors = {};
  for (const part of body.split(/;\s*/)) {
    const m = /^([\w.]+|\(input\)):\s*(.+)$/.exec(part);
    const last = m?.[1]?.split('.').pop() ?? '';
    if (m?.[2] && isDraftField(last)) errors[last] ??= m[2];
    else errors.form = errors.form ? `${errors.form}; ${part}` : part;
  }
  return errors;
}

/** Only what changed, for `environments.update` (a smaller patch, and it says what the user did). */
export function patchFrom(
  base: EnvironmentSettings,
  next: CustomEnvironmentFields,
): Partial<CustomEnvironmentFields> {
  const patch: Partial<Record<DraftField, unknown>> = {};
  const was: Record<DraftField, unknown> = {
    ...base,
    pathScheme: pathSchemeOf(base),
    optionOrders: optionOrdersOf(base),
    optionRules: optionRulesOf(base),
  } as never;
  // Compared as text: the option rules are an object.
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const f of DRAFT_FIELDS) if (!same(next[f], was[f])) patch[f] = next[f];
  // A removed CA must travel as '' (main reads it as "none"): an undefined key vanishes over IPC.
  if ('caCertificate' in patch && patch.caCertificate === undefined) patch.caCertificate = '';
  return patch as Partial<CustomEnvironmentFields>;
}
